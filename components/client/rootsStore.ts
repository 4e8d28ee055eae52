/**
 * The roots the page offers a server (client/roots), kept per connection in localStorage so they
 * survive reloads and new sessions. `roots/list` is always answered from this list; a change is
 * announced with `notifications/roots/list_changed` when the session declared `roots.listChanged`.
 */
import { create } from 'zustand';
import { useLoupe } from '../../lib/browser/store';
import { browserStorage, notifyServer } from './request';

export interface Root {
  uri: string;
  name?: string;
}

const key = (connectionId: string) => `loupe.roots:${connectionId}`;

/** Lists read from storage, cached so a selector gets the same array on every read. */
const loaded = new Map<string, Root[]>();

function load(connectionId: string): Root[] {
  const cached = loaded.get(connectionId);
  if (cached) return cached;
  const roots = read(connectionId);
  loaded.set(connectionId, roots);
  return roots;
}

function read(connectionId: string): Root[] {
  try {
    const v: unknown = JSON.parse(browserStorage()?.getItem(key(connectionId)) ?? '[]');
    return Array.isArray(v) ? v.filter((r): r is Root => typeof r === 'object' && r !== null && typeof (r as Root).uri === 'string') : [];
  } catch {
    return [];
  }
}

interface RootsStore {
  byConnection: Record<string, Root[]>;
  roots(connectionId: string): Root[];
  setRoots(connectionId: string, roots: Root[]): void;
}

export const useRoots = create<RootsStore>()((set, get) => ({
  byConnection: {},
  roots: (id) => get().byConnection[id] ?? load(id),
  setRoots: (id, roots) => {
    set((s) => ({ byConnection: { ...s.byConnection, [id]: roots } }));
    try {
      browserStorage()?.setItem(key(id), JSON.stringify(roots));
    } catch {
      // Storage full: the list still holds for this page.
    }
  },
}));

/** The answer to `roots/list`: names are omitted when empty, as the schema makes them optional. */
export function rootsResult(roots: Root[]): Record<string, unknown> {
  return { roots: roots.map((r) => (r.name ? { uri: r.uri, name: r.name } : { uri: r.uri })) };
}

/** Saves the list and tells every ready session of that connection that declared listChanged. */
export async function changeRoots(connectionId: string, roots: Root[]): Promise<void> {
  useRoots.getState().setRoots(connectionId, roots);
  const sessions = useLoupe.getState().sessions.filter((s) => s.connectionId === connectionId && s.status === 'ready');
  for (const s of sessions) {
    const caps = s.clientCapabilities as { roots?: { listChanged?: unknown } } | undefined;
    if (caps?.roots?.listChanged === true) await notifyServer(s.id, 'notifications/roots/list_changed');
  }
}
