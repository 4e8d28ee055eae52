/**
 * Incremental request/response pairing. A request is keyed by its sender's direction and its id:
 * ids are only unique per sender, and both sides send requests. Responses travel the other way.
 */
import type { Frame } from './frame';
import { classifyFrame, type Classified, type JsonRpcId } from './classify';

export interface Pair {
  requestSeq: number;
  method: string;
  /** The first response; later ones are duplicates (the analyser flags them). */
  responseSeq?: number;
  /** Microseconds between the request and its first response, both wire timestamps. */
  latencyUs?: number;
  isError?: boolean;
  /** The requester's `notifications/cancelled` naming this request, while it was unanswered. */
  cancelledSeq?: number;
  /** Microseconds from the request to that cancellation: the latency of a cancelled request. */
  cancelledAfterUs?: number;
}

function key(dir: string, id: JsonRpcId): string {
  return `${dir}|${typeof id}|${id}`;
}

export class PairIndex {
  /** By request seq. */
  readonly byRequest = new Map<number, Pair>();
  /** Response seq -> request seq. */
  readonly byResponse = new Map<number, number>();
  private readonly open = new Map<string, { seq: number; ts: number }>();

  /** Feed frames in seq order. Returns the pair that the frame created or completed, if any. */
  push(frame: Frame, c: Classified = classifyFrame(frame)): Pair | undefined {
    if (frame.lane !== 'message' || frame.dir === 'local') return undefined;
    if (c.kind === 'request' && c.id !== undefined && c.method) {
      const pair: Pair = { requestSeq: frame.seq, method: c.method };
      this.byRequest.set(frame.seq, pair);
      this.open.set(key(frame.dir, c.id), { seq: frame.seq, ts: frame.ts });
      return pair;
    }
    if (c.kind === 'notification' && c.method === 'notifications/cancelled') return this.cancel(frame, c.json);
    if ((c.kind === 'response' || c.kind === 'error') && c.id !== undefined) {
      const requester = frame.dir === 'c2s' ? 's2c' : 'c2s';
      const req = this.open.get(key(requester, c.id));
      if (!req) return undefined;
      const pair = this.byRequest.get(req.seq);
      if (!pair || pair.responseSeq !== undefined) return undefined;
      pair.responseSeq = frame.seq;
      pair.latencyUs = frame.ts - req.ts;
      pair.isError = c.kind === 'error';
      this.byResponse.set(frame.seq, req.seq);
      return pair;
    }
    return undefined;
  }

  /** The requester cancels its own request (basic/utilities/cancellation): same direction as it. */
  private cancel(frame: Frame, json: unknown): Pair | undefined {
    const params = (json as { params?: { requestId?: unknown } } | undefined)?.params;
    const id = params?.requestId;
    if (typeof id !== 'string' && typeof id !== 'number') return undefined;
    const req = this.open.get(key(frame.dir, id));
    const pair = req && this.byRequest.get(req.seq);
    if (!req || !pair || pair.responseSeq !== undefined || pair.cancelledSeq !== undefined) return undefined;
    pair.cancelledSeq = frame.seq;
    pair.cancelledAfterUs = frame.ts - req.ts;
    return pair;
  }

  /** The pair a frame belongs to, from either end. */
  pairOf(seq: number): Pair | undefined {
    return this.byRequest.get(seq) ?? this.byRequest.get(this.byResponse.get(seq) ?? -1);
  }
}
