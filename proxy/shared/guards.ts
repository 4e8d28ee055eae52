/**
 * Request checks shared by every route. The proxy can start processes, so it is guarded like a
 * remote-code-execution surface: loopback Host names only (a DNS-rebinding page arrives with its
 * own host name in `Host`), the page's exact origin on the WebSocket upgrade (browsers apply no
 * CORS to WebSockets), and the per-launch token on everything that acts.
 */
import { isIP } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tokensMatch } from './token';

export const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const WILDCARDS = ['0.0.0.0', '::', '[::]'];

export interface GuardConfig {
  port: number;
  token: string;
  /** The address given with --host, when it is not a loopback one. */
  extraHost?: string;
}

export interface Refusal {
  status: 401 | 403;
  message: string;
}

function bracketed(host: string): string {
  return isIP(host) === 6 ? `[${host}]` : host;
}

/** Splits `name:port` / `[v6]:port`; a missing port means the default HTTP port. */
function splitHost(value: string): { name: string; port: number } | undefined {
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(value);
  return m ? { name: m[1].toLowerCase(), port: m[2] ? Number(m[2]) : 80 } : undefined;
}

export function hostAllowed(hostHeader: string | undefined, cfg: GuardConfig): boolean {
  const parsed = hostHeader ? splitHost(hostHeader) : undefined;
  if (!parsed || parsed.port !== cfg.port) return false;
  if (LOOPBACK_NAMES.includes(parsed.name)) return true;
  if (!cfg.extraHost) return false;
  // Bound to every interface on purpose: any IP literal is fine (rebinding needs a host name).
  if (WILDCARDS.includes(cfg.extraHost)) return isIP(parsed.name.replace(/^\[|\]$/g, '')) !== 0;
  return parsed.name === bracketed(cfg.extraHost).toLowerCase();
}

export function checkHost(req: IncomingMessage, cfg: GuardConfig): Refusal | undefined {
  if (hostAllowed(req.headers.host, cfg)) return undefined;
  return { status: 403, message: `Loupe refuses requests for host "${req.headers.host ?? ''}": open the address Loupe printed, http://127.0.0.1:${cfg.port}/` };
}

/** The page's own origin is `http://` + the Host it was loaded from (already checked above). */
export function checkOrigin(req: IncomingMessage): Refusal | undefined {
  const origin = req.headers.origin;
  if (origin !== undefined && origin === `http://${req.headers.host}`) return undefined;
  return { status: 403, message: `Loupe refuses WebSocket connections from origin "${origin ?? '(none)'}": only its own page may connect` };
}

/**
 * An Origin from a page served on one of this machine's loopback names, on any port. Local
 * servers that only MCP hosts should reach (they send no Origin) use it to refuse pages from the
 * web, which a browser would otherwise let post to them (a "simple" text/plain request needs no
 * preflight). `null` (sandboxed frames, file: pages) is not loopback.
 */
export function originIsLoopback(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_NAMES.includes(url.hostname.toLowerCase());
}

/** The token comes as `?token=` (the page's URL and socket) or as `Authorization: Bearer`. */
export function checkToken(req: IncomingMessage, cfg: GuardConfig): Refusal | undefined {
  const fromQuery = new URL(req.url ?? '/', 'http://loupe.invalid').searchParams.get('token');
  const auth = req.headers.authorization;
  const given = fromQuery ?? (auth?.startsWith('Bearer ') ? auth.slice(7) : undefined);
  if (tokensMatch(given, cfg.token)) return undefined;
  return {
    status: 401,
    message: given ? 'wrong token: open the exact URL Loupe printed at start' : 'missing token: open the exact URL Loupe printed at start',
  };
}

/** For any HTTP route that acts: Host and token, refused with a short plain-text reason. */
export function guardAction(req: IncomingMessage, res: ServerResponse, cfg: GuardConfig): boolean {
  const refusal = checkHost(req, cfg) ?? checkToken(req, cfg);
  if (!refusal) return true;
  refuse(res, refusal);
  return false;
}

export function refuse(res: ServerResponse, r: { status: number; message: string }): void {
  res.writeHead(r.status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(r.message + '\n');
}
