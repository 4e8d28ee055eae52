/**
 * Streamable HTTP (spec 2025-11-25, basic/transports): one POST per message, JSON or SSE answers,
 * the session id and the negotiated version sent on every later request, a GET stream for what
 * the server starts, resumption with Last-Event-ID, DELETE on close.
 */
import type { Frame } from '../../../lib/mcp/frame';
import { META_KEYS } from '../../../lib/mcp/modern';
import type { RecordCrossing, SendOptions } from '../types';
import type { HttpTransport, SessionExpired } from './contract';
import { HttpTransportError, sessionExpiredError, statusError } from './errors';
import type { MicroClock, ResolvedHttpOptions, SideRequest, SideResponse } from './options';
import { readText } from './body';
import { probeServer, type ProbeReport } from './probes';
import { pause, pumpSse, settleWithin, type StreamState } from './sse-pump';
import { initializeId, methods, negotiatedVersion, requestIds, responseIds, setHeader, tryParse, type RpcId } from './sniff';
import { HttpWire, mediaType, type OpenExchange } from './wire';

export class StreamableHttpTransport implements HttpTransport {
  readonly kind = 'streamable' as const;
  onCrossing?: RecordCrossing;
  onMessage?: (frame: Frame, json: unknown) => void;
  onClosed?: (reason: string) => void;
  onSessionExpired?: (e: SessionExpired) => void;

  private readonly closeCtl = new AbortController();
  private readonly wire: HttpWire;
  private readonly tasks = new Set<Promise<void>>();
  private session?: string;
  private version?: string;
  private initId?: RpcId;
  private expiredFlag = false;
  private getStreamStarted = false;
  private closing?: Promise<void>;

  constructor(
    readonly url: string,
    private readonly custom: Record<string, string>,
    private readonly clock: MicroClock,
    private readonly opts: ResolvedHttpOptions,
  ) {
    this.wire = new HttpWire(clock, () => this.onCrossing, this.closeCtl.signal);
  }

  get expired(): boolean {
    return this.expiredFlag;
  }

  sessionId(): string | undefined {
    return this.session;
  }

  resetSession(): void {
    this.session = undefined;
    this.version = undefined;
    this.initId = undefined;
    this.expiredFlag = false;
    this.getStreamStarted = false;
  }

  probe(options: { timeoutMs?: number; protocolVersion?: string } = {}): Promise<ProbeReport> {
    return probeServer(this.url, this.custom, { ...options, clock: this.clock, record: (c) => this.wire.record(c) });
  }

  async start(): Promise<void> {
    this.wire.record({
      dir: 'local',
      lane: 'lifecycle',
      raw: `connect ${this.url} (Streamable HTTP)`,
      meta: { transport: 'http', event: 'connect', url: this.url, mode: 'streamable' },
    });
  }

  async send(text: string, options: SendOptions = {}): Promise<void> {
    if (this.closing) throw new HttpTransportError('closed', 'the connection is closed: open a new session');
    const json = tryParse(text);
    const init = initializeId(json);
    if (init !== undefined) {
      if (this.expiredFlag) this.resetSession();
      this.initId = init;
    }
    let ex: OpenExchange;
    let sentSession: string | undefined;
    for (;;) {
      const headers = this.headers('post');
      for (const [name, value] of Object.entries(options.headers ?? {})) setHeader(headers, name, value);
      sentSession = headers['Mcp-Session-Id'];
      ex = await this.wire.open({
        method: 'POST',
        url: this.url,
        headers,
        body: text,
        bodyIsMessage: true,
        role: 'post',
        timeoutMs: this.opts.requestTimeoutMs,
        signal: options.signal,
      });
      if (!(await this.retryAfterRefusal(ex))) break;
    }
    const res = ex.response;
    if (!res.ok) {
      const body = await readText(ex, this.opts.requestTimeoutMs);
      if (res.status === 404 && sentSession) {
        ex.end({ raw: body.text, bytes: body.bytes, sessionExpired: true });
        this.expire(sentSession, ex.id);
        throw sessionExpiredError(sentSession);
      }
      if (answersModernRequest(json, body.text)) {
        // 2026-07-28 servers answer with an HTTP error status and a JSON-RPC error to the request
        // (-32022 with 400, -32601 with 404): that error is the answer, a message like any other.
        const frame = this.wire.recordMessage('s2c', body.text, { exchange: ex.id, stream: 'post' }, body);
        ex.end({ bytes: body.bytes, error: body.error });
        this.deliver(body.text, frame);
        return;
      }
      ex.end({ raw: body.text, bytes: body.bytes, error: body.error });
      throw statusError('POST', this.url, res.status, res.statusText, body.text);
    }
    if (init !== undefined) this.session = res.headers.get('mcp-session-id') ?? this.session;
    const type = mediaType(res);
    if (type === 'text/event-stream') {
      this.track(this.consumePostStream(ex, new Set(requestIds(json)), options.onUnanswerable));
      return;
    }
    const body = await readText(ex, this.opts.requestTimeoutMs);
    if (type === 'application/json' && body.text !== '') {
      const frame = this.wire.recordMessage('s2c', body.text, { exchange: ex.id, stream: 'post' }, body);
      ex.end({ bytes: body.bytes, error: body.error });
      this.deliver(body.text, frame);
    } else {
      ex.end({ raw: body.text, bytes: body.bytes, error: body.error });
      if (requestIds(json).length > 0 && res.status !== 202) {
        throw new HttpTransportError(
          'content-type',
          `POST ${this.url} answered a request with ${type || 'no content type'}: expected application/json or text/event-stream`,
          res.status,
        );
      }
    }
    if (methods(json).includes('notifications/initialized')) this.openGetStream();
  }

  async close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    if (this.session && !this.expiredFlag) {
      try {
        const ex = await this.wire.open({
          method: 'DELETE',
          url: this.url,
          headers: this.headers('delete'),
          role: 'delete',
          timeoutMs: this.opts.closeTimeoutMs,
        });
        const body = await readText(ex, this.opts.closeTimeoutMs);
        ex.end({ raw: body.text, bytes: body.bytes, error: body.error });
      } catch {
        // Recorded by the wire; a server that cannot take the DELETE must not stop the close.
      }
    }
    this.closeCtl.abort();
    await settleWithin([...this.tasks], this.opts.closeTimeoutMs);
    this.wire.record({ dir: 'local', lane: 'lifecycle', raw: `disconnect ${this.url}`, meta: { transport: 'http', event: 'disconnect', url: this.url } });
  }

  /** A 401 or 403 goes to the credential source (OAuth), whose requests are recorded on this
   *  wire; true when it has a new credential and the request should be sent again. The refused
   *  exchange is ended here, with its body. */
  private async retryAfterRefusal(ex: OpenExchange): Promise<boolean> {
    const status = ex.response.status;
    const auth = this.opts.auth;
    if (!auth || (status !== 401 && status !== 403)) return false;
    const body = await readText(ex, this.opts.requestTimeoutMs);
    ex.end({ raw: body.text, bytes: body.bytes, error: body.error });
    return auth.refused({
      status,
      url: this.url,
      wwwAuthenticate: ex.response.headers.get('www-authenticate') ?? undefined,
      fetch: (req) => this.sideFetch(req),
    });
  }

  /** An OAuth request, recorded as an exchange of this session (role `oauth`). */
  private async sideFetch(req: SideRequest): Promise<SideResponse> {
    const ex = await this.wire.open({
      method: req.method,
      url: req.url,
      headers: req.headers,
      body: req.body,
      role: 'oauth',
      oauth: req.step,
      timeoutMs: this.opts.requestTimeoutMs,
    });
    const body = await readText(ex, this.opts.requestTimeoutMs);
    ex.end({ raw: body.text, bytes: body.bytes, error: body.error });
    return { status: ex.response.status, headers: Object.fromEntries(ex.response.headers), text: body.text };
  }

  private headers(kind: 'post' | 'get' | 'delete', lastEventId?: string): Record<string, string> {
    const h = { ...this.custom, ...this.opts.auth?.headers() };
    if (kind === 'post') {
      setHeader(h, 'Accept', 'application/json, text/event-stream');
      setHeader(h, 'Content-Type', 'application/json');
    } else if (kind === 'get') {
      setHeader(h, 'Accept', 'text/event-stream');
    }
    if (this.session) setHeader(h, 'Mcp-Session-Id', this.session);
    if (this.version) setHeader(h, 'MCP-Protocol-Version', this.version);
    if (lastEventId !== undefined) setHeader(h, 'Last-Event-ID', lastEventId);
    return h;
  }

  private deliver(text: string, frame: Frame | undefined): void {
    const json = tryParse(text);
    if (json === undefined) return;
    if (this.initId !== undefined) {
      const v = negotiatedVersion(json, this.initId);
      if (v) this.version = v;
    }
    try {
      if (frame) this.onMessage?.(frame, json);
    } catch {
      // A failing consumer must not break the stream that carried the message.
    }
  }

  private expire(sessionId: string, exchange: number): void {
    if (this.expiredFlag) return;
    this.expiredFlag = true;
    // A lifecycle frame, so that the trace itself says why the next initialize happens.
    const error = `the server answered 404: session ${sessionId} expired; re-initialize to start a new session`;
    this.wire.record({
      dir: 'local',
      lane: 'lifecycle',
      raw: `session expired: ${sessionId}`,
      meta: { transport: 'http', event: 'session-expired', sessionId, exchange, error },
    });
    this.onSessionExpired?.({ sessionId, url: this.url, exchange });
  }

  private track(p: Promise<void>): void {
    const t = p.catch(() => undefined).finally(() => this.tasks.delete(t));
    this.tasks.add(t);
  }

  /** Reads the POST's SSE answer; if it drops before every request is answered, resumes it with
   *  GET + Last-Event-ID after the server's `retry` (spec: Resumability and Redelivery). */
  private async consumePostStream(first: OpenExchange, pending: Set<RpcId>, onUnanswerable?: (reason: string) => void): Promise<void> {
    const state: StreamState = {};
    let ex = first;
    let resumption = false;
    let misses = 0;
    const lost = (why: string) => {
      if (pending.size > 0 && !this.closeCtl.signal.aborted && !this.expiredFlag) onUnanswerable?.(why);
    };
    for (;;) {
      const r = await pumpSse(this.wire, ex, {
        idleMs: this.opts.streamIdleTimeoutMs,
        role: resumption ? 'get' : 'post',
        resumption,
        state,
        deliver: (text, frame) => {
          for (const id of responseIds(tryParse(text))) pending.delete(id);
          this.deliver(text, frame);
        },
        endNote: () => {
          if (pending.size === 0 || this.closeCtl.signal.aborted) return undefined;
          const ids = [...pending].map((id) => JSON.stringify(id)).join(', ');
          return state.lastEventId
            ? `the stream ended before the answer to request ${ids}: resuming from event ${state.lastEventId}`
            : `the stream ended before the answer to request ${ids}, with no event id to resume from: the request fails now`;
        },
      });
      if (pending.size === 0 || this.closeCtl.signal.aborted || this.expiredFlag) return;
      if (!state.lastEventId) return lost("the POST's event stream ended before the answer, with no event id to resume from");
      misses = r.events > 0 ? 1 : misses + 1;
      if (misses > this.opts.maxReconnects) return lost(`the POST's event stream ended before the answer, and resuming it failed ${misses - 1} times`);
      await pause(state.retryMs ?? this.opts.defaultRetryMs, this.closeCtl.signal);
      const next = await this.openGet(state.lastEventId, first.id);
      if (!next) return lost("the POST's event stream ended before the answer, and the server refused to resume it");
      ex = next;
      resumption = true;
    }
  }

  /** The standalone GET stream for requests and notifications the server starts on its own. */
  private openGetStream(): void {
    if (this.getStreamStarted || !this.session) return;
    this.getStreamStarted = true;
    this.track(this.runGetStream());
  }

  private async runGetStream(): Promise<void> {
    const state: StreamState = {};
    let misses = 0;
    while (!this.closeCtl.signal.aborted && !this.expiredFlag) {
      const resumption = state.lastEventId !== undefined;
      let ex: OpenExchange | null | undefined;
      try {
        ex = await this.openGet(state.lastEventId);
      } catch {
        ex = undefined;
        misses++;
      }
      if (ex === null) return;
      if (ex) {
        const r = await pumpSse(this.wire, ex, {
          idleMs: this.opts.streamIdleTimeoutMs,
          role: 'get',
          resumption,
          state,
          deliver: (t, frame) => this.deliver(t, frame),
        });
        misses = r.events > 0 ? 1 : misses + 1;
      }
      if (this.closeCtl.signal.aborted || misses > this.opts.maxReconnects) return;
      await pause(state.retryMs ?? this.opts.defaultRetryMs, this.closeCtl.signal);
    }
  }

  /** Opens a GET SSE stream. Answers null (after recording why) when the server offers none:
   *  405 is the quiet "no GET stream here", 404 expires the session, anything else is shown. */
  private async openGet(lastEventId: string | undefined, resumes?: number): Promise<OpenExchange | null> {
    const headers = this.headers('get', lastEventId);
    const ex = await this.wire.open({ method: 'GET', url: this.url, headers, role: 'get', lastEventId, resumes, timeoutMs: this.opts.requestTimeoutMs });
    if (ex.response.ok && mediaType(ex.response) === 'text/event-stream') return ex;
    const body = await readText(ex, this.opts.requestTimeoutMs);
    const status = ex.response.status;
    const sentSession = headers['Mcp-Session-Id'];
    const expired = status === 404 && sentSession !== undefined;
    ex.end({
      raw: body.text,
      bytes: body.bytes,
      error: body.error,
      ...(status === 405 ? { note: 'the server offers no GET stream (405)' } : {}),
      ...(expired ? { sessionExpired: true } : {}),
    });
    if (expired) this.expire(sentSession, ex.id);
    return null;
  }
}

/** The body is a JSON-RPC error to a request that carried the 2026-07-28 `_meta` version. */
function answersModernRequest(sent: unknown, body: string): boolean {
  const ids = requestIds(sent);
  const m = sent as { params?: { _meta?: Record<string, unknown> } } | undefined;
  if (ids.length === 0 || typeof m?.params?._meta?.[META_KEYS.protocolVersion] !== 'string') return false;
  const answer = tryParse(body) as { id?: unknown; error?: unknown } | undefined;
  return typeof answer?.error === 'object' && answer.error !== null && ids.includes(answer.id as RpcId);
}
