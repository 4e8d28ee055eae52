/**
 * Legacy HTTP+SSE (spec 2024-11-05): GET opens an SSE stream whose first `endpoint` event names
 * the URL to POST messages to; every answer comes back on that one stream.
 */
import type { Frame } from '../../../lib/mcp/frame';
import type { RecordCrossing } from '../types';
import type { HttpTransport, SessionExpired } from './contract';
import { HttpTransportError, statusError, timeoutError } from './errors';
import type { MicroClock, ResolvedHttpOptions } from './options';
import { readText } from './body';
import { probeServer, type ProbeReport } from './probes';
import { pumpSse, settleWithin } from './sse-pump';
import { initializeId, negotiatedVersion, setHeader, tryParse, type RpcId } from './sniff';
import { HttpWire, mediaType } from './wire';

export class LegacySseTransport implements HttpTransport {
  readonly kind = 'sse' as const;
  readonly expired = false;
  onCrossing?: RecordCrossing;
  onMessage?: (frame: Frame, json: unknown) => void;
  onClosed?: (reason: string) => void;
  onSessionExpired?: (e: SessionExpired) => void;

  private readonly closeCtl = new AbortController();
  private readonly wire: HttpWire;
  private endpoint?: string;
  private version?: string;
  private initId?: RpcId;
  private stream?: Promise<void>;
  private closing?: Promise<void>;

  constructor(
    readonly url: string,
    private readonly custom: Record<string, string>,
    private readonly clock: MicroClock,
    private readonly opts: ResolvedHttpOptions,
  ) {
    this.wire = new HttpWire(clock, () => this.onCrossing, this.closeCtl.signal);
  }

  sessionId(): string | undefined {
    return this.endpoint ? (new URL(this.endpoint).searchParams.get('sessionId') ?? undefined) : undefined;
  }

  resetSession(): void {
    // A legacy session lives as long as its stream; there is nothing to reset in place.
  }

  /** The probes speak HTTP+SSE on connections of their own: never this session's stream or endpoint. */
  probe(options: { timeoutMs?: number; protocolVersion?: string } = {}): Promise<ProbeReport> {
    return probeServer(this.url, this.custom, { ...options, transport: 'sse', clock: this.clock, record: (c) => this.wire.record(c) });
  }

  async start(): Promise<void> {
    this.wire.record({
      dir: 'local',
      lane: 'lifecycle',
      raw: `connect ${this.url} (HTTP+SSE)`,
      meta: { transport: 'http', event: 'connect', url: this.url, mode: 'sse' },
    });
    const headers = { ...this.custom };
    setHeader(headers, 'Accept', 'text/event-stream');
    const ex = await this.wire.open({ method: 'GET', url: this.url, headers, role: 'legacy', timeoutMs: this.opts.connectTimeoutMs });
    if (!ex.response.ok || mediaType(ex.response) !== 'text/event-stream') {
      const body = await readText(ex, this.opts.connectTimeoutMs);
      ex.end({ raw: body.text, bytes: body.bytes, error: body.error });
      if (!ex.response.ok) throw statusError('GET', this.url, ex.response.status, ex.response.statusText, body.text);
      throw new HttpTransportError(
        'content-type',
        `GET ${this.url} answered ${mediaType(ex.response) || 'no content type'}: an HTTP+SSE server answers text/event-stream`,
      );
    }
    let connected = false;
    let found!: (url: string) => void;
    let failed!: (e: Error) => void;
    const endpoint = new Promise<string>((res, rej) => {
      found = res;
      failed = rej;
    });
    this.stream = pumpSse(this.wire, ex, {
      idleMs: 0,
      role: 'legacy',
      resumption: false,
      state: {},
      deliver: (text, frame) => this.deliver(text, frame),
      onControl: (ev) => {
        if (ev.event !== 'endpoint' || this.endpoint) return;
        try {
          const target = new URL(ev.data, this.url);
          if (target.origin !== new URL(this.url).origin) throw new Error(`it points at another origin (${target.origin})`);
          this.endpoint = target.href;
          found(target.href);
        } catch (e) {
          failed(new HttpTransportError('endpoint', `the server's endpoint event "${ev.data}" is unusable: ${(e as Error).message}`));
        }
      },
    })
      .then((r) => {
        failed(new HttpTransportError('endpoint', `the SSE stream ended before it named an endpoint${r.error ? ` (${r.error})` : ''}`));
        // A start that failed already said why; only a connected stream can end "by itself".
        if (this.closeCtl.signal.aborted || !connected) return;
        this.wire.record({
          dir: 'local',
          lane: 'lifecycle',
          raw: `disconnect ${this.url}: the server ended the SSE stream`,
          meta: { transport: 'http', event: 'disconnect', url: this.url },
        });
        this.onClosed?.(`the server ended the SSE stream${r.error ? `: ${r.error}` : ''}`);
      })
      .catch(() => undefined);
    const timer = setTimeout(
      () => failed(timeoutError(`waiting for the endpoint event of ${this.url}`, this.opts.connectTimeoutMs)),
      this.opts.connectTimeoutMs,
    );
    try {
      await endpoint;
      connected = true;
    } catch (e) {
      ex.controller.abort();
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  async send(text: string): Promise<void> {
    if (this.closing) throw new HttpTransportError('closed', 'the connection is closed: open a new session');
    if (!this.endpoint) throw new HttpTransportError('endpoint', 'not connected yet: the server has not named its message endpoint');
    const json = tryParse(text);
    const init = initializeId(json);
    if (init !== undefined) this.initId = init;
    const headers = { ...this.custom };
    setHeader(headers, 'Accept', 'application/json, text/event-stream');
    setHeader(headers, 'Content-Type', 'application/json');
    if (this.version) setHeader(headers, 'MCP-Protocol-Version', this.version);
    const ex = await this.wire.open({
      method: 'POST',
      url: this.endpoint,
      headers,
      body: text,
      bodyIsMessage: true,
      role: 'post',
      timeoutMs: this.opts.requestTimeoutMs,
    });
    const body = await readText(ex, this.opts.requestTimeoutMs);
    ex.end({ raw: body.text, bytes: body.bytes, error: body.error });
    if (!ex.response.ok) throw statusError('POST', this.endpoint, ex.response.status, ex.response.statusText, body.text);
  }

  async close(): Promise<void> {
    this.closing ??= (async () => {
      this.closeCtl.abort();
      if (this.stream) await settleWithin([this.stream], this.opts.closeTimeoutMs);
      this.wire.record({ dir: 'local', lane: 'lifecycle', raw: `disconnect ${this.url}`, meta: { transport: 'http', event: 'disconnect', url: this.url } });
    })();
    return this.closing;
  }

  private deliver(text: string, frame: Frame | undefined): void {
    const json = tryParse(text);
    if (json === undefined) return;
    if (this.initId !== undefined) this.version = negotiatedVersion(json, this.initId) ?? this.version;
    try {
      if (frame) this.onMessage?.(frame, json);
    } catch {
      // A failing consumer must not break the stream.
    }
  }
}
