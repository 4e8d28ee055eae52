/**
 * Loupe's own MCP client on top of a Recording: the correlator, the handshake, the server
 * requests (answered at once, automatically, or queued for a person), and the client state every
 * page shows (lists, calls, log level, roots, tasks). It writes through the
 * recording's transport, so everything it sends is recorded like anything else, and it reads each
 * server message together with the frame that recorded it. Protocol behaviour lives here, once,
 * whoever is watching.
 */
import { fetchPage, LISTS, type ListName } from '../../lib/client/paged-list';
import { sessionTimeoutMs, withMeta, withSettings } from '../../lib/client/request-settings';
import type { Frame } from '../../lib/mcp/frame';
import { asObject } from '../../lib/mcp/json';
import { UNSUPPORTED_VERSION, withEnvelope, type Era } from '../../lib/mcp/modern';
import { modernRequestHeaders } from '../../lib/mcp/modern-headers';
import type { CallState, ClientState, ClientStatePatch, Root } from '../../lib/wire/client-state';
import type { OpenOptions, PendingServerRequest } from '../../lib/wire/protocol';
import type { DriverConfig, DriverEvents, DriverHost } from './driver/contract';
import { Calls, type CallPolicy } from './driver/calls';
import { askOnce } from './driver/ask-once';
import { ClientTasks } from './driver/client-tasks';
import { startInEra } from './driver/era';
import { InputRounds } from './driver/input-rounds';
import { Listens } from './driver/listens';
import { ModernTasks } from './driver/modern-tasks';
import { ReceivedTasks } from './driver/received-tasks';
import { Offer } from './driver/offer';
import { rootsResult, routeServerRequest, samplingResult } from './driver/routing';
import { countUpdate } from './driver/resource-updates';
import { ClientStateHolder } from './driver/state-holder';
import { Correlator } from './correlator';
import { Emitter } from './emitter';
import type { WireRecording } from './wire-recording';
import { tryParse } from '../transports/http/sniff';
import { REQUEST_TIMEOUT, RequestError } from './request-error';
import { ServerRequestQueue, type Answer, type Id } from './server-requests';
import type { AskAnswer, ClientApi, RequestOptions } from './types';
import { LOUPE_VERSION } from '../../lib/version';

export type { DriverConfig, DriverEvents, DriverHost } from './driver/contract';
export type { Answer } from './server-requests';

export class ClientDriver implements ClientApi {
  private readonly events = new Emitter<DriverEvents>();
  private readonly correlator: Correlator;
  private readonly queue: ServerRequestQueue;
  private readonly holder: ClientStateHolder;
  private readonly calls: Calls;
  private readonly received: ReceivedTasks;
  private readonly clientTasks: ClientTasks;
  private readonly inputRounds: InputRounds;
  private readonly listens: Listens;
  private readonly modernTasks: ModernTasks;
  private readonly offer: Offer;
  /** The server message being handled, so a server request can point at its frame. */
  private current?: Frame;
  /** The era requests go out in, and (modern) the version their `_meta` carries. */
  private era: Era = 'legacy';
  private modernVersion = '';

  constructor(
    sessionId: string,
    private readonly recording: WireRecording,
    readonly options: OpenOptions,
    private readonly host: DriverHost,
    private readonly config: DriverConfig = {},
  ) {
    this.queue = new ServerRequestQueue(sessionId);
    this.holder = new ClientStateHolder(options.roots ?? []);
    this.correlator = new Correlator(
      {
        write: (text, req) => this.write(text, req?.message, req?.signal, req?.onUnanswerable),
        prepare: (_method, params) => (this.era === 'modern' ? withEnvelope(params, this.envelope()) : params),
        onServerRequest: (id, method, params) => this.serverRequest(id, method, params),
        onNotification: (method, params) => this.notification(method, params),
      },
      config.requestTimeoutMs,
    );
    this.inputRounds = new InputRounds(this.holder);
    this.calls = new Calls(
      this.holder,
      (m, p, o) => this.send(m, p, o),
      (call) => this.callDone(call),
      (id, asked, signal) => this.inputRounds.ask(id, asked, signal),
    );
    this.listens = new Listens(this.holder, (m, p, o) => this.correlator.request(m, p, o));
    this.modernTasks = new ModernTasks(this.holder, (m, p, o) => this.correlator.request(m, p, o));
    this.received = new ReceivedTasks(
      this.holder,
      { respond: (id, a) => this.respond(id, a), notify: (m, p) => this.notify(m, p) },
      options.clientCapabilities,
    );
    this.clientTasks = new ClientTasks(this.holder, (m, p, o) => this.send(m, p, o));
    this.offer = new Offer({
      read: (name) => this.list(name),
      wasRead: (name) => this.holder.get().lists[name] !== undefined,
      auto: () => this.config.settings?.autoRefreshLists !== false,
    });
    recording.on('message', (frame, json) => {
      if (frame.dir !== 's2c') return;
      this.current = frame;
      this.correlator.handle(json);
      this.current = undefined;
    });
  }

  /** Starts the session in the era its connection asked for (see client/era.ts): the initialize
   *  handshake, server/discover, or the dual-era probe. Never throws: a failure ends up in the summary. */
  async handshake(): Promise<void> {
    // What this session declared, for the session header (the options may differ per connection).
    const requestedEra = this.options.era ?? 'legacy';
    this.host.update({ status: 'initializing', clientCapabilities: this.options.clientCapabilities, requestedEra });
    await startInEra(
      requestedEra,
      this.options.protocolVersion,
      {
        request: (m, p, o) => this.correlator.request(m, p, o),
        speak: (era, version) => {
          this.era = era;
          if (era === 'modern') this.modernVersion = version;
          if (!this.host.over()) this.host.update({ requestedVersion: version });
        },
        legacyHandshake: (version) => this.initialize(version),
        update: (patch) => {
          if (!this.host.over()) this.host.update(patch);
        },
        fail: (error) => {
          if (!this.host.over()) this.host.update({ status: 'failed', error });
        },
      },
      this.config.discoverTimeoutMs ?? 10_000,
    );
    // The page's sessions read what the server declared without a click; the handshake does not wait for it.
    if (this.options.listOffer && !this.host.over() && this.host.status() === 'ready') this.offer.listOffered(this.host.serverCapabilities());
  }

  /** initialize, then notifications/initialized. */
  private async initialize(protocolVersion: string): Promise<void> {
    const clientInfo = this.clientInfo();
    try {
      const result = (await this.send(
        'initialize',
        {
          protocolVersion,
          capabilities: this.options.clientCapabilities,
          clientInfo,
        },
        { timeoutMs: this.config.initializeTimeoutMs ?? sessionTimeoutMs(this.config.settings, this.config.requestTimeoutMs) },
      )) as Record<string, unknown> | undefined;
      const r = result && typeof result === 'object' ? result : {};
      this.host.update({
        era: 'legacy',
        negotiatedVersion: typeof r.protocolVersion === 'string' ? r.protocolVersion : undefined,
        serverInfo: asObject(r.serverInfo),
        serverCapabilities: asObject(r.capabilities),
        instructions: typeof r.instructions === 'string' ? r.instructions : undefined,
      });
      await this.correlator.notify('notifications/initialized');
      if (!this.host.over() && this.host.status() === 'initializing') this.host.update({ status: 'ready' });
    } catch (e) {
      // The process may still run: it stays open for the raw composer until close().
      if (this.host.over()) return;
      const hint =
        e instanceof RequestError && e.code === REQUEST_TIMEOUT
          ? '. The server never answered initialize: check the trace for what it wrote instead (logs on stdout, a prompt, nothing at all)'
          : e instanceof RequestError && e.code === UNSUPPORTED_VERSION
            ? `. The server supports ${JSON.stringify((e.data as { supported?: unknown } | undefined)?.supported ?? '?')}: if that is 2026-07-28, it speaks the modern protocol only: choose the era modern or auto (--era on the command line, Connect options ⚙ in the page)`
            : '';
      this.host.update({ status: 'failed', error: `the handshake failed: ${(e as Error).message}${hint}` });
    }
  }

  // ---- requests with no client state (the CLI, the handshake) ----

  request(method: string, params: Record<string, unknown> | undefined, opts?: RequestOptions): Promise<unknown> {
    return this.send(method, params, opts);
  }

  /** Every request the client sends goes out here, with the connection's settings applied. */
  private send(method: string, params: Record<string, unknown> | undefined, opts: RequestOptions = {}): Promise<unknown> {
    const s = this.config.settings;
    return this.correlator.request(method, withMeta(params, s?.requestMeta), withSettings(opts, s));
  }

  notify(method: string, params?: Record<string, unknown>): Promise<void> {
    return this.correlator.notify(method, params);
  }

  async sendRaw(text: string): Promise<void> {
    this.correlator.noteRaw(text);
    // A modern session's raw frame gets the headers its body implies (none when it does not parse).
    await this.write(text, tryParse(text));
  }

  // ---- the client state every page shows ----

  state(): ClientState {
    return this.holder.get();
  }

  onState(fn: (patch: ClientStatePatch) => void): () => void {
    return this.holder.onChange(fn);
  }

  /** Lists from the first page, or (`more`) the next one; the outcome lands in the state. */
  async list(name: ListName, more = false): Promise<void> {
    const before = this.holder.get().lists[name];
    this.holder.set('lists', (lists) => ({ ...lists, [name]: { ...(lists[name] ?? { items: [], pages: 0, cursors: [] }), loading: true, error: undefined } }));
    const page = await fetchPage((m, p) => this.send(m, p), LISTS[name], before, more);
    this.holder.set('lists', (lists) => ({ ...lists, [name]: { ...page, loading: false } }));
    if (name === 'tasks') for (const t of page.items) this.clientTasks.seen(t);
  }

  call(method: string, params: Record<string, unknown> | undefined, policy?: CallPolicy): { id: string; done: Promise<CallState> } {
    return this.calls.start(method, params, policy);
  }

  /**
   * A request whose answer goes back to the one who asked (the page's Ping and completions,
   * mcp-loupe/test): recorded like every frame, and what its success says about the client state (a
   * log level, a subscription, a task) lands there, but it is not one of the calls the client
   * panel lists. Nobody can cancel it or watch its progress from another page, so it costs no
   * client/update to every page, twice per request, which was most of the proxy's work per ping.
   * `answered` hears the outcome in the turn the response is read (client/ask-once.ts).
   */
  ask(method: string, params: Record<string, unknown> | undefined, policy: CallPolicy = {}, answered: (answer: AskAnswer) => void): void {
    askOnce(
      method,
      (opts) => this.send(method, params, { ...policy, ...opts }),
      (result) => this.succeeded(method, params, result),
      answered,
    );
  }

  cancel(callId: string): void {
    this.calls.cancel(callId);
  }

  answerInput(callId: string, inputResponses: Record<string, unknown>): void {
    this.inputRounds.answer(callId, inputResponses);
  }

  setLogLevel(level: string | undefined): void {
    if (this.era !== 'modern') throw new Error('a legacy session sets its log level with logging/setLevel');
    this.holder.set('logLevel', level);
  }

  listen(notifications: Record<string, unknown>): string {
    if (this.era !== 'modern')
      throw new Error('subscriptions/listen is a 2026-07-28 request: this session speaks the legacy protocol (use resources/subscribe)');
    return this.listens.start(notifications);
  }

  stopListen(listenId: string): void {
    this.listens.stop(listenId);
  }

  modernTask(taskId: string, action: 'get' | 'cancel' | 'update', inputResponses: Record<string, unknown> = {}): Promise<void> {
    return action === 'update' ? this.modernTasks.update(taskId, inputResponses) : this.modernTasks[action](taskId);
  }

  /** A task Loupe created on the server: get it, fetch its result, or cancel it. */
  task(taskId: string, action: 'get' | 'result' | 'cancel'): Promise<void> {
    return this.clientTasks[action](taskId);
  }

  /** The roots roots/list is answered with; the server hears of a change when the client said it would. */
  async setRoots(roots: Root[]): Promise<void> {
    this.holder.set('roots', roots);
    const caps = this.options.clientCapabilities as { roots?: { listChanged?: unknown } };
    if (caps.roots?.listChanged === true && this.host.status() === 'ready') await this.notify('notifications/roots/list_changed');
  }

  setSamplingAuto(on: boolean, text?: string): void {
    this.holder.set('samplingAuto', (cur) => ({ on, text: text ?? cur.text }));
  }

  /** The person's answer to a task the server created here. */
  finishTask(taskId: string, answer: Answer): void {
    this.received.finish(taskId, answer);
  }

  // ---- server requests waiting for the person ----

  pending(): PendingServerRequest[] {
    return this.queue.list();
  }

  /** Answers a waiting server request; throws when nothing waits under that key. */
  answer(key: string, answer: Answer): void {
    const w = this.queue.take(key);
    if (!w) throw new Error(`no server request is waiting under ${key}: it was answered, cancelled, or the session ended`);
    this.events.emit('pending', this.queue.list());
    this.respond(w.id, answer);
  }

  /** Everything in flight fails with `reason`; nothing waits any more. */
  close(reason: string): void {
    this.correlator.close(reason);
    this.clientTasks.stop();
    this.modernTasks.stop();
    this.holder.flush();
    if (this.queue.list().length === 0) return;
    this.queue.clear();
    this.events.emit('pending', []);
  }

  on<E extends keyof DriverEvents>(event: E, fn: DriverEvents[E]): () => void {
    return this.events.on(event, fn);
  }

  private clientInfo(): { name: string; version: string } {
    return this.options.clientInfo ?? { name: 'loupe', version: LOUPE_VERSION };
  }

  private envelope() {
    return {
      protocolVersion: this.modernVersion,
      clientCapabilities: this.options.clientCapabilities,
      clientInfo: this.clientInfo(),
      logLevel: this.holder.get().logLevel,
    };
  }

  /** Writes a message; in a modern session over HTTP it goes with the 2026-07-28 request headers
   *  (and a cancelled request's response stream is closed, as the spec's HTTP cancellation is). */
  private write(text: string, message: unknown, signal?: AbortSignal, onUnanswerable?: (reason: string) => void): Promise<void> {
    if (this.era !== 'modern') return this.recording.send(text, { onUnanswerable });
    const tools = this.holder.get().lists.tools?.items ?? [];
    const schemaOf = (name: string) => tools.find((t) => t.name === name)?.inputSchema;
    return this.recording.send(text, { headers: modernRequestHeaders(message, schemaOf), signal, onUnanswerable });
  }

  private respond(id: Id, answer: Answer): void {
    this.correlator.respond(id, answer).catch(() => {});
  }

  private serverRequest(id: Id, method: string, params: unknown): void {
    const { samplingAuto, roots } = this.holder.get();
    switch (routeServerRequest(method, params, this.options.clientCapabilities, samplingAuto.on)) {
      case 'ping':
        return this.respond(id, { result: {} });
      case 'roots':
        return this.respond(id, { result: rootsResult(roots) });
      case 'tasks':
        return this.received.handle(id, method, params);
      case 'accept-task': {
        const taskId = this.received.accept(id, method, params, this.current?.seq);
        if (method === 'sampling/createMessage' && samplingAuto.on)
          this.received.finish(taskId, { result: samplingResult(samplingAuto.text, 'loupe-automatic') });
        return;
      }
      case 'auto-sampling':
        return this.respond(id, { result: samplingResult(samplingAuto.text, 'loupe-automatic') });
      case 'person':
        if (!this.queue.hasRoom()) return this.respond(id, { error: this.queue.fullError(method) });
        this.queue.add(id, method, params, this.current?.seq);
        return this.events.emit('pending', this.queue.list());
      case 'not-handled':
        return this.respond(id, { error: { code: -32601, message: `Loupe does not handle ${method}` } });
    }
  }

  private notification(method: string, params: unknown): void {
    const p = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
    // A listen's notifications are also what they say (a list changed, a resource was updated).
    if (this.listens.notification(method, p, this.current?.seq ?? 0) && method === 'notifications/subscriptions/acknowledged') return;
    if (method === 'notifications/cancelled' && this.queue.dropById(p.requestId)) this.events.emit('pending', this.queue.list());
    this.offer.changed(method);
    if (method === 'notifications/resources/updated' && typeof p.uri === 'string') {
      const uri = p.uri;
      const seq = this.current?.seq ?? 0;
      this.holder.set('resourceUpdates', (u) => countUpdate(u, uri, seq));
    }
    if (method === 'notifications/tasks/status') this.clientTasks.seen(p);
  }

  /** A call of the client panel ended: its input rounds end; a success starts a modern task it
   *  returned, and tells the client state what it changed (succeeded). */
  private callDone(call: CallState): void {
    // Whatever way the call ended, its input rounds are over.
    this.inputRounds.done(call.id);
    if (call.status !== 'done') return;
    const created = call.result as Record<string, unknown> | undefined;
    if (call.method === 'tools/call' && created?.resultType === 'task' && typeof created.taskId === 'string')
      this.modernTasks.started(created, String(call.params?.name ?? 'tool'));
    this.succeeded(call.method, call.params, call.result);
  }

  /** What a request's success tells the client state: the log level, a task. (Subscriptions are
   *  the frames' story: the session model's accepted subscriptions.) */
  private succeeded(method: string, requestParams: Record<string, unknown> | undefined, result: unknown): void {
    const params = requestParams ?? {};
    if (method === 'logging/setLevel' && typeof params.level === 'string') this.holder.set('logLevel', params.level);
    const task = (result as { task?: Record<string, unknown> } | undefined)?.task;
    if (method === 'tools/call' && params.task && task && typeof task.taskId === 'string') this.clientTasks.started(task, String(params.name ?? 'tool'));
  }
}
