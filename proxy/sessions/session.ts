/**
 * One session: a Recording first (clock, recorder, transport, source), plus Loupe's own client
 * (ClientDriver) when Loupe is a peer. The session lives in the proxy and outlives the pages
 * watching it. The Registry builds sessions from a source (see sources.ts).
 */
import type { Frame } from '../../lib/mcp/frame';
import { DEFAULT_PROTOCOL_VERSION } from '../../lib/mcp/versions';
import type { Connection } from '../../lib/wire/connection';
import { sessionTimeoutMs } from '../../lib/client/request-settings';
import type { OpenOptions, PendingServerRequest, SessionSummary } from '../../lib/wire/protocol';
import type { HttpTransport, ProbeFinding } from '../transports/http';
import { AppChannels } from './app-channels';
import { ClientDriver, type Answer, type DriverConfig } from './client-driver';
import { Emitter } from './emitter';
import type { Recording } from './recording';
import type { WireRecording } from './wire-recording';
import type { BudgetUsage } from './budget';
import type { PageAuth } from '../oauth/page-auth';
import { StoredSession } from '../store/reader';
import type { SegmentSummary } from '../store/layout';
import type { LiveSession, RequestOptions, SessionEvents } from './types';

/** What a session asks for when the page gives nothing: the newest stateful version, no client
 *  capabilities (so no server request waits on a person unless the person opts in). */
export function defaultOpenOptions(): OpenOptions {
  return { protocolVersion: DEFAULT_PROTOCOL_VERSION, clientCapabilities: {} };
}

/** Loupe's own client writes through a wire transport; a recording that only watches (a tap, a
 *  file) has none, and so no client. */
export type SessionParts = SessionPartsBase &
  ({ recording: WireRecording; client: { options: OpenOptions; config?: DriverConfig } } | { recording: Recording; client?: undefined });

interface SessionPartsBase {
  id: string;
  connection: Connection;
  /** The HTTP transport under the recording, for the probes and re-initialize. */
  http?: HttpTransport;
  /** The OAuth client of a session opened by URL from the page. */
  oauth?: PageAuth;
}

type Status = SessionSummary['status'];
const ENDED: readonly Status[] = ['closed', 'failed'];

export class Session implements LiveSession {
  readonly id: string;
  readonly connection: Connection;
  readonly options: OpenOptions;
  readonly recording: Recording;
  private stored?: string;
  /** The MCP Apps a page renders with this session's client, each on its own channel. */
  readonly apps?: AppChannels;
  /** Loupe's own client in this session, as pages drive it; absent where Loupe only records (a tap). */
  readonly client?: ClientDriver;
  private readonly http?: HttpTransport;
  private readonly oauth?: PageAuth;
  private readonly events = new Emitter<SessionEvents>();
  private state: Omit<SessionSummary, 'lastSeq'>;
  private closing?: Promise<void>;

  constructor(parts: SessionParts) {
    this.id = parts.id;
    this.connection = parts.connection;
    this.recording = parts.recording;
    this.stored = parts.recording.disk?.id;
    this.http = parts.http;
    this.oauth = parts.oauth;
    parts.oauth?.onChange((oauth) => this.update({ oauth }));
    this.options = parts.client?.options ?? defaultOpenOptions();
    const { connection, recording } = parts;
    this.state = {
      id: this.id,
      connectionId: connection.id,
      name: connection.name,
      transport: connection.transport,
      source: recording.source,
      client: parts.client !== undefined,
      status: 'starting',
      startedAt: recording.clock.startedAt,
      attached: 0,
      ...(this.stored ? { storedId: this.stored } : {}),
      // One timeout per session: the client's wait and the analyser's (a tap, with no client of
      // Loupe's, gets the default, as its trace file does).
      requestTimeoutMs: sessionTimeoutMs(connection.options?.settings, parts.client?.config?.requestTimeoutMs),
      ...(parts.client
        ? {
            requestedVersion: parts.client.options.protocolVersion,
            requestedEra: parts.client.options.era ?? 'legacy',
            clientCapabilities: parts.client.options.clientCapabilities,
          }
        : {}),
    };
    recording.on('frames', (frames) => this.events.emit('frames', frames));
    recording.on('pid', (pid) => this.update({ pid }));
    recording.on('ended', (reason) => this.ended(reason));
    recording.on('pastBudget', () => this.events.emit('pastBudget'));
    if (parts.http) parts.http.onSessionExpired = (e) => this.update({ expired: { sessionId: e.sessionId, exchange: e.exchange } });
    if (parts.client) {
      this.client = new ClientDriver(
        this.id,
        parts.recording,
        parts.client.options,
        {
          update: (patch) => this.update(patch),
          status: () => this.state.status,
          serverCapabilities: () => this.state.serverCapabilities,
          over: () => this.closing !== undefined || this.isEnded(),
        },
        { ...parts.client.config, settings: connection.options?.settings },
      );
      this.client.on('pending', (p) => this.events.emit('pending', p));
      this.apps = new AppChannels(recording, () => (this.recording.ended || this.isEnded() ? 'the session has ended' : undefined));
    }
  }

  /** Opens the transport, then runs the handshake if Loupe is a client. Never throws. */
  async start(): Promise<void> {
    try {
      await this.recording.start();
    } catch (e) {
      return this.fail((e as Error).message);
    }
    if (this.closing || this.isEnded()) return;
    if (this.client) await this.client.handshake();
    else this.update({ status: 'ready' });
  }

  summary(): SessionSummary {
    return { ...this.state, lastSeq: this.recording.lastSeq };
  }

  get storedId(): string | undefined {
    return this.stored;
  }

  flushStored(): SegmentSummary | undefined {
    return this.recording.disk?.writtenSegment();
  }

  /** A copy on disk that another process writes (a tap's recorder), found once it exists. */
  linkStored(id: string): void {
    if (this.stored !== undefined) return;
    this.stored = id;
    this.update({ storedId: id });
  }

  get pastBudget(): boolean {
    return this.recording.pastBudget;
  }

  frames(): readonly Frame[] {
    return this.recording.frames();
  }

  /** See LiveSession. Past the memory's frame limit the seqs in memory and on disk part (see
   *  recorder.ts), so the frames held here are what a page's selection names: they are used. */
  wholeFrames(): readonly Frame[] {
    const disk = this.recording.disk;
    const usage = this.recording.recorder.usage();
    if (!disk?.complete || !usage || usage.droppedFrames === 0 || usage.notKeptFrames > 0) return this.frames();
    disk.flush();
    try {
      return [...StoredSession.open(disk.dir).frames()];
    } catch {
      return this.frames();
    }
  }

  /** How much frame text is kept and what the budget dropped. */
  textBudget(): BudgetUsage {
    return this.recording.recorder.usage() as BudgetUsage;
  }

  /** Credentials the page is sent masked: those of the session's OAuth client. */
  maskedSecrets(): string[] {
    return this.oauth?.secrets() ?? [];
  }

  pending(): PendingServerRequest[] {
    return this.client?.pending() ?? [];
  }

  async request(method: string, params: Record<string, unknown> | undefined, opts?: RequestOptions): Promise<unknown> {
    return this.needClient('send requests').request(method, params, opts);
  }

  async notify(method: string, params?: Record<string, unknown>): Promise<void> {
    return this.needClient('send notifications').notify(method, params);
  }

  async sendRaw(text: string): Promise<void> {
    return this.needClient('send frames').sendRaw(text);
  }

  answer(key: string, answer: Answer): void {
    this.needClient('answer server requests').answer(key, answer);
  }

  on<E extends keyof SessionEvents>(event: E, fn: SessionEvents[E]): () => void {
    return this.events.on(event, fn);
  }

  /** Runs the active HTTP probes through this session's transport, so they share its trace. */
  async probe(): Promise<ProbeFinding[]> {
    const http = this.liveHttp('probe the server');
    const report = await http.probe({ protocolVersion: this.state.negotiatedVersion ?? this.options.protocolVersion });
    this.recording.recorder.flush();
    return report.findings;
  }

  /** After the server expired the session (404): a new session, on the same trace. */
  async reinitialize(): Promise<void> {
    const http = this.liveHttp('re-initialize');
    const driver = this.needClient('re-initialize');
    http.resetSession();
    this.update({ expired: undefined, negotiatedVersion: undefined, error: undefined });
    await driver.handshake();
    if (this.state.status === 'failed') throw new Error(this.state.error ?? 'the handshake failed');
  }

  /** Used by the registry: how many pages watch this session. */
  setAttached(n: number): void {
    this.update({ attached: n });
  }

  close(): Promise<void> {
    this.closing ??= this.doClose();
    return this.closing;
  }

  private needClient(what: string): ClientDriver {
    if (!this.client) throw new Error(`cannot ${what}: this session only records (${this.recording.source}); Loupe is not a client in it`);
    return this.client;
  }

  private liveHttp(what: string): HttpTransport {
    if (!this.http) throw new Error(`cannot ${what}: this session does not run over HTTP`);
    if (this.closing || this.isEnded() || this.recording.ended) throw new Error(`cannot ${what}: the session has ended; connect again`);
    return this.http;
  }

  private async doClose(): Promise<void> {
    if (this.isEnded()) {
      await this.recording.close();
      return;
    }
    // A failed handshake leaves the process running for the raw composer; closing it keeps "failed".
    const failed = this.state.status === 'failed';
    if (!failed) this.update({ status: 'closing' });
    this.client?.close('the session was closed');
    this.oauth?.close();
    this.noteOnDisk();
    await this.recording.close();
    if (this.state.endedAt === undefined) this.update({ status: failed ? 'failed' : 'closed', endedAt: Date.now() });
  }

  /** The transport ended by itself (the server exited or the connection dropped). */
  private ended(reason: string): void {
    this.noteOnDisk();
    this.client?.close(reason);
    if (this.state.status === 'closing') return;
    // A launched server must exit 0; traffic Loupe only watched simply ended (a connection Loupe
    // held that drops, or a server that dies, is a failure).
    const exit = this.recording.exitCode ?? (this.client ? undefined : 0);
    const clean = exit === 0 && this.state.status !== 'failed';
    // A handshake that already failed keeps its message; the exit is added to it.
    const error = this.state.status === 'failed' && this.state.error ? `${this.state.error}; then ${reason}` : reason;
    // A watched session that ended cleanly (a host closed its server) is not an error to show.
    if (clean && !this.client) this.update({ status: 'closed', endedAt: Date.now() });
    else this.update({ status: clean ? 'closed' : 'failed', error, endedAt: Date.now() });
  }

  /** What the stored session's exports need that was learnt while it ran. */
  private noteOnDisk(): void {
    const disk = this.recording.disk;
    if (!disk) return;
    if (this.state.negotiatedVersion) disk.noteHeader({ negotiatedVersion: this.state.negotiatedVersion });
    disk.addSecrets(this.maskedSecrets());
  }

  private fail(error: string): void {
    this.recording.recorder.flush();
    this.update({ status: 'failed', error, ...(this.recording.ended ? { endedAt: Date.now() } : {}) });
  }

  private isEnded(): boolean {
    return ENDED.includes(this.state.status) && this.recording.ended;
  }

  private update(patch: Partial<SessionSummary>): void {
    const moved = patch.status !== undefined && patch.status !== this.state.status;
    this.state = { ...this.state, ...patch, ...(moved ? { statusAt: Date.now() } : {}) };
    this.events.emit('summary', this.summary());
  }
}
