/**
 * `loupe` in a test: one Loupe of its own, one session on the server under test, the dashboard
 * open in `page`. Requests go through the proxy's client (`session/request`), the trace comes from
 * the proxy's export (`session/export`: redacted for anything that is attached to a report), and
 * findings and latency are read from that trace's one model, built with the framing its header
 * declares, as `loupe check` and the page read theirs.
 */
import type { Locator, Page } from '@playwright/test';
import type { Severity } from '../../lib/analyze';
import { DEFAULT_PROTOCOL_VERSION } from '../../lib/mcp/versions';
import type { Frame } from '../../lib/mcp/frame';
import { classifyFrame } from '../../lib/mcp/classify';
import { readTraceText, type Trace } from '../../lib/trace';
import { modelOfTrace } from '../../lib/model/trace-model';
import { findingsOf } from './findings';
import { parseTarget, targetLatency, type TargetLatency } from '../../lib/gates/latency';
import { looksSecret, type Connection } from '../../lib/wire/connection';
import type { SessionSummary } from '../../lib/wire/protocol';
import { launchLoupe, type LaunchedLoupe } from './launch';
import { ProxySocket } from './socket';
import { answerFor, capabilitiesFor, isErrorAnswer } from './answers';
import type { ConnectOptions, McpServerOption, RequestOptions, ServerRequestPolicy, TestFinding } from './types';
import { LOUPE_VERSION } from '../../lib/version';
import { openAppInPage, type AppHandle, type OpenAppOptions } from './app';

const CONNECTION_ID = 'loupe-test';

export class McpRequestError extends Error {
  override name = 'McpRequestError';
  constructor(
    readonly method: string,
    message: string,
    readonly code?: number,
    readonly data?: unknown,
  ) {
    super(`${method} failed${code === undefined ? '' : ` (${code})`}: ${message}`);
  }
}

function toConnection(server: McpServerOption): Connection {
  if ('url' in server)
    return { id: CONNECTION_ID, name: 'server under test', transport: 'http', url: server.url, headers: server.headers ?? {}, mode: server.mode ?? 'auto' };
  return {
    id: CONNECTION_ID,
    name: 'server under test',
    transport: 'stdio',
    command: server.command,
    args: server.args ?? [],
    env: server.env ?? {},
    cwd: server.cwd ?? process.cwd(),
  };
}

/** The session answers roots/list itself, from a fixed list (OpenOptions.roots, client/set-roots). */
function fixedRoots(policy: ServerRequestPolicy | undefined): Array<{ uri: string; name?: string }> | undefined {
  if (policy === undefined) return undefined;
  const roots = typeof policy === 'function' ? undefined : (policy as { roots?: unknown }).roots;
  if (!Array.isArray(roots))
    throw new Error('mcp-loupe/test: Loupe answers roots/list itself, from a fixed list: give { roots: [{ uri, name }] }, not a function or an error');
  return roots as Array<{ uri: string; name?: string }>;
}

/** The first request of `method` the server sent that the client answered. */
function answeredServerRequest(frames: readonly Frame[], method: string): { params: unknown } | undefined {
  const asked = new Map<string, unknown>();
  for (const f of frames) {
    const c = classifyFrame(f);
    if (f.dir === 's2c' && c.kind === 'request' && c.method === method) asked.set(JSON.stringify(c.id), (c.json as { params?: unknown }).params);
    if (f.dir === 'c2s' && (c.kind === 'response' || c.kind === 'error') && asked.has(JSON.stringify(c.id))) return { params: asked.get(JSON.stringify(c.id)) };
  }
  return undefined;
}

/** The row count the Sequence pane's toolbar shows ("1,234 rows"). */
async function sequenceRows(pane: Locator, timeout: number): Promise<number> {
  const text = await pane
    .getByText(/^[\d.,\s\u00a0\u202f]+ rows$/)
    .first()
    .textContent({ timeout });
  return Number((text ?? '').replace(/\D/g, ''));
}

export class LoupeFixture {
  private launched: LaunchedLoupe | undefined;
  private socket: ProxySocket | undefined;
  private session: SessionSummary | undefined;
  private readonly answered = new Set<string>();
  private openedId: string | undefined;
  private readonly pendingBySession = new Map<string, ReadonlyArray<{ key: string; method: string; params: unknown }>>();

  constructor(
    readonly page: Page,
    private readonly server: McpServerOption | undefined,
    private readonly policies: Record<string, ServerRequestPolicy>,
  ) {}

  /** The session's id once connected. */
  get sessionId(): string {
    if (!this.session) throw new Error('mcp-loupe/test: call `await loupe.connect()` first');
    return this.session.id;
  }

  /** The dashboard's URL (with its token) once connected. */
  get url(): string | undefined {
    return this.launched?.url;
  }

  /** Starts a Loupe, opens a session on `mcpServer` and shows it in `page`. */
  async connect(options: ConnectOptions = {}): Promise<void> {
    if (!this.server) throw new Error('mcp-loupe/test: no server to connect to: set test.use({ mcpServer: { command, args } }) or { url }');
    if (this.session) throw new Error('mcp-loupe/test: already connected; each test gets one session');
    this.launched = await launchLoupe();
    const socket = (this.socket = await ProxySocket.open(this.launched.url));
    const latest = new Map<string, SessionSummary>();
    socket.on((m) => {
      if (m.type === 'sessions/update' || m.type === 'hello') for (const s of m.sessions) latest.set(s.id, s);
      if (m.type !== 'server-requests/update') return;
      // The server may ask before session/open's reply is here: keep the list until the id is known.
      if (m.sessionId === this.openedId) void this.answerPending(m.pending);
      else this.pendingBySession.set(m.sessionId, m.pending);
    });
    const saved = await socket.call({ type: 'connections/save', connection: toConnection(this.server) });
    if (saved.type !== 'ack' || !saved.ok)
      throw new Error(`mcp-loupe/test: Loupe refused the server settings: ${'error' in saved ? (saved.error ?? saved.type) : saved.type}`);
    const roots = fixedRoots(this.policies['roots/list']);
    const opened = await socket.call({
      type: 'session/open',
      connectionId: CONNECTION_ID,
      options: {
        protocolVersion: options.protocolVersion ?? DEFAULT_PROTOCOL_VERSION,
        clientCapabilities: options.clientCapabilities ?? capabilitiesFor(this.policies),
        clientInfo: { name: 'loupe-test', version: LOUPE_VERSION },
        ...(roots ? { roots } : {}),
        ...(options.era ? { era: options.era } : {}),
      },
    });
    if (opened.type !== 'ack' || !opened.ok || !opened.sessionId)
      throw new Error(`mcp-loupe/test: the session did not open: ${'error' in opened ? opened.error : opened.type}`);
    const id = (this.openedId = opened.sessionId);
    void this.answerPending(this.pendingBySession.get(id) ?? []);
    // Server requests are sent to the sockets attached to the session (with its frames).
    const attached = await socket.call({ type: 'session/attach', sessionId: id });
    if (attached.type !== 'ack' || !attached.ok)
      throw new Error(`mcp-loupe/test: cannot attach to the session: ${'error' in attached ? attached.error : attached.type}`);
    this.session = await this.waitReady(id, latest, options.timeoutMs ?? 30_000);
    await this.page.goto(`${this.launched.url}#s=${encodeURIComponent(id)}&pane=sequence`);
    await this.page.getByRole('region', { name: 'Sequence' }).waitFor({ state: 'visible' });
  }

  private waitReady(id: string, latest: Map<string, SessionSummary>, timeoutMs: number): Promise<SessionSummary> {
    return new Promise((resolve, reject) => {
      const deadline = Date.now() + timeoutMs;
      const poll = () => {
        const s = latest.get(id);
        if (s?.status === 'ready') return resolve(s);
        if (s && (s.status === 'failed' || s.status === 'closed'))
          return reject(new Error(`mcp-loupe/test: the session ${s.status}: ${s.error ?? 'no reason given'}\n${this.launched?.output() ?? ''}`));
        if (Date.now() > deadline)
          return reject(new Error(`mcp-loupe/test: the session was not ready within ${timeoutMs} ms (status ${s?.status ?? 'unknown'})`));
        setTimeout(poll, 20);
      };
      poll();
    });
  }

  private async answerPending(pending: ReadonlyArray<{ key: string; method: string; params: unknown }>): Promise<void> {
    for (const p of pending) {
      if (this.answered.has(p.key)) continue;
      this.answered.add(p.key);
      const answer = await answerFor(p.method, p.params, this.policies);
      const sessionId = this.openedId!;
      this.socket?.send(
        isErrorAnswer(answer)
          ? { type: 'server-request/answer', sessionId, key: p.key, error: answer.error }
          : { type: 'server-request/answer', sessionId, key: p.key, result: answer as Record<string, unknown> },
      );
    }
  }

  /**
   * Resolves with the params of the first `method` request the server sent, once the client has
   * answered it: for servers that ask on their own schedule (roots after the handshake).
   */
  async serverRequest(method: string, options: { timeoutMs?: number } = {}): Promise<unknown> {
    const timeoutMs = options.timeoutMs ?? 10_000;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = answeredServerRequest(await this.trace(), method);
      if (hit) return hit.params;
      if (Date.now() > deadline) throw new Error(`mcp-loupe/test: the server sent no ${method} request that was answered within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Any request through Loupe's client; a JSON-RPC error (or a timeout) throws McpRequestError. */
  async request(method: string, params?: Record<string, unknown>, options: RequestOptions = {}): Promise<unknown> {
    const reply = await this.connected().call({ type: 'session/request', sessionId: this.sessionId, method, params, timeoutMs: options.timeoutMs });
    if (reply.type === 'request/result') {
      if (reply.error) throw new McpRequestError(method, reply.error.message, reply.error.code, reply.error.data);
      return reply.result;
    }
    throw new McpRequestError(method, reply.type === 'error' ? reply.message : `unexpected reply ${reply.type}`);
  }

  /** The tool's result, `isError` ones included (they are answers, not failures of the call). */
  callTool(
    name: string,
    args: Record<string, unknown> = {},
    options?: RequestOptions,
  ): Promise<{ content?: unknown[]; isError?: boolean; structuredContent?: unknown; [k: string]: unknown }> {
    return this.request('tools/call', { name, arguments: args }, options) as never;
  }

  /** Every tool, following `nextCursor` to the last page. */
  async listTools(): Promise<Array<{ name: string; [k: string]: unknown }>> {
    const tools: Array<{ name: string }> = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const r = (await this.request('tools/list', cursor === undefined ? undefined : { cursor })) as { tools?: Array<{ name: string }>; nextCursor?: string };
      tools.push(...(r.tools ?? []));
      if (typeof r.nextCursor !== 'string') break;
      cursor = r.nextCursor;
    }
    return tools;
  }

  /**
   * Calls `tool` from the page's Tools tab as a person would and resolves once the app its result
   * renders is running: its document to drive (`frame`) and its bridge as the trace recorded it.
   */
  openApp(tool: string, args: Record<string, unknown> = {}, options?: OpenAppOptions): Promise<AppHandle> {
    this.connected();
    return openAppInPage(this.page, () => this.trace(), tool, args, options);
  }

  readResource(uri: string): Promise<{ contents: unknown[]; [k: string]: unknown }> {
    return this.request('resources/read', { uri }) as never;
  }

  getPrompt(name: string, args?: Record<string, string>): Promise<{ messages: unknown[]; [k: string]: unknown }> {
    return this.request('prompts/get', args ? { name, arguments: args } : { name }) as never;
  }

  /**
   * Reopens `page` in the redacted view (`?redacted=1`): the proxy then sends it the session as an
   * export holds it (frames, client state, server requests, connection and summaries alike), and
   * the page says so with a "Redacted view" badge. Resolves once the Sequence pane shows at least
   * the rows the live page showed, so a picture taken next holds the whole session.
   */
  async showRedacted(): Promise<void> {
    const launched = this.launched;
    if (!launched) throw new Error('loupe/test: call `await loupe.connect()` first');
    const pane = this.page.getByRole('region', { name: 'Sequence' });
    const rowsBefore = await sequenceRows(pane, 1_000).catch(() => 0);
    await this.page.goto(`${launched.url}&redacted=1#s=${encodeURIComponent(this.sessionId)}&pane=sequence`);
    await this.page.getByRole('status', { name: 'Redacted view' }).waitFor({ state: 'visible', timeout: 10_000 });
    const deadline = Date.now() + 10_000;
    while ((await sequenceRows(pane, 10_000)) < rowsBefore) {
      if (Date.now() > deadline) throw new Error(`loupe/test: the redacted view showed fewer than the ${rowsBefore} rows of the live page`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Values of the server's env variables and headers whose names look secret. */
  secretValues(): string[] {
    if (!this.server) return [];
    const named = 'url' in this.server ? (this.server.headers ?? {}) : (this.server.env ?? {});
    return Object.entries(named)
      .filter(([name, value]) => looksSecret(name) && value.length >= 4)
      .map(([, value]) => value);
  }

  /** Changes or adds the answer to a server request from here on. */
  async onServerRequest(method: string, policy: ServerRequestPolicy): Promise<void> {
    const roots = method === 'roots/list' ? fixedRoots(policy) : undefined;
    this.policies[method] = policy;
    if (roots && this.session) {
      const reply = await this.connected().call({ type: 'client/set-roots', sessionId: this.sessionId, roots });
      if (reply.type !== 'ack' || !reply.ok) throw new Error(`mcp-loupe/test: Loupe refused the roots: ${'error' in reply ? reply.error : reply.type}`);
    }
  }

  /** The session's frames so far, exactly as they crossed (secrets included: they stay in the test). */
  async trace(): Promise<Frame[]> {
    return (await this.recorded()).frames;
  }

  private async recorded(): Promise<Trace> {
    return readTraceText(await this.exportText(false));
  }

  /** The session as a Loupe trace file (NDJSON), redacted as the dashboard's export redacts. */
  exportText(redact = true): Promise<string> {
    return this.connected()
      .call({ type: 'session/export', sessionId: this.sessionId, selection: { kind: 'all' }, redact: redact ? {} : false, preview: false })
      .then((reply) => {
        if (reply.type !== 'session/exported' || reply.text === undefined)
          throw new Error(`mcp-loupe/test: the export failed: ${reply.type === 'error' ? reply.message : reply.type}`);
        return reply.text;
      });
  }

  /** The analyser's findings at or above `severity` (default: all). */
  async findings(filter: { severity?: Severity } = {}): Promise<TestFinding[]> {
    return findingsOf(modelOfTrace(await this.recorded()), filter);
  }

  /** Latency of `METHOD` or `METHOD:NAME` requests, measured at the proxy, from the same model
   *  (the export's declared framing) as the findings. */
  async latency(target: string): Promise<TargetLatency> {
    return targetLatency(modelOfTrace(await this.recorded()), parseTarget(target));
  }

  private connected(): ProxySocket {
    if (!this.socket || !this.session) throw new Error('mcp-loupe/test: call `await loupe.connect()` first');
    return this.socket;
  }

  /** Closes the session and stops this test's Loupe (the fixture does it after each test). */
  async dispose(): Promise<void> {
    try {
      if (this.socket && this.session) await this.socket.call({ type: 'session/close', sessionId: this.session.id });
    } catch {
      // Stopping Loupe below ends the session anyway.
    }
    this.socket?.close();
    await this.launched?.stop();
  }
}
