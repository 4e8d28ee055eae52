/**
 * How the rows of a window onto a stored session read in the table (components/history): each
 * frame's kind, method, id and subject, and its request/response pair when both ends are among
 * the rows the page holds. The pairs are the window's one session model's (lib/view/window-sequence.ts),
 * the same model the window's sequence diagram draws, so the two views never pair the rows twice
 * nor disagree. A response whose request lies outside the rows shows no method and no latency.
 * The model's findings are not read: the analyser needs a whole session, which a window never has.
 */
import type { Frame } from '../mcp/frame';
import type { SessionModel } from '../model/session-model';
import { subjectOf, type FrameKind, type FrameView } from './frameView';

const LANE_KIND: Partial<Record<Frame['lane'], FrameKind>> = { stderr: 'stderr', lifecycle: 'lifecycle', http: 'http' };

/** A FrameView per row of the window's model, in the rows' order. */
export function windowFrameViews(session: SessionModel): FrameView[] {
  return session.frames.map((frame, i) => {
    const lane = LANE_KIND[frame.lane];
    if (lane) return { frame, kind: lane };
    const c = session.classifiedOf(i);
    const call = session.callAt(frame.seq);
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
