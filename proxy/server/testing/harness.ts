import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import type { Connection } from '../../../lib/wire/connection';
import type { ProxyMessage, SessionSummary } from '../../../lib/wire/protocol';
import { ConnectionStore } from '../../config/store';
import type { SessionRegistry } from '../../sessions/types';
import { startLoupeServer, type LoupeServer } from '../loupe-server';
import { createToken } from '../../shared/token';
import type { SessionStore } from '../../store/store';

export interface Harness {
  server: LoupeServer;
  token: string;
  store: ConnectionStore;
  origin: string;
  close(): Promise<void>;
}

/** A real server on a free loopback port, with a tiny exported page and its own config dir. */
export async function startHarness(registry: SessionRegistry, maxMessageBytes?: number, connectionsJson?: string, sessions?: SessionStore): Promise<Harness> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loupe-server-'));
  const outDir = path.join(dir, 'out');
  await mkdir(path.join(outDir, '_next', 'static'), { recursive: true });
  await writeFile(path.join(outDir, 'index.html'), '<!doctype html><title>Loupe</title>');
  await writeFile(path.join(outDir, 'about.html'), '<!doctype html><title>About</title>');
  await writeFile(path.join(outDir, '_next', 'static', 'app.js'), 'console.log(1)');
  await writeFile(path.join(dir, 'secret.txt'), 'outside the page folder');
  if (connectionsJson !== undefined) {
    await mkdir(path.join(dir, 'config'));
    await writeFile(path.join(dir, 'config', 'connections.json'), connectionsJson);
  }
  const store = await ConnectionStore.open(path.join(dir, 'config'));
  const token = createToken();
  const server = await startLoupeServer({ port: 0, outDir, token, registry, store, maxMessageBytes, sessions });
  let closed = false;
  return {
    server,
    token,
    store,
    origin: `http://127.0.0.1:${server.port}`,
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      await registry.closeAll();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A page's socket that queues what the proxy sends, so tests can await messages in order. */
export class PageClient {
  readonly received: ProxyMessage[] = [];
  private waiters: Array<() => void> = [];
  private cursor = 0;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.received.push(JSON.parse(String(data)) as ProxyMessage);
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static connect(h: Harness, headers: Record<string, string> = {}): Promise<PageClient> {
    return PageClient.open(`ws://127.0.0.1:${h.server.port}/ws?token=${h.token}`, { Origin: h.origin, ...headers });
  }

  /** The page of a Loupe started as a process, from the URL it printed (which holds the token). */
  static at(loupeUrl: string): Promise<PageClient> {
    const { host, origin, searchParams } = new URL(loupeUrl);
    return PageClient.open(`ws://${host}/ws?token=${searchParams.get('token')}`, { Origin: origin });
  }

  private static async open(wsUrl: string, headers: Record<string, string>): Promise<PageClient> {
    const ws = new WebSocket(wsUrl, { headers });
    const client = new PageClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  send(msg: unknown): void {
    this.ws.send(JSON.stringify(msg));
  }

  /** The next message of that type after the previous one taken (earlier ones are skipped). */
  async next<T extends ProxyMessage['type']>(
    type: T,
    where: (m: Extract<ProxyMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<Extract<ProxyMessage, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.cursor < this.received.length) {
        const m = this.received[this.cursor++];
        if (m.type === type && where(m as Extract<ProxyMessage, { type: T }>)) return m as Extract<ProxyMessage, { type: T }>;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} within ${timeoutMs} ms; got ${this.received.map((m) => m.type).join(', ')}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.ws.close();
  }
}

/** Opens a session as the page's Connect does (saving the connection first when one is given,
 *  else the built-in server-everything) and resolves with it once its server is ready. */
export async function openReadySession(page: PageClient, connection?: Connection, timeoutMs = 30_000): Promise<SessionSummary> {
  const { defaults } = await page.next('hello', undefined, timeoutMs);
  if (connection) {
    page.send({ type: 'connections/save', rid: 'save', connection });
    const saved = await page.next('ack', (m) => m.rid === 'save', timeoutMs);
    if (!saved.ok) throw new Error(`could not save the connection: ${saved.error}`);
  }
  page.send({ type: 'session/open', rid: 'open', connectionId: connection?.id ?? 'server-everything', options: defaults });
  const update = await page.next('sessions/update', (m) => m.sessions.some((s) => s.status === 'ready' && s.pid), timeoutMs);
  return update.sessions.find((s) => s.status === 'ready' && s.pid)!;
}
