/**
 * One HTTP exchange at a time, recorded as it crosses: the request head before it is sent, the
 * response head when it arrives, and an `end` frame when the body is done (or failed). Every
 * exchange gets its own AbortController, linked to the transport's, and a header timeout.
 */
import type {
  DistributiveOmit,
  Frame,
  HeaderPairs,
  HttpEndMeta,
  HttpErrorCode,
  HttpMessageMeta,
  HttpRequestMeta,
  OAuthStep,
  ProbeName,
  ProbeVerdict,
} from '../../../lib/mcp/frame';
import type { Crossing, RecordCrossing } from '../types';
import type { MicroClock } from './options';
import { HttpTransportError, networkError, timeoutError } from './errors';

export type { StreamRole } from '../../../lib/mcp/frame';

export type Sink = RecordCrossing;

interface ExchangeBase {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** The body is a JSON-RPC message: it gets its own message frame, linked to the exchange. */
  bodyIsMessage?: boolean;
  timeoutMs: number;
  /** Aborts this exchange alone (the transport's close aborts every exchange). */
  signal?: AbortSignal;
}

/** One request; what its request frame records beyond the head depends on the stream. */
export type ExchangeRequest = ExchangeBase &
  (
    | { role: 'post' | 'legacy' | 'delete' }
    | { role: 'get'; lastEventId?: string; resumes?: number }
    | { role: 'probe'; probe: ProbeName }
    | { role: 'oauth'; oauth: OAuthStep }
  );

/** What reading an SSE body learnt, for the `end` frame of a post, get or legacy stream. */
export interface SseSummary {
  events?: number;
  streamEnd?: 'done' | 'stalled' | 'aborted' | 'error';
  eventIds?: string[];
  lastEventId?: string;
  retryMs?: number;
}

export interface EndInfo {
  /** Body text not carried by message frames (error pages, `Accepted`, non-JSON answers). */
  raw?: string;
  bytes?: number;
  error?: string;
  errorCode?: HttpErrorCode;
  note?: string;
  sessionExpired?: boolean;
  sse?: SseSummary;
  /** A probe's judgement of the answer (absent on a probe's clean-up DELETE; only a message on
   *  the baseline a verdict is judged against). */
  judged?: { rule?: string; verdict?: ProbeVerdict; message: string };
}

/** A crossing before the wire stamps it: ts and size default to now and the raw text's bytes. */
export type Unstamped = DistributiveOmit<Crossing, 'ts' | 'size'> & { ts?: number; size?: number };

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
  ) {}

  now(): number {
    return this.clock.now();
  }

  /** Records a crossing; answers the Frame the recorder made (none when no recorder is attached). */
  record(c: Unstamped): Frame | undefined {
    const crossing: Crossing = { ...c, ts: c.ts ?? this.clock.now(), size: c.size ?? Buffer.byteLength(c.raw) };
    return this.sink()?.(crossing);
  }

  recordMessage(
    dir: 'c2s' | 's2c',
    raw: string,
    meta: Omit<HttpMessageMeta, 'transport'>,
    bytes?: { bytes: number; invalidUtf8?: boolean; rawBase64?: string; truncated?: boolean },
  ): Frame | undefined {
    const exact = {
      ...(bytes?.invalidUtf8 ? { invalidUtf8: true, rawBase64: bytes.rawBase64, size: bytes.bytes } : {}),
      ...(bytes?.truncated ? { truncated: true, size: bytes.bytes } : {}),
    };
    return this.record({ dir, lane: 'message', raw, ...exact, meta: { transport: 'http', ...meta } });
  }

  /** Sends the request; resolves at the response headers. Rejects (after recording why) on a
   *  timeout, a network failure or a close. */
  async open(req: ExchangeRequest): Promise<OpenExchange> {
    const controller = new AbortController();
    const signal = AbortSignal.any([controller.signal, this.closeSignal, ...(req.signal ? [req.signal] : [])]);
    const sentAt = this.clock.now();
    const bodyInHttp = req.body !== undefined && !req.bodyIsMessage ? req.body : '';
    // Every later frame of the exchange points at the request frame's seq (0: nothing records).
    const id =
      this.record({
        dir: 'c2s',
        lane: 'http',
        ts: sentAt,
        raw: requestHead(req) + bodyInHttp,
        meta: requestMeta(req),
      })?.seq ?? 0;
    if (req.body !== undefined && req.bodyIsMessage) this.recordMessage('c2s', req.body, { exchange: id, stream: req.role });

    let ended = false;
    const end = (info: EndInfo, headersAt?: number) => {
      if (ended) return;
      ended = true;
      const doneAt = this.clock.now();
      this.record({ dir: 's2c', lane: 'http', ts: doneAt, raw: info.raw ?? '', meta: endMeta(req, id, { sentAt, headersAt, doneAt }, info) });
    };

    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, req.timeoutMs);
    let response: Response;
    try {
      response = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body, signal, redirect: 'manual' });
    } catch (e) {
      const err = timedOut
        ? timeoutError(`${req.method} ${req.url}`, req.timeoutMs)
        : this.closeSignal.aborted
          ? new HttpTransportError('closed', `${req.method} ${req.url} was cancelled: the connection is closing`)
          : networkError(req.method, req.url, e);
      end({ error: err.message, errorCode: err.code });
      throw err;
    } finally {
      clearTimeout(timer);
    }
    const headersAt = this.clock.now();
    const headers = headerPairs(response.headers);
    this.record({
      dir: 's2c',
      lane: 'http',
      ts: headersAt,
      raw: responseHead(response),
      meta: {
        transport: 'http',
        phase: 'response',
        exchange: id,
        stream: req.role,
        status: response.status,
        statusText: response.statusText,
        headers,
        contentType: response.headers.get('content-type') ?? undefined,
        sentAt,
        headersAt,
      },
    });
    return { id, request: req, response, sentAt, headersAt, controller, signal, end: (info) => end(info, headersAt) };
  }
}

function requestMeta(req: ExchangeRequest): HttpRequestMeta {
  const common = {
    transport: 'http',
    phase: 'request',
    method: req.method,
    url: req.url,
    headers: Object.entries(req.headers),
    bodyBytes: req.body === undefined ? 0 : Buffer.byteLength(req.body),
  } as const;
  switch (req.role) {
    case 'get':
      return { ...common, stream: 'get', lastEventId: req.lastEventId, resumes: req.resumes };
    case 'probe':
      return { ...common, stream: 'probe', probe: req.probe };
    case 'oauth':
      return { ...common, stream: 'oauth', oauth: req.oauth };
    default:
      return { ...common, stream: req.role };
  }
}

function endMeta(req: ExchangeRequest, exchange: number, times: { sentAt: number; headersAt?: number; doneAt: number }, info: EndInfo): HttpEndMeta {
  const common = {
    transport: 'http',
    phase: 'end',
    exchange,
    ...times,
    bytes: info.bytes,
    error: info.error,
    errorCode: info.errorCode,
    note: info.note,
  } as const;
  switch (req.role) {
    case 'probe':
      return { ...common, stream: 'probe', probe: req.probe, ...info.judged };
    case 'delete':
      return { ...common, stream: 'delete' };
    case 'oauth':
      return { ...common, stream: 'oauth', oauth: req.oauth };
    default:
      return { ...common, stream: req.role, sessionExpired: info.sessionExpired, ...info.sse };
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

/** The response headers as fetch hands them over (lower-case names; `Set-Cookie` lines kept apart). */
export function headerPairs(h: Headers): HeaderPairs {
  const out: HeaderPairs = [];
  h.forEach((v, k) => {
    out.push([k, v]);
  });
  return out;
}

export function mediaType(res: Response): string {
  return (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
}
