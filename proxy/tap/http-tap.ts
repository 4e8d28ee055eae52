/**
 * The HTTP tap: a reverse proxy a host is pointed at instead of its server. Every request is
 * passed on to the server and every answer back, byte for byte and as it streams (SSE events reach
 * the host as the server sends them), while each exchange is recorded in the same frames the
 * Streamable HTTP transport writes: the request head, the JSON-RPC messages it carried, the
 * response head, SSE events, and an end frame. Every status is kept (401 with its
 * WWW-Authenticate, 403, 404, and the tap's own 502 when the server cannot be reached).
 * Credentials are masked in what is recorded; the host's requests carry them on unchanged.
 *
 * It forwards only to its one upstream, for loopback hosts, within a body limit (see
 * http-tap-admission.ts); what it refuses is answered 4xx with the reason and recorded all the same,
 * so a person sees it in the tap's traffic. A server's answer over the limit still reaches the host
 * whole; the recording keeps its size and says why it kept no more.
 *
 * Legacy HTTP+SSE (2024-11-05) works too: the `endpoint` event of the GET stream is rewritten when
 * it names the server's origin, so the host posts its messages to the tap.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, HeaderPairs, HttpEndMeta, HttpRequestMeta, StreamRole } from '../../lib/mcp/frame';
import { maskHeaderValue, maskHttpHead } from '../../lib/mcp/secret-headers';
import { formatBytes } from '../../lib/text/bytes';
import { SessionClock } from '../shared/clock';
import { admitRequest, TAP_BODY_LIMIT, tooLarge, type AdmissionConfig, type TapRefusal } from './http-tap-admission';
import { chunksOf, isJsonRpc, passOn, readBoundedBody, RecordedBody } from './http-tap-body';
import { pumpEvents, type EndFields } from './http-tap-sse';

export interface HttpTapOptions {
  /** The server's MCP endpoint, e.g. https://server.example/mcp. */
  upstream: string;
  host?: string;
  port?: number;
  /** Which transport the server speaks: `auto` takes a path ending in /sse for legacy HTTP+SSE. */
  mode?: 'streamable' | 'sse' | 'auto';
  onFrame: (frame: Frame) => void;
  /** The largest request body passed on, and response body recorded; TAP_BODY_LIMIT by default. */
  maxBodyBytes?: number;
}

/** Headers that belong to one hop, never passed on (RFC 9110 §7.6.1), plus what fetch sets itself. */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host', 'content-length']);

const masked = (pairs: HeaderPairs): HeaderPairs => pairs.map(([k, v]) => [k, maskHeaderValue(k, v)]);

function requestPairs(req: IncomingMessage): HeaderPairs {
  const out: HeaderPairs = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) out.push([req.rawHeaders[i], req.rawHeaders[i + 1]]);
  return out;
}

export class HttpTap {
  readonly clock = new SessionClock();
  private server?: Server;
  private seq = 0;
  private readonly upstream: URL;
  /** Requests to this path prefix go to the server; the legacy message endpoint lives beside it. */
  private readonly base: string;
  private origin = '';
  private admission?: AdmissionConfig;
  private readonly maxBody: number;

  private readonly legacy: boolean;

  constructor(private readonly o: HttpTapOptions) {
    this.upstream = new URL(o.upstream);
    this.base = this.upstream.origin;
    this.maxBody = o.maxBodyBytes ?? TAP_BODY_LIMIT;
    this.legacy = o.mode === 'sse' || ((o.mode ?? 'auto') === 'auto' && /\/sse\/?$/.test(this.upstream.pathname));
  }

  /** The address the host should use in place of the server's. */
  get url(): string {
    return `${this.origin}${this.upstream.pathname}${this.upstream.search}`;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.exchange(req, res).catch((e: unknown) => this.broke(res, e)));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.o.port ?? 0, this.o.host ?? '127.0.0.1', () => resolve());
    });
    // Past listen, a server error (a socket error the per-request handlers did not see) is
    // written down in the tap's traffic instead of ending the process as an unhandled 'error'.
    this.server.on('error', (e: Error) => this.record({ dir: 'local', lane: 'lifecycle', raw: `the tap's listener: ${e.message}`, size: 0 }));
    this.server.on('clientError', (e: Error, socket) => {
      if (socket.writable)
        socket.end(
          "HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\nLoupe's tap could not read this request: " +
            e.message.replace(/[\r\n]/g, ' ') +
            '\n',
        );
      else socket.destroy();
    });
    const a = this.server.address() as AddressInfo;
    this.origin = `http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`;
    this.admission = { port: a.port, listenHost: this.o.host ?? '127.0.0.1', upstreamOrigin: this.base, tapUrl: this.url, maxBodyBytes: this.maxBody };
    this.record({
      dir: 'local',
      lane: 'lifecycle',
      raw: `tapping ${this.o.upstream} at ${this.url}`,
      size: 0,
      meta: { transport: 'http', event: 'connect', url: this.o.upstream },
    });
  }

  async close(): Promise<void> {
    if (!this.server) return;
    const closed = new Promise<void>((r) => this.server!.close(() => r()));
    this.server.closeAllConnections();
    await closed;
    this.record({
      dir: 'local',
      lane: 'lifecycle',
      raw: `stopped tapping ${this.o.upstream}`,
      size: 0,
      meta: { transport: 'http', event: 'disconnect', url: this.o.upstream },
    });
  }

  private record(f: Omit<Frame, 'seq' | 'ts'> & { ts?: number }): number {
    const frame = { ...f, seq: ++this.seq, ts: f.ts ?? this.clock.now() } as Frame;
    this.o.onFrame(frame);
    return frame.seq;
  }

  private async exchange(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const target = admitRequest(req, this.admission!);
    if (!(target instanceof URL)) return this.refuse(req, res, method, target);
    let body: Buffer | undefined;
    if (method === 'POST' || method === 'PUT') {
      const read = await readBoundedBody(req, this.maxBody);
      if ('over' in read) return this.refuse(req, res, method, tooLarge(read.over, this.maxBody, 'had reached'), read.over);
      if ('failed' in read) return this.refuse(req, res, method, { status: 400, reason: `loupe tap: ${read.failed}` });
      body = read.body;
    }
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
    const requestMeta: HttpRequestMeta =
      stream === 'get'
        ? {
            transport: 'http',
            phase: 'request',
            stream,
            method,
            url,
            headers: masked(pairs),
            bodyBytes: body?.length ?? 0,
            ...(lastEventId ? { lastEventId } : {}),
          }
        : { transport: 'http', phase: 'request', stream, method, url, headers: masked(pairs), bodyBytes: body?.length ?? 0 };
    const id = this.record({
      dir: 'c2s',
      lane: 'http',
      ts: sentAt,
      raw: maskHttpHead(head) + (bodyIsMessage ? '' : (bodyText ?? '')),
      size: Buffer.byteLength(head) + (body?.length ?? 0),
      meta: requestMeta,
    });
    if (bodyIsMessage) this.record({ dir: 'c2s', lane: 'message', raw: bodyText!, size: body!.length, meta: { transport: 'http', exchange: id, stream } });

    const end = (meta: EndFields, raw = '') =>
      this.record({
        dir: 's2c',
        lane: 'http',
        raw,
        size: Buffer.byteLength(raw),
        meta: { transport: 'http', phase: 'end', exchange: id, stream, sentAt, ...meta } as HttpEndMeta,
      });

    const headers = new Headers();
    for (const [k, v] of pairs) if (!HOP.has(k.toLowerCase()) && k.toLowerCase() !== 'accept-encoding') headers.append(k, v);
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    let upstream: Response;
    try {
      upstream = await fetch(target, {
        method,
        headers,
        body: body && body.length > 0 ? new Uint8Array(body) : undefined,
        redirect: 'manual',
        signal: abort.signal,
      });
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
      dir: 's2c',
      lane: 'http',
      ts: headersAt,
      raw: maskHttpHead(responseHead),
      size: Buffer.byteLength(responseHead),
      meta: {
        transport: 'http',
        phase: 'response',
        exchange: id,
        stream,
        status: upstream.status,
        statusText: upstream.statusText,
        headers: masked(responsePairs),
        contentType: upstream.headers.get('content-type') ?? undefined,
        sentAt,
        headersAt,
      },
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
    if (type === 'text/event-stream') {
      return pumpEvents(upstream.body, res, {
        id,
        stream,
        headersAt,
        end,
        record: (f) => this.record(f),
        now: () => this.clock.now(),
        rewrite: { from: this.base, to: this.origin },
        limit: this.maxBody,
      });
    }
    const kept = new RecordedBody(this.maxBody);
    try {
      for await (const chunk of chunksOf(upstream.body)) {
        kept.add(chunk);
        await passOn(res, chunk);
      }
    } catch (e) {
      end({ headersAt, doneAt: this.clock.now(), bytes: kept.bytes, error: (e as Error).message, errorCode: 'network' });
      res.destroy();
      return;
    }
    res.end();
    if (kept.over) {
      end({
        headersAt,
        doneAt: this.clock.now(),
        bytes: kept.bytes,
        note: `the body was passed on whole but not recorded: it is over the tap's recording limit of ${formatBytes(this.maxBody)}`,
      });
      return;
    }
    const all = kept.buffer;
    const text = all.toString('utf8');
    if (carriesMessages && type === 'application/json' && isJsonRpc(text)) {
      this.record({ dir: 's2c', lane: 'message', raw: text, size: all.length, meta: { transport: 'http', exchange: id, stream } });
      end({ headersAt, doneAt: this.clock.now(), bytes: all.length });
    } else {
      end({ headersAt, doneAt: this.clock.now(), bytes: all.length }, text);
    }
  }

  /**
   * Answers a request the tap will not pass on, with the reason, and records it as an exchange
   * of its own: the request as it came (its target as the host wrote it, so a person sees where it
   * tried to go), the tap's status and an end frame carrying the reason.
   */
  private refuse(req: IncomingMessage, res: ServerResponse, method: string, refusal: TapRefusal, bodyBytes = 0): void {
    const pairs = requestPairs(req);
    const stream: StreamRole = method === 'DELETE' ? 'delete' : method === 'GET' ? 'get' : 'post';
    const head = [`${method} ${req.url ?? ''} HTTP/1.1`, ...pairs.map(([k, v]) => `${k}: ${v}`)].join('\r\n') + '\r\n\r\n';
    const sentAt = this.clock.now();
    const id = this.record({
      dir: 'c2s',
      lane: 'http',
      ts: sentAt,
      raw: maskHttpHead(head),
      size: Buffer.byteLength(head),
      meta: { transport: 'http', phase: 'request', stream, method, url: req.url ?? '', headers: masked(pairs), bodyBytes } as HttpRequestMeta,
    });
    const statusText = STATUS_CODES[refusal.status] ?? 'Refused';
    const headers: HeaderPairs = [['content-type', 'text/plain; charset=utf-8']];
    this.record({
      dir: 's2c',
      lane: 'http',
      raw: `HTTP/1.1 ${refusal.status} ${statusText}\r\ncontent-type: text/plain; charset=utf-8\r\n\r\n`,
      size: 0,
      meta: {
        transport: 'http',
        phase: 'response',
        exchange: id,
        stream,
        status: refusal.status,
        statusText,
        headers,
        contentType: headers[0][1],
        sentAt,
        headersAt: sentAt,
      },
    });
    this.record({
      dir: 's2c',
      lane: 'http',
      raw: refusal.reason,
      size: Buffer.byteLength(refusal.reason),
      meta: { transport: 'http', phase: 'end', exchange: id, stream, sentAt, doneAt: this.clock.now(), error: refusal.reason } as HttpEndMeta,
    });
    if (res.headersSent || res.destroyed) return void res.destroy();
    // The rest of a refused body is read and dropped, not kept: closing the connection under a
    // host still sending would reset it before the host could read why.
    res.writeHead(refusal.status, statusText, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end(refusal.reason + '\n');
  }

  /** Whatever goes wrong inside an exchange ends that exchange, never the tap. */
  private broke(res: ServerResponse, e: unknown): void {
    const message = `loupe tap: ${(e as Error)?.message ?? String(e)}`;
    try {
      this.record({ dir: 'local', lane: 'lifecycle', raw: message, size: 0 });
    } catch {
      // The recording itself failed; the host still gets its answer below.
    }
    if (res.headersSent) return void res.destroy();
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(message + '\n');
  }
}
