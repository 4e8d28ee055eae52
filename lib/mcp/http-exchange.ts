/**
 * One HTTP exchange gathered from its frames, as a network panel shows it: the request line and
 * headers, the status and response headers, timing (sent, headers, done) and the SSE events and
 * messages its body carried. Pure, so the page and the CLI read exchanges the same way.
 */
import type { Frame } from './frame';

type Meta = Record<string, unknown>;

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
  stream?: string;
  lastEventId?: string;
  probe?: string;
  requestHeaders: Record<string, string>;
  status?: number;
  statusText?: string;
  responseHeaders: Record<string, string>;
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

const meta = (f: Frame | undefined): Meta => (f?.meta ?? {}) as Meta;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const headers = (v: unknown): Record<string, string> =>
  v && typeof v === 'object' ? Object.fromEntries(Object.entries(v as Meta).filter(([, x]) => typeof x === 'string') as [string, string][]) : {};

/** The seq of the request frame of the exchange `frame` belongs to, if it belongs to one. */
export function exchangeIdOf(frame: Frame): number | undefined {
  const m = meta(frame);
  if (m.transport !== 'http') return undefined;
  if (frame.lane === 'http' && m.phase === 'request') return frame.seq;
  return num(m.exchange);
}

/** Gathers the exchange whose request frame is `id`. `at(seq)` answers a frame by seq; the scan
 *  stops at the exchange's `end` frame, or after `limit` frames for a stream still open. */
export function collectExchange(at: (seq: number) => Frame | undefined, lastSeq: number, id: number, limit = 20_000): HttpExchangeView | undefined {
  const req = at(id);
  const rm = meta(req);
  if (!req || req.lane !== 'http' || rm.phase !== 'request') return undefined;
  const ex: HttpExchangeView = {
    id, method: str(rm.method) ?? '?', url: str(rm.url) ?? '', stream: str(rm.stream), lastEventId: str(rm.lastEventId),
    probe: str(rm.probe), requestHeaders: headers(rm.headers), responseHeaders: {}, sentAt: req.ts, events: [], sent: [],
  };
  for (let seq = id + 1; seq <= Math.min(lastSeq, id + limit); seq++) {
    const f = at(seq);
    const m = meta(f);
    if (!f || m.exchange !== id) continue;
    if (f.lane === 'message') {
      if (f.dir === 'c2s') ex.sent.push(seq);
      else ex.events.push({ seq, eventId: str(m.eventId), event: str(m.event), message: true });
    } else if (m.phase === 'response') {
      ex.status = num(m.status);
      ex.statusText = str(m.statusText);
      ex.responseHeaders = headers(m.headers);
      ex.headersAt = num(m.headersAt) ?? f.ts;
    } else if (m.phase === 'event') {
      ex.events.push({ seq, eventId: str(m.eventId), event: str(m.event), message: false });
    } else if (m.phase === 'end') {
      ex.doneAt = num(m.doneAt) ?? f.ts;
      ex.bytes = num(m.bytes);
      ex.error = str(m.error);
      ex.verdict = str(m.verdict);
      ex.note = str(m.note) ?? str(m.message);
      break;
    }
  }
  return ex;
}
