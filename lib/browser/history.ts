/**
 * The page's side of History (lib/wire/history.ts): asks the proxy for its stored sessions, for one
 * as a trace (to open read-only, or redacted to save as a file), or to delete one.
 */
import type { StoredSessionEntry } from '../wire/history';
import type { ExportRedact } from '../wire/trace-export';
import { getSocket } from './socket';

export async function listStoredSessions(): Promise<StoredSessionEntry[]> {
  const reply = await getSocket().call({ type: 'history/list' });
  if (reply.type !== 'history/listed') throw new Error(`the proxy answered history/list with ${reply.type}`);
  return reply.sessions;
}

/** The stored session as a Loupe trace (NDJSON): every frame as recorded, or redacted for a file. */
export async function storedSessionTrace(id: string, redact?: ExportRedact): Promise<{ text: string; redacted?: number }> {
  const reply = await getSocket().call(redact === undefined ? { type: 'history/open', id } : { type: 'history/export', id, redact });
  if (reply.type !== 'history/trace') throw new Error(`the proxy answered with ${reply.type}, not a trace`);
  return { text: reply.text, redacted: reply.redacted };
}

export async function deleteStoredSession(id: string): Promise<void> {
  await getSocket().call({ type: 'history/delete', id });
}
