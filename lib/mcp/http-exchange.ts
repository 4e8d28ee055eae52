/**
 * One HTTP exchange gathered from its frames, as a network panel shows it: the request line and
 * headers, the status and response headers, timing (sent, headers, done) and the SSE events and
 * messages its body carried. Pure, so the page and the CLI read exchanges the same way.
 */
import type { Frame, HeaderPairs, StreamRole } from './frame';

export interface HttpEventRef {
  seq: number;
  eventId?: string;
  event?: string;
  /** True for a JSON-RPC message frame, false for a non-message event (`endpoint`, a keep-alive). */
  message: boolean;
}

export interface HttpExchangeView {
  /** The seq of the request frame. */
  id: number;
  method: string;
  url: string;
  /** Which stream it was: post, get, legacy, delete, probe. */
  stream: StreamRole;
  lastEventId?: string;
  probe?: string;
  requestHeaders: HeaderPairs;
  status?: number;
  statusText?: string;
  responseHeaders: HeaderPairs;
  /** Microseconds on the session clock. */
  sentAt?: number;
  headersAt?: number;
  doneAt?: number;
  bytes?: number;
  error?: string;
  verdict?: string;
  note?: string;
  events: HttpEventRef[];
  /** Seqs of the JSON-RPC messages the request body carried. */
  sent: number[];
}

/** The seq of the request frame of the exchange `frame` belongs to, if it belongs to one. */
export function exchangeIdOf(frame: Frame): number | undefined {
  if (frame.lane === 'http' && frame.meta) return frame.meta.phase === 'request' ? frame.seq : frame.meta.exchange;
  if (frame.lane === 'message' && frame.meta?.transport === 'http') return frame.meta.exchange;
  return undefined;
}

/** Gathers the exchange whose request frame is `id`. `at(seq)` answers a frame by seq; the scan
 *  stops at the exchange's `end` frame, or after `limit` frames for a stream still open. */
export function collectExchange(at: (seq: number) => Frame | undefined, lastSeq: number, id: number, limit = 20_000): HttpExchangeView | undefined {
  const req = at(id);
  if (req?.lane !== 'http' || req.meta?.phase !== 'request') return undefined;
  const rm = req.meta;
  const ex: HttpExchangeView = {
    id, method: rm.method, url: rm.url, stream: rm.stream, lastEventId: rm.stream === 'get' ? rm.lastEventId : undefined,
    probe: rm.stream === 'probe' ? rm.probe : undefined, requestHeaders: rm.headers, responseHeaders: [], sentAt: req.ts, events: [], sent: [],
  };
  for (let seq = id + 1; seq <= Math.min(lastSeq, id + limit); seq++) {
    const f = at(seq);
    if (!f || exchangeIdOf(f) !== id) continue;
    if (f.lane === 'message') {
      const m = f.meta?.transport === 'http' ? f.meta : undefined;
      if (f.dir === 'c2s') ex.sent.push(seq);
      else ex.events.push({ seq, eventId: m?.eventId, event: m?.event, message: true });
      continue;
    }
    const m = f.lane === 'http' ? f.meta : undefined;
    if (m?.phase === 'response') {
      ex.status = m.status;
      ex.statusText = m.statusText;
      ex.responseHeaders = m.headers;
      ex.headersAt = m.headersAt ?? f.ts;
    } else if (m?.phase === 'event') {
      ex.events.push({ seq, eventId: m.eventId, event: m.event, message: false });
    } else if (m?.phase === 'end') {
      ex.doneAt = m.doneAt ?? f.ts;
      ex.bytes = m.bytes;
      ex.error = m.error;
      if (m.stream === 'probe') {
        ex.verdict = m.verdict;
        ex.note = m.note ?? m.message;
      } else ex.note = m.note;
      break;
    }
  }
  return ex;
}
