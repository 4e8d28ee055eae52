/**
 * HTTP exchanges, built incrementally from the http lane as frames arrive: the request line and
 * headers, the status and response headers, timing (sent, headers, done), the SSE events and the
 * JSON-RPC messages its body carried. The one builder read by the HTTP detail pane, the HAR export
 * and the CLI: each frame is looked at once, whatever the size of the session.
 */
import type { Frame } from '../mcp/frame';

type Meta = Record<string, unknown>;

export interface HttpHeader {
  name: string;
  value: string;
}

export interface HttpEventRef {
  seq: number;
  eventId?: string;
  event?: string;
  /** True for a JSON-RPC message frame, false for a non-message event (`endpoint`, a keep-alive). */
  message: boolean;
}

export interface HttpExchange {
  /** The seq of the request frame. */
  id: number;
  request: Frame;
  response?: Frame;
  end?: Frame;
  method: string;
  url: string;
  /** Which stream it was: post, get, legacy, delete, probe. */
  stream?: string;
  lastEventId?: string;
  probe?: string;
  /** As recorded, in order (a name may repeat). */
  requestHeaderList: HttpHeader[];
  requestHeaders: Record<string, string>;
  status?: number;
  statusText?: string;
  contentType?: string;
  responseHeaderList: HttpHeader[];
  responseHeaders: Record<string, string>;
  /** Microseconds on the session clock. */
  sentAt: number;
  headersAt?: number;
  doneAt?: number;
  bytes?: number;
  error?: string;
  verdict?: string;
  note?: string;
  sessionExpired?: boolean;
  /** Events of the response body, messages included, in order. */
  events: HttpEventRef[];
  /** Seqs of the JSON-RPC messages the request body carried. */
  sent: number[];
  /** Seqs of the JSON-RPC messages the response body carried. */
  received: number[];
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const metaOf = (f: Frame): Meta => (f.meta ?? {}) as Meta;

export function headerList(h: unknown): HttpHeader[] {
  if (Array.isArray(h)) return h.filter((p) => Array.isArray(p) && p.length === 2).map(([name, value]) => ({ name: String(name), value: String(value) }));
  if (typeof h === 'object' && h !== null) return Object.entries(h).filter(([, v]) => v !== undefined && v !== null).map(([name, value]) => ({ name, value: String(value) }));
  return [];
}

const asRecord = (list: HttpHeader[]): Record<string, string> => Object.fromEntries(list.map((h) => [h.name, h.value]));

/** The seq of the request frame of the exchange `frame` belongs to, if it belongs to one. */
export function exchangeIdOf(frame: Frame): number | undefined {
  const m = metaOf(frame);
  if (m.transport !== 'http') return undefined;
  if (frame.lane === 'http' && m.phase === 'request') return frame.seq;
  return num(m.exchange);
}

export class HttpExchanges {
  private readonly byId = new Map<number, HttpExchange>();
  /** Every exchange, in the order the requests were sent. */
  readonly all: HttpExchange[] = [];

  /** Feed frames in seq order. */
  push(f: Frame): void {
    const m = metaOf(f);
    if (m.transport !== 'http') return;
    if (f.lane === 'http' && m.phase === 'request') {
      const requestHeaderList = headerList(m.headers ?? m.requestHeaders);
      const ex: HttpExchange = {
        id: f.seq, request: f, method: str(m.method) ?? '?', url: str(m.url) ?? '', stream: str(m.stream), lastEventId: str(m.lastEventId),
        probe: str(m.probe), requestHeaderList, requestHeaders: asRecord(requestHeaderList), responseHeaderList: [], responseHeaders: {},
        sentAt: f.ts, events: [], sent: [], received: [],
      };
      this.byId.set(f.seq, ex);
      this.all.push(ex);
      return;
    }
    const ex = this.byId.get(num(m.exchange) ?? -1);
    // Nothing belongs to an exchange after its `end` frame.
    if (!ex || ex.end) return;
    if (f.lane === 'message') {
      if (f.dir === 'c2s') ex.sent.push(f.seq);
      else {
        ex.received.push(f.seq);
        ex.events.push({ seq: f.seq, eventId: str(m.eventId), event: str(m.event), message: true });
      }
    } else if (m.phase === 'response') {
      ex.response = f;
      ex.status = num(m.status);
      ex.statusText = str(m.statusText);
      ex.responseHeaderList = headerList(m.headers ?? m.responseHeaders);
      ex.responseHeaders = asRecord(ex.responseHeaderList);
      ex.contentType = str(m.contentType) ?? ex.responseHeaderList.find((h) => h.name.toLowerCase() === 'content-type')?.value;
      ex.headersAt = num(m.headersAt) ?? f.ts;
    } else if (m.phase === 'event') {
      ex.events.push({ seq: f.seq, eventId: str(m.eventId), event: str(m.event), message: false });
    } else if (m.phase === 'end') {
      ex.end = f;
      ex.doneAt = num(m.doneAt) ?? f.ts;
      ex.bytes = num(m.bytes);
      ex.error = str(m.error);
      ex.verdict = str(m.verdict);
      ex.note = str(m.note) ?? str(m.message);
      ex.sessionExpired = m.sessionExpired === true ? true : undefined;
    }
  }

  get(id: number): HttpExchange | undefined {
    return this.byId.get(id);
  }

  /** The exchange a frame belongs to, if any. */
  of(frame: Frame): HttpExchange | undefined {
    const id = exchangeIdOf(frame);
    return id === undefined ? undefined : this.byId.get(id);
  }
}

/** Every exchange of a finished list of frames. */
export function exchangesOf(frames: readonly Frame[]): HttpExchange[] {
  const x = new HttpExchanges();
  for (const f of frames) x.push(f);
  return x.all;
}
