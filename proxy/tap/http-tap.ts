/**
 * The HTTP tap: a reverse proxy a host is pointed at instead of its server. Every request is
 * passed on to the server and every answer back, byte for byte and as it streams (SSE events reach
 * the host as the server sends them), while each exchange is recorded in the same frames the
 * Streamable HTTP transport writes: the request head, the JSON-RPC messages it carried, the
 * response head, SSE events, and an end frame. Every status is kept (401 with its
 * WWW-Authenticate, 403, 404, and the tap's own 502 when the server cannot be reached).
 * Credentials are masked in what is recorded; the host's requests carry them on unchanged.
 *
 * Legacy HTTP+SSE (2024-11-05) works too: the `endpoint` event of the GET stream is rewritten when
 * it names the server's origin, so the host posts its messages to the tap.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { Frame, HeaderPairs, HttpEndMeta, HttpRequestMeta, StreamRole } from '../../lib/mcp/frame';
import { maskHeaderValue, maskHttpHead } from '../../lib/mcp/secret-headers';
import { SessionClock } from '../sessions/clock';

/** What an exchange's end frame says beyond its link; SSE fields only on streams that had events. */
interface EndFields {
  headersAt?: number;
  doneAt?: number;
  bytes?: number;
  error?: string;
  errorCode?: HttpEndMeta['errorCode'];
  events?: number;
  streamEnd?: 'done' | 'stalled' | 'aborted' | 'error';
  eventIds?: string[];
  lastEventId?: string;
  retryMs?: number;
}

export interface HttpTapOptions {
  /** The server's MCP endpoint, e.g. https://server.example/mcp. */
  upstream: string;
  host?: string;
  port?: number;
  /** Which transport the server speaks: `auto` takes a path ending in /sse for legacy HTTP+SSE. */
  mode?: 'streamable' | 'sse' | 'auto';
  onFrame: (frame: Frame) => void;
}

/** Headers that belong to one hop, never passed on (RFC 9110 §7.6.1), plus what fetch sets itself. */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host', 'content-length']);

const masked = (pairs: HeaderPairs): HeaderPairs => pairs.map(([k, v]) => [k, maskHeaderValue(k, v)]);

function requestPairs(req: IncomingMessage): HeaderPairs {
  const out: HeaderPairs = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) out.push([req.rawHeaders[i], req.rawHeaders[i + 1]]);
  return out;
}

function isJsonRpc(text: string): boolean {
  const t = text.trimStart();
  return t.startsWith('{') || t.startsWith('[');
}

export class HttpTap {
  readonly clock = new SessionClock();
  private server?: Server;
  private seq = 0;
  private readonly upstream: URL;
  /** Requests to this path prefix go to the server; the legacy message endpoint lives beside it. */
  private readonly base: string;
  private origin = '';

  private readonly legacy: boolean;

  constructor(private readonly o: HttpTapOptions) {
    this.upstream = new URL(o.upstream);
    this.base = this.upstream.origin;
    this.legacy = o.mode === 'sse' || ((o.mode ?? 'auto') === 'auto' && /\/sse\/?$/.test(this.upstream.pathname));
  }

  /** The address the host should use in place of the server's. */
  get url(): string {
    return `${this.origin}${this.upstream.pathname}${this.upstream.search}`;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.exchange(req, res));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.o.port ?? 0, this.o.host ?? '127.0.0.1', () => resolve());
    });
    const a = this.server.address() as AddressInfo;
    this.origin = `http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`;
    this.record({ dir: 'local', lane: 'lifecycle', raw: `tapping ${this.o.upstream} at ${this.url}`, size: 0, meta: { transport: 'http', event: 'connect', url: this.o.upstream } });
  }

  async close(): Promise<void> {
    if (!this.server) return;
    const closed = new Promise<void>((r) => this.server!.close(() => r()));
    this.server.closeAllConnections();
    await closed;
    this.record({ dir: 'local', lane: 'lifecycle', raw: `stopped tapping ${this.o.upstream}`, size: 0, meta: { transport: 'http', event: 'disconnect', url: this.o.upstream } });
  }

  private record(f: Omit<Frame, 'seq' | 'ts'> & { ts?: number }): number {
    const frame = { ...f, seq: ++this.seq, ts: f.ts ?? this.clock.now() } as Frame;
    this.o.onFrame(frame);
    return frame.seq;
  }

  private async exchange(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const target = new URL(req.url ?? '/', this.base);
    const body = method === 'POST' || method === 'PUT' ? await readBody(req) : undefined;
    const bodyText = body?.toString('utf8');
    const onEndpoint = target.pathname === this.upstream.pathname;
    const stream: StreamRole = method === 'DELETE' ? 'delete' : this.legacy || !onEndpoint ? 'legacy' : method === 'GET' ? 'get' : 'post';
    const pairs = requestPairs(req);
    const lastEventId = pairs.find(([k]) => k.toLowerCase() === 'last-event-id')?.[1];
    const sentAt = this.clock.now();
    const head = [`${method} ${target.pathname}${target.search} HTTP/1.1`, ...pairs.map(([k, v]) => `${k}: ${v}`)].join('\r\n') + '\r\n\r\n';
    // Only the MCP endpoints carry JSON-RPC; JSON elsewhere (OAuth metadata, registration, tokens)
    // stays in the HTTP frames, where the OAuth chain and the auth.* rules read it.
    const carriesMessages = this.legacy || onEndpoint;
    const bodyIsMessage = carriesMessages && bodyText !== undefined && isJsonRpc(bodyText);
    // The URL as the host asked it: what a server behind the tap names in its OAuth metadata, and
    // what the host compares the metadata's `resource` with.
    const url = new URL(`${target.pathname}${target.search}`, this.origin).href;
    const requestMeta: HttpRequestMeta = stream === 'get'
      ? { transport: 'http', phase: 'request', stream, method, url, headers: masked(pairs), bodyBytes: body?.length ?? 0, ...(lastEventId ? { lastEventId } : {}) }
      : { transport: 'http', phase: 'request', stream, method, url, headers: masked(pairs), bodyBytes: body?.length ?? 0 };
    const id = this.record({ dir: 'c2s', lane: 'http', ts: sentAt, raw: maskHttpHead(head) + (bodyIsMessage ? '' : bodyText ?? ''), size: Buffer.byteLength(head) + (body?.length ?? 0), meta: requestMeta });
    if (bodyIsMessage) this.record({ dir: 'c2s', lane: 'message', raw: bodyText!, size: body!.length, meta: { transport: 'http', exchange: id, stream } });

    const end = (meta: EndFields, raw = '') =>
      this.record({ dir: 's2c', lane: 'http', raw, size: Buffer.byteLength(raw), meta: { transport: 'http', phase: 'end', exchange: id, stream, sentAt, ...meta } as HttpEndMeta });

    const headers = new Headers();
    for (const [k, v] of pairs) if (!HOP.has(k.toLowerCase()) && k.toLowerCase() !== 'accept-encoding') headers.append(k, v);
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    let upstream: Response;
    try {
      upstream = await fetch(target, { method, headers, body: body && body.length > 0 ? new Uint8Array(body) : undefined, redirect: 'manual', signal: abort.signal });
    } catch (e) {
      const error = `loupe tap: cannot reach ${target.origin}: ${(e as Error).cause ? String((e as Error & { cause: Error }).cause.message ?? (e as Error).cause) : (e as Error).message}`;
      end({ error, errorCode: 'network', doneAt: this.clock.now() });
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(error + '\n');
      return;
    }
    const headersAt = this.clock.now();
    const responsePairs: HeaderPairs = [];
    upstream.headers.forEach((v, k) => responsePairs.push([k, v]));
    const responseHead = [`HTTP/1.1 ${upstream.status} ${upstream.statusText}`, ...responsePairs.map(([k, v]) => `${k}: ${v}`)].join('\r\n') + '\r\n\r\n';
    this.record({
      dir: 's2c', lane: 'http', ts: headersAt, raw: maskHttpHead(responseHead), size: Buffer.byteLength(responseHead),
      meta: { transport: 'http', phase: 'response', exchange: id, stream, status: upstream.status, statusText: upstream.statusText, headers: masked(responsePairs), contentType: upstream.headers.get('content-type') ?? undefined, sentAt, headersAt },
    });
    // fetch has decoded any content encoding, so the length and encoding no longer describe the bytes.
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of responsePairs) {
      const key = k.toLowerCase();
      if (HOP.has(key) || key === 'content-encoding') continue;
      out[k] = key in out ? ([] as string[]).concat(out[k], v) : v;
    }
    const setCookie = upstream.headers.getSetCookie();
    if (setCookie.length > 0) out['set-cookie'] = setCookie;
    res.writeHead(upstream.status, upstream.statusText, out);
    res.flushHeaders();

    const type = (upstream.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (!upstream.body) {
      res.end();
      end({ headersAt, doneAt: this.clock.now(), bytes: 0 });
      return;
    }
    if (type === 'text/event-stream') return this.pumpEvents(upstream.body, res, { id, stream, headersAt, end });
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of chunksOf(upstream.body)) {
        const b = Buffer.from(chunk);
        chunks.push(b);
        res.write(b);
      }
    } catch (e) {
      end({ headersAt, doneAt: this.clock.now(), error: (e as Error).message, errorCode: 'network' });
      res.destroy();
      return;
    }
    res.end();
    const all = Buffer.concat(chunks);
    const text = all.toString('utf8');
    if (carriesMessages && type === 'application/json' && isJsonRpc(text)) {
      this.record({ dir: 's2c', lane: 'message', raw: text, size: all.length, meta: { transport: 'http', exchange: id, stream } });
      end({ headersAt, doneAt: this.clock.now(), bytes: all.length });
    } else {
      end({ headersAt, doneAt: this.clock.now(), bytes: all.length }, text);
    }
  }

  /** Passes SSE bytes on as they come and records each event; rewrites a legacy endpoint that names the server. */
  private async pumpEvents(body: ReadableStream<Uint8Array>, res: ServerResponse, x: { id: number; stream: StreamRole; headersAt: number; end: (m: EndFields, raw?: string) => number }): Promise<void> {
    const ids: string[] = [];
    let events = 0;
    let bytes = 0;
    let retryMs: number | undefined;
    const onEvent = (e: EventSourceMessage) => {
      events++;
      if (e.id) ids.push(e.id);
      const sse = { ...(e.id ? { eventId: e.id } : {}), ...(e.event ? { event: e.event } : {}) };
      if (e.data && isJsonRpc(e.data)) this.record({ dir: 's2c', lane: 'message', raw: e.data, size: Buffer.byteLength(e.data), meta: { transport: 'http', exchange: x.id, stream: x.stream, ...sse } });
      else this.record({ dir: 's2c', lane: 'http', raw: e.data, size: Buffer.byteLength(e.data), meta: { transport: 'http', phase: 'event', exchange: x.id, stream: x.stream, ...sse } });
    };
    const parser = createParser({ onEvent, onRetry: (ms) => (retryMs = ms) });
    const decoder = new TextDecoder();
    // The legacy endpoint event is the stream's first; hold bytes until it is complete so an
    // absolute URL naming the server can be pointed at the tap instead.
    let holding = x.stream === 'legacy';
    let held = '';
    try {
      for await (const chunk of chunksOf(body)) {
        bytes += chunk.length;
        const text = decoder.decode(chunk, { stream: true });
        parser.feed(text);
        if (!holding) {
          res.write(chunk);
          continue;
        }
        held += text;
        const blank = /\r?\n\r?\n/.exec(held);
        if (blank) {
          res.write(held.split(this.base).join(this.origin));
          holding = false;
          held = '';
        }
      }
      if (held) res.write(held);
      res.end();
      x.end({ headersAt: x.headersAt, doneAt: this.clock.now(), bytes, events, streamEnd: 'done', ...(ids.length ? { eventIds: ids, lastEventId: ids.at(-1) } : {}), ...(retryMs !== undefined ? { retryMs } : {}) });
    } catch (e) {
      res.destroy();
      // A host that hangs up its stream is how GET streams end; the server breaking it is not.
      const aborted = res.destroyed && (e as Error).name === 'AbortError';
      x.end({ headersAt: x.headersAt, doneAt: this.clock.now(), bytes, events, streamEnd: aborted ? 'aborted' : 'error', ...(aborted ? {} : { error: (e as Error).message, errorCode: 'network' as const }), ...(ids.length ? { eventIds: ids, lastEventId: ids.at(-1) } : {}) });
    }
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
