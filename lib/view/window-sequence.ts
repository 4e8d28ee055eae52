/**
 * The sequence diagram of the rows a window onto a stored session holds (components/history):
 * a session model over those rows alone, so the diagram's own model (sequence-model.ts) pairs,
 * nests and labels them as it does a live session's. A request and its response are paired only
 * when both are held, by the one pairing policy (lib/mcp/calls.ts); either end alone is drawn
 * alone. The rules run as the model reads the frames (they are its pairing engine), but their
 * findings are never shown: the rows start mid-session, so they would be judged wrongly.
 */
import type { Frame } from '../mcp/frame';
import { SessionModel } from '../model/session-model';

/** A session model of `frames` (ascending by seq; seqs may skip, as a filter leaves them), read to the end. */
export function windowSession(frames: readonly Frame[]): SessionModel {
  // `file`: the rows are a finished run whose seqs only increase. Not finished, so no end-of-trace
  // rule runs: the session goes on past the last row held.
  const session = new SessionModel({ source: 'file' });
  session.append(frames);
  session.advance();
  return session;
}
