/**
 * The roots a person offers a server (client/roots), kept per connection in localStorage so that
 * every new session of the connection starts with them. Each session holds its own copy in the
 * proxy and answers `roots/list` from it; an edit here updates every live session of the
 * connection, which announces it with `notifications/roots/list_changed` when it declared so.
 */
import type { Root } from '../../wire/client-state';
import { setSessionRoots } from '../actions';
import { useLoupe } from '../store';
import { browserStorage } from './storage';

export type { Root };

const key = (connectionId: string) => `loupe.roots:${connectionId}`;

/** The roots saved for a connection (none when storage is empty, refused or corrupt). */
export function savedRoots(connectionId: string): Root[] {
  try {
    const v: unknown = JSON.parse(browserStorage()?.getItem(key(connectionId)) ?? '[]');
    return Array.isArray(v) ? v.filter((r): r is Root => typeof r === 'object' && r !== null && typeof (r as Root).uri === 'string') : [];
  } catch {
    return [];
  }
}

/** Saves the list for the connection and sets it in each of its sessions still running. */
export async function changeRoots(connectionId: string, roots: Root[]): Promise<void> {
  try {
    browserStorage()?.setItem(key(connectionId), JSON.stringify(roots));
  } catch {
    // Storage full or refused: the running sessions still get the list.
  }
  const live = useLoupe
    .getState()
    .sessions.filter((s) => s.connectionId === connectionId && s.client !== false && !['closed', 'failed', 'closing'].includes(s.status));
  await Promise.all(live.map((s) => setSessionRoots(s.id, roots)));
}
