/**
 * One page's WebSocket: every message is parsed and validated, then handled by one exhaustive
 * switch. A message that fails validation gets an `error` naming the problem and changes nothing.
 */
import type WebSocket from 'ws';
import { PageMessageSchema, unreachable, type PageMessage, type ProxyMessage } from '../../lib/wire/protocol';
import { defaultOpenOptions } from '../sessions/session';
import { LOUPE_VERSION } from '../../lib/version';
import { LOUPE_COMMAND } from '../loupe-command';
import { answerExport } from '../trace/export-request';
import { exportMcpServers } from '../config/export-mcp-servers';
import type { CallPolicy, ClientApi } from '../sessions/types';
import type { AppChannels } from '../sessions/app-channels';
import { FrameStream } from './frame-stream';
import type { HubMember, PageHub } from './page-hub';
import { RedactedView } from './redacted-view';
import { answerStoredRead } from './stored-reads';
import { answerHistory } from './history';
import { sendTrace } from './history-stream';

type Reply = Partial<Omit<Extract<ProxyMessage, { type: 'ack' }>, 'type' | 'rid'>>;

function describeInvalid(json: unknown, issues: { path: PropertyKey[]; message: string }[]): string {
  const type = typeof json === 'object' && json !== null && typeof (json as { type?: unknown }).type === 'string' ? (json as { type: string }).type : 'message';
  const details = issues.slice(0, 3).map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`);
  return `invalid ${type}: ${details.join('; ')}`;
}

export class PageSocket implements HubMember {
  private streams = new Map<string, FrameStream>();
  /** The apps this page mounted and has not closed: `sessionId channel`. */
  private readonly mounted = new Set<string>();
  /** Set for a page that asked for the redacted view: everything it is sent is redacted. */
  private readonly redacted: RedactedView | undefined;

  constructor(
    private readonly ws: WebSocket,
    private readonly hub: PageHub,
    redacted = false,
  ) {
    this.redacted = redacted ? new RedactedView(hub) : undefined;
    ws.on('message', (data, isBinary) => this.receive(data as Buffer, isBinary));
    ws.on('close', () => this.closed());
    // ws reports protocol faults (an oversized message: close code 1009) here and then closes the
    // socket; without a listener the fault would crash the whole proxy.
    ws.on('error', () => undefined);
    hub.members.add(this);
    this.send({
      type: 'hello',
      version: LOUPE_VERSION,
      loupeCommand: [...LOUPE_COMMAND],
      defaults: defaultOpenOptions(),
      connections: hub.store.listMasked(),
      sessions: hub.summaries(),
      ...(hub.appSandboxPort !== undefined ? { appSandboxPort: hub.appSandboxPort } : {}),
    });
    if (hub.store.loadError) this.send({ type: 'error', message: hub.store.loadError });
    void hub.taps?.list().then((taps) => this.send({ type: 'taps/update', taps }));
  }

  send(msg: ProxyMessage): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(this.redacted ? this.redacted.message(msg) : msg));
  }

  dropSession(id: string): void {
    const stream = this.streams.get(id);
    if (!stream) return;
    stream.stop();
    this.streams.delete(id);
    this.hub.registry.detach(id);
  }

  private closed(): void {
    this.hub.members.delete(this);
    // The page's frames went with it: its apps are unmounted in the trace too.
    for (const key of this.mounted) {
      const [sessionId, channel] = key.split(' ');
      this.hub.registry.get(sessionId)?.apps?.unmount(channel, 'the page closed');
    }
    this.mounted.clear();
    for (const id of [...this.streams.keys()]) this.dropSession(id);
    this.hub.sessionsChanged();
  }

  private receive(data: Buffer, isBinary: boolean): void {
    if (isBinary) return this.send({ type: 'error', message: 'binary messages are not understood: send JSON text' });
    let json: unknown;
    try {
      json = JSON.parse(data.toString('utf8'));
    } catch (e) {
      return this.send({ type: 'error', message: `message is not JSON: ${(e as Error).message}` });
    }
    const parsed = PageMessageSchema.safeParse(json);
    if (!parsed.success) {
      const rid = (json as { rid?: unknown } | null)?.rid;
      return this.send({ type: 'error', message: describeInvalid(json, parsed.error.issues), ...(typeof rid === 'string' ? { rid } : {}) });
    }
    const msg = parsed.data;
    this.handle(msg).catch((e: unknown) => this.fail(msg, e));
  }

  private ok(msg: PageMessage, extra: Reply = {}): void {
    if (msg.rid !== undefined) this.send({ type: 'ack', rid: msg.rid, ok: true, ...extra });
  }

  private fail(msg: PageMessage, e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    if (msg.rid !== undefined) this.send({ type: 'ack', rid: msg.rid, ok: false, error: message });
    else this.send({ type: 'error', message: `${msg.type} failed: ${message}` });
  }

  private session(id: string) {
    const s = this.hub.registry.get(id);
    if (!s) throw new Error(`no session has the id "${id}" (it may have been forgotten)`);
    return s;
  }

  private async handle(msg: PageMessage): Promise<void> {
    const refusal = this.redacted?.refusal(msg.type);
    if (refusal) throw new Error(refusal);
    switch (msg.type) {
      case 'connections/save':
        await this.hub.store.save(msg.connection);
        this.hub.broadcastConnections();
        return this.ok(msg);
      case 'connections/delete':
        await this.hub.store.remove(msg.id);
        this.hub.broadcastConnections();
        return this.ok(msg);
      case 'connections/import': {
        const { connections, errors } = await this.hub.store.importMcpServers(msg.json);
        if (connections.length > 0) this.hub.broadcastConnections();
        if (errors.length === 0) return this.ok(msg);
        const prefix = connections.length > 0 ? `imported ${connections.length}, ` : '';
        throw new Error(`${prefix}could not import: ${errors.join('; ')}`);
      }
      case 'connections/restore':
        await this.hub.store.restore(msg.id);
        this.hub.broadcastConnections();
        return this.ok(msg);
      case 'connections/clone': {
        const copy = await this.hub.store.clone(msg.id);
        this.hub.broadcastConnections();
        return this.ok(msg, { connectionId: copy.id });
      }
      case 'connections/export': {
        const all = this.hub.store.list();
        const picked = msg.ids ? all.filter((c) => msg.ids!.includes(c.id)) : all;
        if (msg.ids && picked.length !== msg.ids.length)
          throw new Error(`no saved connection has the id "${msg.ids.find((id) => !all.some((c) => c.id === id))}"`);
        const { json, redacted } = exportMcpServers(picked, msg.reveal === true);
        return this.send({ type: 'connections/exported', rid: msg.rid ?? '', json, redacted });
      }
      case 'session/open': {
        // An edit of the connection's options may still be on its way to disk (its message came first).
        await this.hub.store.settled();
        const connection = this.hub.store.get(msg.connectionId);
        if (!connection) throw new Error(`no connection has the id "${msg.connectionId}"`);
        const session = this.hub.registry.open(connection, msg.options);
        return this.ok(msg, { sessionId: session.id });
      }
      case 'session/attach':
        return this.attach(msg);
      case 'session/close':
        await this.session(msg.sessionId).close();
        return this.ok(msg, { sessionId: msg.sessionId });
      case 'session/forget':
        this.session(msg.sessionId);
        this.hub.forget(msg.sessionId);
        return this.ok(msg, { sessionId: msg.sessionId });
      case 'session/request':
        return this.request(msg);
      case 'client/list':
        await this.client(msg.sessionId).list(msg.list, msg.more);
        return this.ok(msg);
      case 'client/call': {
        const { id } = this.client(msg.sessionId).call(msg.method, msg.params, policyOf(msg));
        return this.ok(msg, { callId: id });
      }
      case 'client/cancel':
        this.client(msg.sessionId).cancel(msg.callId);
        return this.ok(msg);
      case 'client/task':
        await this.client(msg.sessionId).task(msg.taskId, msg.action);
        return this.ok(msg);
      case 'client/modern-task':
        await this.client(msg.sessionId).modernTask(msg.taskId, msg.action, msg.inputResponses);
        return this.ok(msg);
      case 'client/input-answer':
        this.client(msg.sessionId).answerInput(msg.callId, msg.inputResponses);
        return this.ok(msg);
      case 'client/set-log-level':
        this.client(msg.sessionId).setLogLevel(msg.level);
        return this.ok(msg);
      case 'client/listen':
        return this.ok(msg, { listenId: this.client(msg.sessionId).listen(msg.notifications) });
      case 'client/listen-stop':
        this.client(msg.sessionId).stopListen(msg.listenId);
        return this.ok(msg);
      case 'client/set-roots':
        await this.client(msg.sessionId).setRoots(msg.roots);
        return this.ok(msg);
      case 'client/set-sampling-auto':
        this.client(msg.sessionId).setSamplingAuto(msg.on, msg.text);
        return this.ok(msg);
      case 'client/finish-task':
        this.client(msg.sessionId).finishTask(msg.taskId, { result: msg.result, error: msg.error });
        return this.ok(msg);
      case 'session/notify':
        await this.session(msg.sessionId).notify(msg.method, msg.params);
        return this.ok(msg);
      case 'session/send-raw':
        await this.session(msg.sessionId).sendRaw(msg.text);
        return this.ok(msg);
      case 'session/probe':
      case 'session/reinitialize': {
        const session = this.session(msg.sessionId);
        const run = msg.type === 'session/probe' ? session.probe : session.reinitialize;
        if (!run) throw new Error(`${msg.type} is for HTTP sessions only`);
        await run.call(session);
        return this.ok(msg, { sessionId: msg.sessionId });
      }
      case 'server-request/answer':
        this.session(msg.sessionId).answer(msg.key, { result: msg.result, error: msg.error });
        return this.ok(msg);
      case 'app/open': {
        const channel = this.apps(msg.sessionId).mount({ toolName: msg.toolName, resourceUri: msg.resourceUri, requestId: msg.requestId });
        this.mounted.add(`${msg.sessionId} ${channel}`);
        return this.ok(msg, { channel });
      }
      case 'app/frame':
        // Acknowledged only when it fails (fail() below): one ack per bridge message doubled the
        // bridge's traffic on the socket, on the path of every call an app forwards.
        return this.apps(msg.sessionId).message(msg.channel, msg.dir, msg.text);
      case 'app/csp-violation':
        this.apps(msg.sessionId).event(msg.channel, `the sandbox's policy refused ${msg.blockedUri || 'something'} (${msg.directive})`, {
          event: 'csp-violation',
          directive: msg.directive,
          blockedUri: msg.blockedUri,
          policy: msg.policy,
        });
        return this.ok(msg);
      case 'app/close':
        this.apps(msg.sessionId).unmount(msg.channel, msg.reason ?? 'closed by the user');
        this.mounted.delete(`${msg.sessionId} ${msg.channel}`);
        return this.ok(msg);
      case 'session/export':
        return this.send(answerExport(this.session(msg.sessionId), msg));
      case 'taps/open': {
        if (!this.hub.taps) throw new Error('this Loupe does not follow taps (it was started without a config dir)');
        return this.ok(msg, { sessionId: await this.hub.taps.open(msg.file) });
      }
      case 'taps/start-url': {
        if (!this.hub.taps) throw new Error('this Loupe does not follow taps (it was started without a config dir)');
        const { sessionId } = await this.hub.taps.startUrl({ url: msg.url, port: msg.port, name: msg.name, mode: msg.mode });
        return this.ok(msg, { sessionId });
      }
      case 'taps/stop': {
        if (!this.hub.taps) throw new Error('this Loupe does not follow taps (it was started without a config dir)');
        await this.hub.taps.stopUrl(msg.file);
        return this.ok(msg);
      }
      case 'session/stored-frames':
      case 'session/search':
        return this.send(answerStoredRead(this.session(msg.sessionId), this.hub.sessionStore, msg, this.redacted?.framesOptions(msg.sessionId)));
      case 'history/list':
      case 'history/open':
      case 'history/export':
      case 'history/delete':
      case 'history/window':
      case 'history/search':
      case 'history/timing':
      case 'history/findings': {
        // A redacted view opens a stored session as its export: with that session's own secrets redacted.
        const asked = this.redacted && msg.type === 'history/open' ? { ...msg, type: 'history/export' as const, redact: {} } : msg;
        const answer = answerHistory(this.hub.sessionStore, asked, this.redacted !== undefined);
        if ('stream' in answer) return sendTrace(this.ws, (m) => this.send(m), answer.stream);
        return 'send' in answer ? this.send(answer.send) : this.ok(msg);
      }
      default:
        return unreachable(msg);
    }
  }

  private attach(msg: Extract<PageMessage, { type: 'session/attach' }>): void {
    const session = this.session(msg.sessionId);
    // A second attach from the same page (e.g. after a store reset) starts over with a new snapshot.
    this.dropSession(session.id);
    this.hub.registry.attach(session.id);
    const view = this.redacted;
    const stream = new FrameStream(session, this.ws, (m) => this.send(m), msg.binaryFrames === true, view && (() => view.framesOptions(session.id) ?? {}));
    this.streams.set(session.id, stream);
    this.ok(msg, { sessionId: session.id });
    stream.start();
    this.hub.sessionsChanged();
  }

  private apps(sessionId: string): AppChannels {
    const apps = this.session(sessionId).apps;
    if (!apps) throw new Error('this session only records: Loupe is not a client in it, so it renders no apps');
    return apps;
  }

  private client(sessionId: string): ClientApi {
    const client = this.session(sessionId).client;
    if (!client) throw new Error('this session only records: Loupe is not a client in it, so it sends nothing');
    return client;
  }

  /** A call whose answer this page awaits; it is one of the session's calls like any other. The
   *  answer goes out in the turn the server's response is read (see ClientApi.ask). */
  private request(msg: Extract<PageMessage, { type: 'session/request' }>): void {
    const rid = msg.rid;
    if (rid === undefined) throw new Error('session/request needs a "rid" to carry its result');
    this.client(msg.sessionId).ask(msg.method, msg.params, policyOf(msg), (answer) => this.send({ type: 'request/result', rid, ...answer }));
  }
}

function policyOf(msg: { timeoutMs?: number; resetTimeoutOnProgress?: boolean; maxTotalMs?: number }): CallPolicy {
  return { timeoutMs: msg.timeoutMs, resetTimeoutOnProgress: msg.resetTimeoutOnProgress, maxTotalMs: msg.maxTotalMs };
}
