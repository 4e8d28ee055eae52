/**
 * The client panel's count of `notifications/resources/updated` per URI. A server may name a new
 * URI in every notification, so the map is bounded: past MAX_UPDATED_URIS the URI updated longest
 * ago makes room (its notifications stay in the trace; only the panel's count forgets it).
 */
import type { ClientState } from '../../../lib/wire/client-state';

export const MAX_UPDATED_URIS = 500;

type Updates = ClientState['resourceUpdates'];

export function countUpdate(updates: Updates, uri: string, seq: number): Updates {
  const next: Updates = { ...updates, [uri]: { count: (updates[uri]?.count ?? 0) + 1, lastSeq: seq } };
  if (uri in updates) return next;
  const uris = Object.keys(next);
  if (uris.length <= MAX_UPDATED_URIS) return next;
  let oldest = uris[0];
  for (const u of uris) if (next[u].lastSeq < next[oldest].lastSeq) oldest = u;
  delete next[oldest];
  return next;
}
