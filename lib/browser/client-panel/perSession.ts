/** A Zustand slice keyed by session id: every client panel keeps its state per session. */
import { create } from 'zustand';

export interface PerSession<S> {
  bySession: Record<string, S>;
  get(sessionId: string): S;
  patch(sessionId: string, p: Partial<S> | ((s: S) => Partial<S>)): void;
}

export function createPerSession<S>(initial: () => S) {
  // One shared initial value: selectors must return the same object for an unknown session, or
  // React sees a new snapshot on every read and renders forever.
  const fresh = initial();
  return create<PerSession<S>>()((set, get) => ({
    bySession: {},
    get: (id) => get().bySession[id] ?? fresh,
    patch: (id, p) =>
      set((s) => {
        const cur = s.bySession[id] ?? initial();
        const next = typeof p === 'function' ? p(cur) : p;
        return { bySession: { ...s.bySession, [id]: { ...cur, ...next } } };
      }),
  }));
}
