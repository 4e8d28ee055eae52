/**
 * How the rows of a window onto a stored session read (components/history): each frame's kind,
 * method, id and subject from its own text, and its request/response pair when both ends are among
 * the rows the page holds, paired by the one policy (lib/mcp/calls.ts), per channel. A response
 * whose request lies outside the rows shows no method and no latency; nothing else is derived:
 * the analyser needs a whole session, which a window never has.
 */
import type { Frame } from '../mcp/frame';
import { CallIndex, type Call, type Sender } from '../mcp/calls';
import { classifyFrame, type Classified } from '../mcp/classify';
import { subjectOf, type FrameKind, type FrameView } from './frameView';

// Rows are re-read each time the window grows: a frame is parsed once.
const classified = new WeakMap<Frame, Classified>();
function classifiedOnce(frame: Frame): Classified {
  let c = classified.get(frame);
  if (!c) classified.set(frame, (c = classifyFrame(frame)));
  return c;
}

const LANE_KIND: Partial<Record<Frame['lane'], FrameKind>> = { stderr: 'stderr', lifecycle: 'lifecycle', http: 'http' };

/** A FrameView per row, in the rows' order. */
export function windowFrameViews(frames: readonly Frame[]): FrameView[] {
  const indexes = new Map<string, CallIndex>();
  const indexOf = (f: Frame) => {
    const key = f.channel ?? '';
    let idx = indexes.get(key);
    if (!idx) indexes.set(key, (idx = new CallIndex()));
    return idx;
  };
  const calls: (Call | undefined)[] = [];
  const parsed = frames.map((frame) => {
    const c = LANE_KIND[frame.lane] ? undefined : classifiedOnce(frame);
    let call: Call | undefined;
    if (c?.kind === 'request') {
      call = indexOf(frame).request(frame.seq, frame.ts, frame.dir as Sender, c.id, c.method!, (c.json as { params?: unknown }).params);
    } else if ((c?.kind === 'response' || c?.kind === 'error') && c.id !== undefined) {
      const m = indexOf(frame).match(frame.dir as Sender, c.id);
      if (m && !m.duplicate) {
        indexOf(frame).answer(m.call, frame.seq, frame.ts, c.kind === 'error');
        call = m.call;
      }
    }
    calls.push(call);
    return c;
  });
  return frames.map((frame, i) => {
    const lane = LANE_KIND[frame.lane];
    if (lane) return { frame, kind: lane };
    const c = parsed[i]!;
    const call = calls[i];
    const isRequest = call?.seq === frame.seq;
    const method = c.method ?? call?.method;
    return {
      frame,
      kind: c.kind === 'other' ? 'invalid' : c.kind,
      method,
      subject: subjectOf(method, call ? call.params : (c.json as { params?: unknown } | undefined)?.params),
      id: c.id,
      call,
      latencyUs: call?.responseTs === undefined ? undefined : call.responseTs - call.ts,
      partnerSeq: call ? (isRequest ? call.responseSeq : call.seq) : undefined,
      problem: c.problem,
    };
  });
}
