/**
 * The page's side of History (lib/wire/history.ts): asks the proxy for its stored sessions, for one
 * as a trace (to open read-only, or redacted to save as a file), or to delete one. A trace comes
 * in pieces of whole lines: opening reads each into the trace as it arrives, exporting keeps them
 * as the parts of one file, so no message and no string holds the whole session.
 */
import type { StoredSessionEntry } from '../wire/history';
import type { ExportRedact } from '../wire/trace-export';
import type { Trace } from '../trace/format';
import { TraceReader } from '../trace/reader';
import { getSocket, type PageRequest } from './socket';

/**
 * The longest stored session History opens whole: every frame in the page's memory with its model
 * and analysis (the page bench opens and scrolls 100,000). The same bound as the one under which a
 * stored session's findings are judged when its writer closes it (COUNT_UP_TO_FRAMES in
 * proxy/store/findings.ts). Past it a session is browsed a window at a time
 * (lib/browser/stored-window.ts) or exported; its findings are judged later, on demand, by the
 * proxy (in a worker thread, once History lists it or Browse opens it), and its entry says
 * `judging` meanwhile.
 */
export const OPEN_FRAME_LIMIT = 250_000;

/**
 * While a stored session's findings are being judged (just closed, or a long one judged on demand),
 * the page reads the list (or the findings) again this often: the proxy does not tell the page
 * when it is done, and a read costs one message, so the counts show without a reload.
 */
export const JUDGING_POLL_MS = 2000;

export async function listStoredSessions(): Promise<StoredSessionEntry[]> {
  const reply = await getSocket().call({ type: 'history/list' });
  if (reply.type !== 'history/listed') throw new Error(`the proxy answered history/list with ${reply.type}`);
  return reply.sessions;
}

/** Asks for a stored session's trace and gives each piece's text to `take`, in order. */
async function tracePieces(request: PageRequest, take: (text: string) => void): Promise<{ redacted?: number }> {
  let failed: Error | undefined;
  const reply = await getSocket().call(request, (piece) => {
    if (failed) return;
    try {
      take(piece.text);
    } catch (e) {
      // Thrown here it would end in the socket's message handler: the request rejects with it instead.
      failed = e as Error;
    }
  });
  if (reply.type !== 'history/trace') throw new Error(`the proxy answered with ${reply.type}, not a trace`);
  if (failed) throw failed;
  return { redacted: reply.redacted };
}

/** The stored session as a trace, every frame as recorded, read as its pieces arrive. */
export async function openStoredSession(id: string): Promise<Trace> {
  const reader = new TraceReader();
  await tracePieces({ type: 'history/open', id }, (text) => reader.push(text));
  return reader.end();
}

/** The stored session as a trace file redacted as `loupe export ID` redacts: the file's parts, in order. */
export async function exportStoredSession(id: string, redact: ExportRedact): Promise<{ parts: string[]; redacted?: number }> {
  const parts: string[] = [];
  const { redacted } = await tracePieces({ type: 'history/export', id, redact }, (text) => parts.push(text));
  return { parts, redacted };
}

export async function deleteStoredSession(id: string): Promise<void> {
  await getSocket().call({ type: 'history/delete', id });
}
