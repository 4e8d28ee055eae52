/**
 * One HTTP exchange at a time, recorded as it crosses: the request head before it is sent, the
 * response head when it arrives, and an `end` frame when the body is done (or failed). Every
 * exchange gets its own AbortController, linked to the transport's, and a header timeout.
 */
import type { Crossing } from '../types';
import type { MicroClock } from './options';
import { HttpTransportError, networkError, timeoutError } from './errors';

/** Which stream an exchange is: the POST of a message, the standalone GET stream, the legacy
 *  SSE stream, the DELETE that ends a session, an active probe, or an OAuth request. */
export type StreamRole = 'post' | 'get' | 'legacy' | 'delete' | 'probe' | 'oauth';

export type Sink = (c: Crossing) => number | void;

/** The last seq given out. When the recorder answers no seq, the transport assumes it is the
 *  recorder's only source (true of a session) and counts; one counter spans every wire of a
 *  connection (the `auto` fallback has two). */
export interface SeqCounter {
  last: number;
}

export function nextSeq(counter: SeqCounter, answered: number | void): number {
  counter.last = typeof answered === 'number' ? answered : counter.last + 1;
  return counter.last;
}

export interface ExchangeRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** The body is a JSON-RPC message: it gets its own message frame, linked to the exchange. */
  bodyIsMessage?: boolean;
  role: StreamRole;
  timeoutMs: number;
  /** Extra facts for the request frame (probe name, Last-Event-ID, the stream it resumes). */
  meta?: Record<string, unknown>;
}

export interface EndInfo {
  /** Body text not carried by message frames (error pages, `Accepted`, non-JSON answers). */
  raw?: string;
  bytes?: number;
  error?: string;
  [key: string]: unknown;
}

export interface OpenExchange {
  /** The seq of the request frame: every frame of this exchange points at it. */
  readonly id: number;
  readonly request: ExchangeRequest;
  readonly response: Response;
  readonly sentAt: number;
  readonly headersAt: number;
  readonly controller: AbortController;
  readonly signal: AbortSignal;
  /** Records the `end` frame once; later calls are ignored. */
  end(info: EndInfo): void;
}

export class HttpWire {
  constructor(
    private readonly clock: MicroClock,
    private readonly sink: () => Sink | undefined,
    private readonly closeSignal: AbortSignal,
    private readonly counter: SeqCounter = { last: 0 },
  ) {}

  now(): number {
    return this.clock.now();
  }

  /** Records a crossing; answers the seq the recorder gave it (counted when it answers none). */
  record(c: Omit<Crossing, 'ts' | 'size'> & { ts?: number; size?: number }): number {
    const crossing: Crossing = { ...c, ts: c.ts ?? this.clock.now(), size: c.size ?? Buffer.byteLength(c.raw) };
    return nextSeq(this.counter, this.sink()?.(crossing));
  }

  recordMessage(dir: 'c2s' | 's2c', raw: string, exchange: number, meta: Record<string, unknown>, bytes?: { bytes: number; invalidUtf8?: boolean; rawBase64?: string; truncated?: boolean }): number {
    const exact = {
      ...(bytes?.invalidUtf8 ? { invalidUtf8: true, rawBase64: bytes.rawBase64, size: bytes.bytes } : {}),
      ...(bytes?.truncated ? { truncated: true, size: bytes.bytes } : {}),
    };
    return this.record({ dir, lane: 'message', raw, ...exact, meta: { transport: 'http', exchange, ...meta } });
  }

  /** Sends the request; resolves at the response headers. Rejects (after recording why) on a
   *  timeout, a network failure or a close. */
  async open(req: ExchangeRequest): Promise<OpenExchange> {
    const controller = new AbortController();
    const signal = AbortSignal.any([controller.signal, this.closeSignal]);
    const sentAt = this.clock.now();
    const bodyInHttp = req.body !== undefined && !req.bodyIsMessage ? req.body : '';
    const id = this.record({
      dir: 'c2s', lane: 'http', ts: sentAt, raw: requestHead(req) + bodyInHttp,
      meta: { transport: 'http', phase: 'request', method: req.method, url: req.url, headers: req.headers, stream: req.role, bodyBytes: req.body === undefined ? 0 : Buffer.byteLength(req.body), ...req.meta },
    });
    if (req.body !== undefined && req.bodyIsMessage) this.recordMessage('c2s', req.body, id, { stream: req.role });

    let ended = false;
    const end = (info: EndInfo, headersAt?: number) => {
      if (ended) return;
      ended = true;
      const doneAt = this.clock.now();
      const { raw = '', ...rest } = info;
      this.record({ dir: 's2c', lane: 'http', ts: doneAt, raw, meta: { transport: 'http', phase: 'end', exchange: id, stream: req.role, sentAt, headersAt, doneAt, ...rest } });
    };

    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; controller.abort(); }, req.timeoutMs);
    let response: Response;
    try {
      response = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body, signal, redirect: 'manual' });
    } catch (e) {
      const err = timedOut ? timeoutError(`${req.method} ${req.url}`, req.timeoutMs)
        : this.closeSignal.aborted ? new HttpTransportError('closed', `${req.method} ${req.url} was cancelled: the connection is closing`)
        : networkError(req.method, req.url, e);
      end({ error: err.message, errorCode: err.code });
      throw err;
    } finally {
      clearTimeout(timer);
    }
    const headersAt = this.clock.now();
    const headers = headersRecord(response.headers);
    this.record({
      dir: 's2c', lane: 'http', ts: headersAt, raw: responseHead(response),
      meta: { transport: 'http', phase: 'response', exchange: id, stream: req.role, status: response.status, statusText: response.statusText, headers, contentType: response.headers.get('content-type') ?? undefined, sentAt, headersAt },
    });
    return { id, request: req, response, sentAt, headersAt, controller, signal, end: (info) => end(info, headersAt) };
  }
}

function requestHead(req: ExchangeRequest): string {
  const u = new URL(req.url);
  const lines = [`${req.method} ${u.pathname}${u.search} HTTP/1.1`, `Host: ${u.host}`];
  for (const [k, v] of Object.entries(req.headers)) lines.push(`${k}: ${v}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function responseHead(res: Response): string {
  const lines = [`HTTP/1.1 ${res.status} ${res.statusText}`];
  res.headers.forEach((v, k) => lines.push(`${k}: ${v}`));
  return `${lines.join('\r\n')}\r\n\r\n`;
}

export function headersRecord(h: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  h.forEach((v, k) => { out[k] = v; });
  return out;
}

export function mediaType(res: Response): string {
  return (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
}
