/**
 * One live MCP session: a transport, the recorder under it, the correlator over it, and the
 * handshake. The session lives in the proxy and outlives the pages watching it.
 */
import { createRequire } from 'node:module';
import type { Frame } from '../../lib/mcp/frame';
import { DEFAULT_PROTOCOL_VERSION } from '../../lib/mcp/versions';
import type { Connection } from '../../lib/wire/connection';
import type { OpenOptions, PendingServerRequest, SessionSummary } from '../../lib/wire/protocol';
import { createTransport, type TransportOptions } from '../transports';
import type { HttpTransport, ProbeFinding } from '../transports/http';
import type { WireTransport } from '../transports/types';
import { SessionClock } from './clock';
import { Correlator } from './correlator';
import { Emitter } from './emitter';
import { Recorder } from './recorder';
import { REQUEST_TIMEOUT, RequestError } from './request-error';
import { answeredInPage, ServerRequestQueue, type Id } from './server-requests';
import type { LiveSession, RequestOptions, SessionEvents } from './types';

export const LOUPE_VERSION: string = createRequire(import.meta.url)('../../package.json').version;

/** What a session asks for when the page gives nothing: the newest stateful version, no client
 *  capabilities (so no server request waits on a person unless the person opts in). */
export function defaultOpenOptions(): OpenOptions {
  return { protocolVersion: DEFAULT_PROTOCOL_VERSION, clientCapabilities: {} };
}

export interface SessionConfig {
  transport?: TransportOptions;
  /** Default for requests that give no timeout. Default 60 s. */
  requestTimeoutMs?: number;
  /** How long the server may take to answer `initialize`. Default 30 s. */
  initializeTimeoutMs?: number;
  /** Replaces the transport factory (for a future tap mode, or a test of a transport). */
  createTransport?: typeof createTransport;
}

type Status = SessionSummary['status'];
const ENDED: readonly Status[] = ['closed', 'failed'];

export class Session implements LiveSession {
  private readonly clock = new SessionClock();
  private readonly recorder = new Recorder();
  private readonly events = new Emitter<SessionEvents>();
  private readonly correlator: Correlator;
  private readonly queue: ServerRequestQueue;
  private transport?: WireTransport;
  private state: Omit<SessionSummary, 'lastSeq'>;
  /** s2c message frames not yet handed to the correlator: gives each server request its seq. */
  private undispatched: Frame[] = [];
  private closing?: Promise<void>;
  private transportDone = false;
  /** Seq of the server message being dispatched, so a server request can point at its frame. */
  private currentSeq?: number;
  /** From the transport's exit frame: 0 is a clean exit, null a signal or no exit code. */
  private exitCode?: number | null;

  constructor(readonly id: string, readonly connection: Connection, readonly options: OpenOptions, private readonly config: SessionConfig = {}) {
    this.state = {
      id, connectionId: connection.id, name: connection.name, transport: connection.transport,
      status: 'starting', startedAt: this.clock.startedAt, attached: 0,
      requestedVersion: options.protocolVersion, clientCapabilities: options.clientCapabilities,
    };
    this.queue = new ServerRequestQueue(id);
    this.correlator = new Correlator({
      write: (text) => this.write(text),
      onServerRequest: (rid, method, params) => this.serverRequest(rid, method, params),
      onNotification: (method, params) => {
        if (method === 'notifications/cancelled' && params && typeof params === 'object' && this.queue.dropById((params as { requestId?: unknown }).requestId)) {
          this.events.emit('pending', this.queue.list());
        }
      },
    }, config.requestTimeoutMs);
    this.recorder.onFrames((frames) => this.events.emit('frames', frames));
  }

  /** Opens the transport, then runs the handshake. Never throws: failures end up in the summary. */
  async start(): Promise<void> {
    try {
      const transport = (this.config.createTransport ?? createTransport)(this.connection, this.clock, this.config.transport);
      this.transport = transport;
      transport.onCrossing = (c) => {
        const frame = this.recorder.record(c);
        if (frame.dir === 's2c' && frame.lane === 'message') {
          this.undispatched.push(frame);
          // Lines that never parse are never dispatched; do not let them pile up.
          if (this.undispatched.length > 10_000) this.undispatched.splice(0, 5_000);
        }
        const meta = frame.lane === 'lifecycle' ? frame.meta : undefined;
        if (meta?.event === 'spawn') this.update({ pid: meta.pid });
        if (meta?.event === 'exit') this.exitCode = meta.signal ? null : meta.code;
        // Transports that link frames to each other (HTTP message -> exchange) use the seq.
        return frame.seq;
      };
      transport.onMessage = (text, json) => this.dispatch(text, json);
      transport.onClosed = (reason) => this.ended(reason);
      const http = this.http();
      if (http) http.onSessionExpired = (e) => this.update({ expired: { sessionId: e.sessionId, exchange: e.exchange } });
      await transport.start();
    } catch (e) {
      this.transportDone = true;
      return this.fail((e as Error).message);
    }
    if (this.closing || this.isEnded()) return;
    await this.handshake();
  }

  private async handshake(): Promise<void> {
    this.update({ status: 'initializing' });
    const clientInfo = this.options.clientInfo ?? { name: 'loupe', version: LOUPE_VERSION };
    try {
      const result = (await this.correlator.request('initialize', {
        protocolVersion: this.options.protocolVersion, capabilities: this.options.clientCapabilities, clientInfo,
      }, { timeoutMs: this.config.initializeTimeoutMs ?? 30_000 })) as Record<string, unknown> | undefined;
      const r = result && typeof result === 'object' ? result : {};
      this.update({
        negotiatedVersion: typeof r.protocolVersion === 'string' ? r.protocolVersion : undefined,
        serverInfo: objectOrUndefined(r.serverInfo),
        serverCapabilities: objectOrUndefined(r.capabilities),
        instructions: typeof r.instructions === 'string' ? r.instructions : undefined,
      });
      await this.correlator.notify('notifications/initialized');
      if (!this.isEnded() && !this.closing && this.state.status === 'initializing') this.update({ status: 'ready' });
    } catch (e) {
      // The process may still run: it stays open for the raw composer until close().
      if (this.isEnded() || this.closing) return;
      const hint = e instanceof RequestError && e.code === REQUEST_TIMEOUT
        ? '. The server never answered initialize: check the trace for what it wrote instead (logs on stdout, a prompt, nothing at all)'
        : '';
      this.fail(`the handshake failed: ${(e as Error).message}${hint}`);
    }
  }

  private dispatch(text: string, json: unknown): void {
    // Frames are recorded before onMessage, in order; lines that did not parse are skipped here.
    let frame = this.undispatched.shift();
    while (frame && frame.raw !== text) frame = this.undispatched.shift();
    this.currentSeq = frame?.seq;
    this.correlator.handle(json);
    this.currentSeq = undefined;
  }

  private serverRequest(id: Id, method: string, params: unknown): void {
    if (method === 'ping') {
      this.correlator.respond(id, { result: {} }).catch(() => {});
    } else if (answeredInPage(method, this.options.clientCapabilities)) {
      this.queue.add(id, method, params, this.currentSeq);
      this.events.emit('pending', this.queue.list());
    } else {
      this.correlator.respond(id, { error: { code: -32601, message: `Loupe does not handle ${method}` } }).catch(() => {});
    }
  }

  summary(): SessionSummary {
    return { ...this.state, lastSeq: this.recorder.lastSeq };
  }

  frames(): readonly Frame[] {
    return this.recorder.frames();
  }

  pending(): PendingServerRequest[] {
    return this.queue.list();
  }

  request(method: string, params: Record<string, unknown> | undefined, opts?: RequestOptions): Promise<unknown> {
    return this.correlator.request(method, params, opts);
  }

  notify(method: string, params?: Record<string, unknown>): Promise<void> {
    return this.correlator.notify(method, params);
  }

  async sendRaw(text: string): Promise<void> {
    this.correlator.noteRaw(text);
    await this.write(text);
  }

  answer(key: string, answer: { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } }): void {
    const w = this.queue.take(key);
    if (!w) throw new Error(`no server request is waiting under ${key}: it was answered, cancelled, or the session ended`);
    this.events.emit('pending', this.queue.list());
    this.correlator.respond(w.id, answer).catch(() => {});
  }

  on<E extends keyof SessionEvents>(event: E, fn: SessionEvents[E]): () => void {
    return this.events.on(event, fn);
  }

  /** Runs the active HTTP probes through this session's transport, so they share its trace. */
  async probe(): Promise<ProbeFinding[]> {
    const http = this.liveHttp('probe the server');
    const report = await http.probe({ protocolVersion: this.state.negotiatedVersion ?? this.options.protocolVersion });
    this.recorder.flush();
    return report.findings;
  }

  /** After the server expired the session (404): a new session, on the same trace. */
  async reinitialize(): Promise<void> {
    const http = this.liveHttp('re-initialize');
    http.resetSession();
    this.update({ expired: undefined, negotiatedVersion: undefined, error: undefined });
    await this.handshake();
    if (this.state.status === 'failed') throw new Error(this.state.error ?? 'the handshake failed');
  }

  private http(): HttpTransport | undefined {
    const t = this.transport as Partial<HttpTransport> | undefined;
    return t && typeof t.probe === 'function' && typeof t.resetSession === 'function' ? (t as HttpTransport) : undefined;
  }

  private liveHttp(what: string): HttpTransport {
    const http = this.http();
    if (!http) throw new Error(`cannot ${what}: this session does not run over HTTP`);
    if (this.closing || this.isEnded() || this.transportDone) throw new Error(`cannot ${what}: the session has ended; connect again`);
    return http;
  }

  /** Used by the registry: how many pages watch this session. */
  setAttached(n: number): void {
    this.update({ attached: n });
  }

  close(): Promise<void> {
    this.closing ??= this.doClose();
    return this.closing;
  }

  private async doClose(): Promise<void> {
    if (this.isEnded()) {
      await this.transport?.close();
      return;
    }
    // A failed handshake leaves the process running for the raw composer; closing it keeps "failed".
    const failed = this.state.status === 'failed';
    if (!failed) this.update({ status: 'closing' });
    this.correlator.close('the session was closed');
    this.dropPending();
    await this.transport?.close();
    this.transportDone = true;
    this.recorder.flush();
    if (this.state.endedAt === undefined) this.update({ status: failed ? 'failed' : 'closed', endedAt: Date.now() });
  }

  /** The transport ended by itself (the server exited or the connection dropped). */
  private ended(reason: string): void {
    this.transportDone = true;
    this.correlator.close(reason);
    this.dropPending();
    this.recorder.flush();
    if (this.state.status === 'closing') return;
    const clean = this.exitCode === 0 && this.state.status !== 'failed';
    // A handshake that already failed keeps its message; the exit is added to it.
    const error = this.state.status === 'failed' && this.state.error ? `${this.state.error}; then ${reason}` : reason;
    this.update({ status: clean ? 'closed' : 'failed', error, endedAt: Date.now() });
  }

  private fail(error: string): void {
    this.recorder.flush();
    this.update({ status: 'failed', error, ...(this.transportDone ? { endedAt: Date.now() } : {}) });
  }

  private write(text: string): Promise<void> {
    if (!this.transport) return Promise.reject(new Error('the session has no open transport yet'));
    return this.transport.send(text);
  }

  private dropPending(): void {
    if (this.queue.list().length === 0) return;
    this.queue.clear();
    this.events.emit('pending', []);
  }

  private isEnded(): boolean {
    return ENDED.includes(this.state.status) && this.transportDone;
  }

  private update(patch: Partial<SessionSummary>): void {
    this.state = { ...this.state, ...patch };
    this.events.emit('summary', this.summary());
  }
}

function objectOrUndefined(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}
