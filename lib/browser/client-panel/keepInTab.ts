/**
 * Keeps a per-session store in this browser tab's sessionStorage, so a reload brings it back as it
 * was (like the open session tabs and the token: another browser tab starts afresh).
 */
import type { StoreApi, UseBoundStore } from 'zustand';
import type { PerSession } from './perSession';

function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** Restores what `key` holds (each entry checked by `parse`; a damaged one is dropped), then
 *  saves every change. Called once the page runs, not at build time. */
export function keepInTab<S>(store: UseBoundStore<StoreApi<PerSession<S>>>, key: string, parse: (v: unknown) => S | undefined): void {
  const restored: Record<string, S> = {};
  try {
    const saved = JSON.parse(tabStorage()?.getItem(key) ?? '{}') as Record<string, unknown>;
    for (const [id, v] of Object.entries(saved ?? {})) {
      const s = parse(v);
      if (s !== undefined) restored[id] = s;
    }
  } catch {
    // A damaged entry is not worth an error: start afresh.
  }
  store.setState({ bySession: { ...restored, ...store.getState().bySession } });
  store.subscribe((s) => {
    try {
      tabStorage()?.setItem(key, JSON.stringify(s.bySession));
    } catch {
      // Storage full or refused: the state simply starts afresh after a reload.
    }
  });
}
