/**
 * A session registry for the socket-protocol tests: the test decides which frames a session
 * records and when, so snapshot/append ordering can be checked under exact interleavings.
 * The real registry is exercised end to end in server-everything.test.ts.
 */
import type { Frame } from '../../../lib/mcp/frame';
import type { OpenOptions, PendingServerRequest, SessionSummary } from '../../../lib/wire/protocol';
import type { Connection } from '../../../lib/wire/connection';
import { fetchPage, LISTS, type ListName } from '../../../lib/client/paged-list';
import type { Root } from '../../../lib/wire/client-state';
import { Calls } from '../../sessions/driver/calls';
import { askOnce } from '../../sessions/driver/ask-once';
import { ClientStateHolder } from '../../sessions/driver/state-holder';
import type { AskAnswer, CallPolicy, ClientApi, LiveSession, RequestOptions, SessionEvents, SessionRegistry } from '../../sessions/types';

/** The real client state and calls over the scripted session's requests. */
class ScriptedClient implements ClientApi {
  readonly holder = new ClientStateHolder();
  private readonly calls: Calls;

  constructor(private readonly session: ScriptedSession) {
    this.calls = new Calls(
      this.holder,
      (m, p, o) => session.request(m, p, o),
      () => {},
    );
  }

  state() {
    return this.holder.get();
  }
  onState(fn: Parameters<ClientApi['onState']>[0]) {
    return this.holder.onChange(fn);
  }
  async list(name: ListName, more = false): Promise<void> {
    const page = await fetchPage((m, p) => this.session.request(m, p), LISTS[name], this.holder.get().lists[name], more);
    this.holder.set('lists', (l) => ({ ...l, [name]: { ...page, loading: false } }));
  }
  call(method: string, params: Record<string, unknown> | undefined, policy?: CallPolicy) {
    return this.calls.start(method, params, policy);
  }
  ask(method: string, params: Record<string, unknown> | undefined, policy: CallPolicy | undefined, answered: (answer: AskAnswer) => void): void {
    askOnce(
      method,
      (opts) => this.session.request(method, params, { ...policy, ...opts }),
      () => {},
      answered,
    );
  }
  cancel(id: string): void {
    this.calls.cancel(id);
  }
  async task(): Promise<void> {}
  async setRoots(roots: Root[]): Promise<void> {
    this.holder.set('roots', roots);
  }
  setSamplingAuto(on: boolean): void {
    this.holder.set('samplingAuto', (s) => ({ ...s, on }));
  }
  finishTask(): void {}
  answerInput(): void {}
  setLogLevel(level: string | undefined): void {
    this.holder.set('logLevel', level);
  }
  listen(): string {
    return 'l1';
  }
  stopListen(): void {}
  async modernTask(): Promise<void> {}
}

type Listeners = { [E in keyof SessionEvents]: Set<SessionEvents[E]> };

export class ScriptedSession implements LiveSession {
  readonly recorded: Frame[] = [];
  readonly sentRaw: string[] = [];
  readonly answers: Array<{ key: string; answer: unknown }> = [];
  attached = 0;
  closed = false;
  private listeners: Listeners = { frames: new Set(), summary: new Set(), pending: new Set(), pastBudget: new Set() };
  private waiting: PendingServerRequest[] = [];

  readonly client: ScriptedClient = new ScriptedClient(this);
  /** The credentials the page must only see masked (an OAuth session's tokens). */
  maskedSecrets?: () => string[];

  constructor(
    readonly id: string,
    readonly connection: Connection,
    readonly options: OpenOptions,
  ) {}

  /** Records frames the way a transport would: stored first, then announced. */
  record(count: number, announce = true): Frame[] {
    const added: Frame[] = [];
    for (let i = 0; i < count; i++) {
      const seq = this.recorded.length + 1;
      const f: Frame = { seq, ts: seq * 10, dir: 's2c', lane: 'message', raw: `{"n":${seq}}`, size: 8 };
      this.recorded.push(f);
      added.push(f);
    }
    if (announce) for (const fn of this.listeners.frames) fn(added);
    for (const fn of this.listeners.summary) fn(this.summary());
    return added;
  }

  announce(frames: Frame[]): void {
    for (const fn of this.listeners.frames) fn(frames);
  }

  setPending(p: PendingServerRequest[]): void {
    this.waiting = p;
    for (const fn of this.listeners.pending) fn(p);
  }

  summary(): SessionSummary {
    return {
      id: this.id,
      connectionId: this.connection.id,
      name: this.connection.name,
      transport: this.connection.transport,
      status: this.closed ? 'closed' : 'ready',
      startedAt: 0,
      lastSeq: this.recorded.length,
      attached: this.attached,
    };
  }

  frames(): readonly Frame[] {
    return this.recorded;
  }
  pending(): PendingServerRequest[] {
    return this.waiting;
  }

  async request(method: string, params: Record<string, unknown> | undefined, opts?: RequestOptions): Promise<unknown> {
    if (method === 'fail') throw Object.assign(new Error('method not found'), { code: -32601 });
    if (method === 'tools/list')
      return params?.cursor === undefined ? { tools: [{ name: 'a' }], nextCursor: 'p2' } : { tools: [{ name: 'b' }], echoed: { method, params } };
    if (method === 'slow') {
      opts?.onProgress?.({ progress: 1, total: 2, message: 'half' });
      return new Promise((_resolve, reject) => opts?.signal?.addEventListener('abort', () => reject(new Error('cancelled by the page'))));
    }
    return { echoed: { method, params } };
  }

  async notify(): Promise<void> {}
  async sendRaw(text: string): Promise<void> {
    this.sentRaw.push(text);
  }
  answer(key: string, answer: unknown): void {
    this.answers.push({ key, answer });
  }
  async close(): Promise<void> {
    this.closed = true;
    for (const fn of this.listeners.summary) fn(this.summary());
  }

  on<E extends keyof SessionEvents>(event: E, fn: SessionEvents[E]): () => void {
    const set = this.listeners[event] as Set<SessionEvents[E]>;
    set.add(fn);
    return () => set.delete(fn);
  }
}

export class ScriptedRegistry implements SessionRegistry {
  readonly sessions = new Map<string, ScriptedSession>();
  private changeListeners = new Set<(s: LiveSession[]) => void>();
  private next = 1;

  open(connection: Connection, options: OpenOptions): ScriptedSession {
    const s = new ScriptedSession(`s${this.next++}`, connection, options);
    this.sessions.set(s.id, s);
    this.changed();
    return s;
  }
  get(id: string): ScriptedSession | undefined {
    return this.sessions.get(id);
  }
  list(): ScriptedSession[] {
    return [...this.sessions.values()];
  }
  attach(id: string): void {
    this.sessions.get(id)!.attached++;
  }
  detach(id: string): void {
    this.sessions.get(id)!.attached--;
  }
  forget(id: string): void {
    this.sessions.delete(id);
    this.changed();
  }
  async closeAll(): Promise<void> {
    for (const s of this.sessions.values()) await s.close();
  }
  onChange(fn: (s: LiveSession[]) => void): () => void {
    this.changeListeners.add(fn);
    return () => this.changeListeners.delete(fn);
  }
  private changed(): void {
    for (const fn of this.changeListeners) fn(this.list());
  }
}
