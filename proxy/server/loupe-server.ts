/**
 * Loupe's one listening port serves both the exported page (`out/`) and the WebSocket at `/ws`.
 * One port means one origin: the page's socket comes from exactly the origin it was loaded
 * from, so the Origin check is a plain equality, and the printed URL is the only thing a person
 * has to copy.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { isIP, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { ConnectionStore } from '../config/store';
import type { SessionStore } from '../store/store';
import type { SessionRegistry } from '../sessions/types';
import { checkHost, checkOrigin, checkToken, refuse, type GuardConfig, type Refusal } from '../shared/guards';
import { PageHub } from './page-hub';
import type { TapWatcher } from '../tap/tap-watcher';
import { wantsRedactedView } from './redacted-view';
import { PageSocket } from './page-socket';
import { REMOTE_TRACE_PATH, serveRemoteTrace } from './remote-trace';
import { serveStatic } from './static-files';
import { CALLBACK_PATH, type PageOAuthFlows } from '../oauth/page-flows';
import { serveOAuthCallback } from '../oauth/callback-route';
import { RULES_PATH, serveRuleCatalog } from './rule-catalog';
import { startAppSandbox, type AppSandbox } from './app-sandbox';

/** `session/send-raw` may carry 16 MiB of text; JSON escaping can double it. */
export const MAX_MESSAGE_BYTES = 40 * 1024 * 1024;

export interface LoupeServerOptions {
  host?: string;
  port: number;
  outDir: string;
  token: string;
  registry: SessionRegistry;
  store: ConnectionStore;
  /** Follows and lists `loupe tap` recordings, when the server runs with a config dir. */
  taps?: TapWatcher;
  /** The sessions stored on disk, listed and opened by the page's History. */
  sessions?: SessionStore;
  /** Authorizations the page's sessions wait for; their redirect comes back to /oauth/callback. */
  oauth?: PageOAuthFlows;
  maxMessageBytes?: number;
  /** The port of the app sandbox origin (0 or absent: any free one). */
  sandboxPort?: number;
}

export interface LoupeServer {
  readonly host: string;
  readonly port: number;
  /** What the listener is actually bound to. */
  address(): AddressInfo;
  /** The address to open: page origin plus `?token=`. */
  readonly url: string;
  /** The second loopback port, where MCP Apps run (app-sandbox.ts). */
  readonly sandboxPort: number;
  /** Stops accepting, closes every page socket. Sessions are the registry's to close. */
  close(): Promise<void>;
}

const LOOPBACK_ADDRESSES = ['127.0.0.1', '::1', 'localhost'];

export function isLoopbackAddress(host: string): boolean {
  return LOOPBACK_ADDRESSES.includes(host) || /^127\./.test(host);
}

function refuseUpgrade(socket: Duplex, r: Refusal | { status: number; message: string }): void {
  const reason = r.status === 401 ? 'Unauthorized' : r.status === 404 ? 'Not Found' : 'Forbidden';
  const body = r.message + '\n';
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${r.status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

const WILDCARD_ADDRESSES = ['0.0.0.0', '::'];

/** The host to print: the address actually bound (a name like `localhost` resolves to one). */
function urlHost(requested: string, bound: string): string {
  if (WILDCARD_ADDRESSES.includes(requested)) return '127.0.0.1';
  return isIP(bound) === 6 ? `[${bound}]` : bound;
}

export async function startLoupeServer(opts: LoupeServerOptions): Promise<LoupeServer> {
  const host = opts.host ?? '127.0.0.1';
  const guard: GuardConfig = { port: opts.port, token: opts.token, extraHost: ['127.0.0.1', '::1', 'localhost'].includes(host) ? undefined : host };
  const hub = new PageHub(opts.registry, opts.store, opts.taps, opts.sessions);
  // Known once the sandbox listens; the page's policy and hello name it.
  const sandboxRef: { port?: number } = {};
  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxMessageBytes ?? MAX_MESSAGE_BYTES });
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    const refusal = checkHost(req, guard);
    if (refusal) return refuse(res, refusal);
    const pathname = new URL(req.url ?? '/', 'http://loupe.invalid').pathname;
    if (pathname === REMOTE_TRACE_PATH) {
      serveRemoteTrace(req, res, guard).catch(() => res.destroy());
      return;
    }
    // Checked by its state (page-flows.ts), not the token, which must not reach the authorization server.
    if (pathname === CALLBACK_PATH && opts.oauth) return serveOAuthCallback(req, res, opts.oauth);
    if (pathname === RULES_PATH) {
      serveRuleCatalog(res).catch(() => refuse(res, { status: 404, message: 'the rule catalog (lib/analyze/README.md) is not in this installation' }));
      return;
    }
    serveStatic(req, res, opts.outDir, sandboxRef.port).catch(() => {
      if (!res.headersSent) refuse(res, { status: 403, message: 'cannot read that file' });
      else res.destroy();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  // Every check happens before the WebSocket handshake completes: a refused page never has a socket.
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (new URL(req.url ?? '/', 'http://loupe.invalid').pathname !== '/ws')
      return refuseUpgrade(socket, { status: 404, message: 'the WebSocket lives at /ws' });
    const refusal = checkHost(req, guard) ?? checkOrigin(req) ?? checkToken(req, guard);
    if (refusal) return refuseUpgrade(socket, refusal);
    wss.handleUpgrade(req, socket, head, (ws) => new PageSocket(ws, hub, wantsRedactedView(req.url)));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  const port = bound.port;
  guard.port = port;
  let sandbox: AppSandbox;
  try {
    sandbox = await startAppSandbox({ host, port: opts.sandboxPort, pagePort: port, extraHost: guard.extraHost });
  } catch (e) {
    server.close();
    throw new Error(`cannot listen for the app sandbox on ${host}:${opts.sandboxPort ?? 0}: ${(e as Error).message}`);
  }
  sandboxRef.port = sandbox.port;
  hub.appSandboxPort = sandbox.port;
  const origin = `http://${urlHost(host, bound.address)}:${port}`;
  if (opts.oauth) opts.oauth.origin = origin;

  return {
    host,
    port,
    address: () => server.address() as AddressInfo,
    url: `${origin}/?token=${opts.token}`,
    sandboxPort: sandbox.port,
    async close() {
      hub.stop();
      await sandbox.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const ws of wss.clients) ws.close(1001, 'Loupe is shutting down');
      await new Promise((r) => setTimeout(r, 50));
      for (const ws of wss.clients) ws.terminate();
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}
