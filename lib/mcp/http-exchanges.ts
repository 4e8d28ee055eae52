/**
 * HTTP exchanges, built incrementally from the http lane as frames arrive: the request line and
 * headers, the status and response headers, timing (sent, headers, done), the SSE events and the
 * JSON-RPC messages its body carried. The one builder: the SessionModel owns it and the analyser's
 * http.* and auth.* rules, the HAR export, the OAuth chain and the page's HTTP views all read the
 * exchanges it built. Each frame is looked at once, whatever the size of the session; it lives in
 * lib/mcp beside the request/response pairing (calls.ts) so the analyser can read it too.
 */
import {
  headerValue,
  type Frame,
  type HeaderPairs,
  type HttpEndMeta,
  type HttpFrame,
  type HttpRequestMeta,
  type HttpResponseMeta,
  type StreamRole,
} from './frame';

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
  request: HttpFrame;
  requestMeta: HttpRequestMeta;
  response?: HttpFrame;
  responseMeta?: HttpResponseMeta;
  end?: HttpFrame;
  endMeta?: HttpEndMeta;
  method: string;
  url: string;
  stream: StreamRole;
  /** The `Last-Event-ID` a GET sent to resume a stream (the meta's, else the header's). */
  lastEventId?: string;
  probe?: string;
  /** As recorded, in order (a name may repeat). */
  requestHeaders: HeaderPairs;
  status?: number;
  statusText?: string;
  /** As recorded: `text/event-stream; charset=utf-8`. */
  contentType?: string;
  responseHeaders: HeaderPairs;
  /** Microseconds on the session clock. */
  sentAt: number;
  headersAt?: number;
  doneAt?: number;
  bytes?: number;
  error?: string;
  verdict?: string;
  note?: string;
  sessionExpired?: boolean;
  /** Events of the response body, messages included, in order (the first only, for a reader that keeps no history). */
  events: HttpEventRef[];
  /** How many events the response body carried, messages included: `events.length` when all are kept. */
  eventCount: number;
  /** The JSON-RPC message frames the request body carried. */
  sent: Frame[];
  /** The JSON-RPC message frames the response body carried (the first only, for a reader that keeps no history). */
  received: Frame[];
  /** The seq of the last frame taken into this exchange: a frame at or before it is a repeat. */
  lastSeq: number;
}

/** The body of the request as it crossed: its message frames, else the text after the head. */
export function requestBody(ex: HttpExchange): string | undefined {
  if (ex.sent.length > 0) return ex.sent.map((f) => f.raw).join('\n');
  const at = ex.request.raw.indexOf('\r\n\r\n');
  const body = at === -1 ? '' : ex.request.raw.slice(at + 4);
  return body || undefined;
}

/** The media type of the response, lower-cased and without parameters (`text/event-stream`). */
export function mediaType(ex: HttpExchange): string {
  return (ex.contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** The seq of the request frame of the exchange `frame` belongs to, if it belongs to one. */
export function exchangeIdOf(frame: Frame): number | undefined {
  if (frame.meta?.transport !== 'http') return undefined;
  if (frame.lane === 'http') return frame.meta.phase === 'request' ? frame.seq : frame.meta.exchange;
  if (frame.lane === 'message') return frame.meta.exchange;
  return undefined;
}

export class HttpExchanges {
  private readonly byId = new Map<number, HttpExchange>();
  /** Every exchange, in the order the requests were sent. */
  readonly all: HttpExchange[] = [];

  /**
   * `keep: 'first'` is for readers that keep no history (the bounded analyser of `loupe check`, the
   * live OpenTelemetry export): a GET stream can carry millions of events over a session, so such a
   * reader keeps the first frame each body carried (what the doctor quotes) and counts the rest.
   * `releasesEnded`: the owner lets exchanges go once ended (`release`, `releaseWhere`: a judge of
   * findings only and the live export at their `end` frame, `loupe check` once the doctor cannot
   * quote them), and no frame of one is judged after its end, so the rules drop what they kept
   * for one at its end.
   */
  constructor(
    private readonly keep: 'all' | 'first' = 'all',
    readonly releasesEnded = false,
  ) {}

  /** Feed frames in seq order; feeding the same frame twice is harmless. */
  push(f: Frame): void {
    if (f.meta?.transport !== 'http') return;
    if (f.lane === 'http' && f.meta.phase === 'request') return this.open(f, f.meta);
    const ex = this.byId.get(exchangeIdOf(f) ?? -1);
    // Nothing belongs to an exchange after its `end` frame.
    if (!ex || ex.end) return;
    // Frames come in seq order, so one at or before the last taken is a repeat: a look at the last
    // seq, not a search of the body (which made a long GET stream quadratic).
    if (f.seq <= ex.lastSeq) return;
    ex.lastSeq = f.seq;
    if (f.lane === 'message') {
      if (f.meta.transport !== 'http') return;
      if (f.dir === 'c2s') {
        if (this.keeps(ex.sent)) ex.sent.push(f);
      } else {
        ex.eventCount++;
        if (this.keeps(ex.received)) ex.received.push(f);
        if (this.keeps(ex.events)) ex.events.push({ seq: f.seq, eventId: f.meta.eventId, event: f.meta.event, message: true });
      }
      return;
    }
    if (f.lane !== 'http' || !f.meta) return;
    const m = f.meta;
    if (m.phase === 'response') {
      ex.response = f;
      ex.responseMeta = m;
      ex.status = m.status;
      ex.statusText = m.statusText;
      ex.responseHeaders = m.headers;
      ex.contentType = m.contentType ?? headerValue(m.headers, 'content-type');
      ex.headersAt = m.headersAt ?? f.ts;
    } else if (m.phase === 'event') {
      ex.eventCount++;
      if (this.keeps(ex.events)) ex.events.push({ seq: f.seq, eventId: m.eventId, event: m.event, message: false });
    } else if (m.phase === 'end') {
      ex.end = f;
      ex.endMeta = m;
      ex.doneAt = m.doneAt ?? f.ts;
      ex.bytes = m.bytes;
      ex.error = m.error;
      if (m.stream === 'probe') ex.verdict = m.verdict;
      ex.note = m.note ?? (m.stream === 'probe' ? m.message : undefined);
      ex.sessionExpired = 'sessionExpired' in m && m.sessionExpired === true ? true : undefined;
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

  /** Lets go of an exchange, for a reader that keeps no history (the live OpenTelemetry export):
   *  once its `end` frame was judged, nothing belongs to it any more. */
  release(id: number): void {
    const ex = this.byId.get(id);
    if (!ex) return;
    this.byId.delete(id);
    const at = this.all.lastIndexOf(ex);
    if (at >= 0) this.all.splice(at, 1);
  }

  /** Lets go of every exchange `done` says, in one pass (a reader that keeps no history lets many
   *  go at once). Returns them. */
  releaseWhere(done: (ex: HttpExchange) => boolean): HttpExchange[] {
    const out: HttpExchange[] = [];
    let kept = 0;
    for (const ex of this.all) {
      if (done(ex)) {
        out.push(ex);
        this.byId.delete(ex.id);
      } else this.all[kept++] = ex;
    }
    this.all.length = kept;
    return out;
  }

  private keeps(list: readonly unknown[]): boolean {
    return this.keep === 'all' || list.length === 0;
  }

  private open(f: HttpFrame, m: HttpRequestMeta): void {
    if (this.byId.has(f.seq)) return;
    const ex: HttpExchange = {
      id: f.seq,
      request: f,
      requestMeta: m,
      method: m.method,
      url: m.url,
      stream: m.stream,
      lastEventId: (m.stream === 'get' ? m.lastEventId : undefined) ?? headerValue(m.headers, 'last-event-id'),
      probe: m.stream === 'probe' ? m.probe : undefined,
      requestHeaders: m.headers,
      responseHeaders: [],
      sentAt: f.ts,
      lastSeq: f.seq,
      eventCount: 0,
      events: [],
      sent: [],
      received: [],
    };
    this.byId.set(f.seq, ex);
    this.all.push(ex);
  }
}
