/**
 * The app sandbox origin: a second loopback port that serves only the two sandbox documents
 * (sandbox-pages.ts), so an MCP App never runs on the origin that holds the token. The spec asks a
 * web host for exactly this: "the Host and the Sandbox MUST have different origins". It has no
 * token, no WebSocket and no route that acts; it checks `Host` as the page's port does (DNS
 * rebinding), and lets only Loupe's page embed it (`frame-ancestors`, from a `host` parameter it
 * checks is a loopback origin on the page's port).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { sandboxCsp } from '../../lib/analyze/rules/apps/sandbox-csp';
import { checkHost, LOOPBACK_NAMES, refuse, type GuardConfig } from '../shared/guards';
import { sha256Source } from './csp';
import { framePage, sandboxPage } from './sandbox-pages';

export const SANDBOX_PATH = '/sandbox';
export const FRAME_PATH = '/frame';

/** The largest `csp` parameter read: four lists of 64 origins fit many times over. */
const MAX_CSP_PARAM = 64 * 1024;

export interface AppSandbox {
  readonly port: number;
  close(): Promise<void>;
}

/** The page's origin named by `host`, when it is Loupe's page: http, a loopback name (or --host's), the page's port. */
export function pageOriginFrom(value: string | null, pagePort: number, extraHost?: string): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const names = extraHost ? [...LOOPBACK_NAMES, extraHost.toLowerCase()] : LOOPBACK_NAMES;
  if (url.protocol !== 'http:' || url.origin !== value || Number(url.port) !== pagePort || !names.includes(url.hostname.toLowerCase())) return undefined;
  return url.origin;
}

function baseHeaders(policy: string): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  };
}

function send(req: IncomingMessage, res: ServerResponse, policy: string, html: string): void {
  const body = Buffer.from(html, 'utf8');
  res.writeHead(200, { ...baseHeaders(policy), 'Content-Length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function readCsp(param: string | null): unknown {
  if (param === null || param === '') return undefined;
  if (param.length > MAX_CSP_PARAM) throw new Error(`the csp parameter is longer than ${MAX_CSP_PARAM} characters`);
  try {
    return JSON.parse(param);
  } catch {
    throw new Error('the csp parameter is not JSON');
  }
}

export function handleSandboxRequest(req: IncomingMessage, res: ServerResponse, guard: GuardConfig, pagePort: number): void {
  const refusal = checkHost(req, guard);
  if (refusal) return refuse(res, refusal);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return refuse(res, { status: 405, message: `${req.method} is not allowed here` });
  }
  const url = new URL(req.url ?? '/', 'http://loupe.invalid');
  if (url.pathname !== SANDBOX_PATH && url.pathname !== FRAME_PATH)
    return refuse(res, { status: 404, message: `this origin only serves Loupe's app sandbox (${SANDBOX_PATH}); open the address Loupe printed` });
  const host = pageOriginFrom(url.searchParams.get('host'), pagePort, guard.extraHost);
  if (!host)
    return refuse(res, { status: 403, message: `the sandbox is embedded by Loupe's page only: "host" must be its origin (http://127.0.0.1:${pagePort})` });
  const self = `http://${req.headers.host ?? ''}`;
  if (url.pathname === SANDBOX_PATH) {
    const { html, script } = sandboxPage();
    const policy = [
      "default-src 'none'",
      `script-src ${sha256Source(script)}`,
      `frame-src ${self}`,
      `frame-ancestors ${host}`,
      "base-uri 'none'",
      "form-action 'none'",
      "object-src 'none'",
    ].join('; ');
    return send(req, res, policy, html);
  }
  let declared: unknown;
  try {
    declared = readCsp(url.searchParams.get('csp'));
  } catch (e) {
    return refuse(res, { status: 400, message: (e as Error).message });
  }
  const csp = sandboxCsp(declared);
  // Every ancestor must be allowed: the proxy frame, and the page above it.
  send(req, res, `${csp.policy}; frame-ancestors ${self} ${host}`, framePage({ policy: csp.policy, dropped: csp.dropped }));
}

/** Listens on `port` (0: any free one) of `host`; `pagePort` is the port of Loupe's page. */
export async function startAppSandbox(opts: { host: string; port?: number; pagePort: number; extraHost?: string }): Promise<AppSandbox> {
  const guard: GuardConfig = { port: opts.port ?? 0, token: '', extraHost: opts.extraHost };
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => handleSandboxRequest(req, res, guard, opts.pagePort));
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  // Nothing here speaks WebSocket.
  server.on('upgrade', (_req, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  guard.port = (server.address() as AddressInfo).port;
  return {
    port: guard.port,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}
