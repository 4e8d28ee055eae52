/**
 * Which layers the traffic exercised: a layer with no fault passed only if the conversation got
 * that far (a server that never wrote a message did not pass framing; a session that called no
 * tool did not pass the tool layer). Read from the session model's frames and pairs.
 */
import type { Layer } from '../analyze';
import type { Frame } from '../mcp/frame';
import type { JudgedModel } from '../model/bounded-model';

const HANDSHAKE = new Set(['initialize', 'server/discover']);
/** Requests that exercise no tool or other feature of the server. */
const PLUMBING = new Set(['initialize', 'server/discover', 'ping', 'logging/setLevel']);

/** A frame the server itself produced: not Loupe's note that an HTTP exchange failed. */
function fromServer(f: Frame): boolean {
  if (f.dir !== 's2c') return false;
  if (f.lane !== 'http') return true;
  const phase = f.meta?.transport === 'http' ? f.meta.phase : undefined;
  return phase === 'response' || phase === 'event';
}

export function reachedLayers(model: JudgedModel): Set<Layer> {
  const reached = new Set<Layer>();
  let spawned = false;
  for (let i = 0; i < model.frames.length; i++) {
    const f = model.frames[i];
    if (f.lane === 'lifecycle' && f.meta?.transport === 'stdio' && f.meta.event === 'spawn') spawned = true;
    if (!fromServer(f)) continue;
    reached.add('startup');
    if (f.lane === 'http' || f.lane === 'message') reached.add('transport');
    if (f.lane !== 'message') continue;
    reached.add('framing');
    const kind = model.classifiedOf(i).kind;
    if (kind !== 'invalid' && kind !== 'other') {
      reached.add('jsonrpc');
      break;
    }
  }
  if (spawned) reached.add('startup');
  const answered = model.calls.all.filter((c) => c.responseSeq !== undefined && !c.isError);
  const handshake = answered.some((c) => HANDSHAKE.has(c.method));
  // A part of a session (an exported selection) or a modern one may show no handshake at all.
  const noHandshakeSeen = !model.calls.all.some((c) => HANDSHAKE.has(c.method));
  if (handshake || (noHandshakeSeen && answered.length > 0)) {
    reached.add('lifecycle');
    reached.add('capabilities');
  }
  if (answered.some((c) => !PLUMBING.has(c.method))) reached.add('tool');
  return reached;
}
