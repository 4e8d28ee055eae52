/**
 * What the HTTP tap lets through. The tap stands in for one server on a loopback port and passes
 * the host's credentials on, so it must not become a proxy to anywhere else, nor a door for web
 * pages: it forwards only origin-form paths (`/mcp`, `/.well-known/…`) to its one upstream, only
 * for a Host naming the tap itself (a DNS-rebinding page arrives with its own host name), and
 * refuses a browser's Origin unless the page is on this machine's loopback names (hosts send no
 * Origin). The Host and Origin checks are the dashboard's own (proxy/shared/guards.ts).
 */
import type { IncomingMessage } from 'node:http';
import { hostAllowed, LOOPBACK_NAMES, originIsLoopback } from '../shared/guards';
import { formatBytes } from '../../lib/text/bytes';
import { DEFAULT_LIMITS } from '../../lib/trace/reader';

/**
 * The largest body the tap reads from a host, and records of a server's answer. A body is
 * recorded as one frame, one line of the trace file, and escaping it into JSON can grow it, so
 * this stays at half the trace reader's line limit: every recorded exchange can be read back.
 */
export const TAP_BODY_LIMIT = DEFAULT_LIMITS.maxLineChars / 2;

export interface TapRefusal {
  status: 400 | 403 | 413;
  /** A sentence for the host and the recording: what was refused and what the tap accepts. */
  reason: string;
}

export interface AdmissionConfig {
  /** The port the tap listens on: the only one a Host may name. */
  port: number;
  /** The address the tap listens on, when it is not a loopback name (`--listen 0.0.0.0:7001`). */
  listenHost: string;
  /** The upstream's origin, the only place requests go. */
  upstreamOrigin: string;
  /** The address the host should use, for the refusal's advice. */
  tapUrl: string;
  maxBodyBytes: number;
}

/** Returns the upstream URL a request is forwarded to, or why the tap refuses it. */
export function admitRequest(req: IncomingMessage, c: AdmissionConfig): URL | TapRefusal {
  const extraHost = LOOPBACK_NAMES.includes(c.listenHost) || c.listenHost === '::1' ? undefined : c.listenHost;
  if (!hostAllowed(req.headers.host, { port: c.port, token: '', extraHost })) {
    return { status: 403, reason: `loupe tap refuses requests for host "${req.headers.host ?? ''}": point the host at ${c.tapUrl}` };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !originIsLoopback(origin)) {
    return {
      status: 403,
      reason: `loupe tap refuses requests from the web page at origin "${origin}": only MCP hosts (which send no Origin) and pages on this machine's loopback addresses may use it`,
    };
  }
  // A page's <script src> or <img> sends no Origin, but the browser still says it is cross-site.
  if (origin === undefined && req.headers['sec-fetch-site'] === 'cross-site') {
    return { status: 403, reason: 'loupe tap refuses requests a web page on another site makes without an Origin (Sec-Fetch-Site: cross-site)' };
  }
  const target = upstreamTarget(req.url ?? '', c.upstreamOrigin);
  if (!target) {
    return {
      status: 400,
      reason: `loupe tap forwards only paths on ${c.upstreamOrigin} (such as ${new URL(c.tapUrl).pathname}); it refuses the request target "${req.url ?? ''}"`,
    };
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > c.maxBodyBytes) return tooLarge(declared, c.maxBodyBytes, 'declares');
  return target;
}

/**
 * The request target in origin form (`/path?query`) resolved on the upstream's origin. An
 * absolute-form target (`http://elsewhere/x`), a scheme-relative one (`//elsewhere/x`, or `/\\`,
 * which URL parsing reads the same), `*` and authority-form targets have no place here.
 */
export function upstreamTarget(requestTarget: string, upstreamOrigin: string): URL | undefined {
  if (!/^\/(?![/\\])/.test(requestTarget)) return undefined;
  let url: URL;
  try {
    url = new URL(requestTarget, upstreamOrigin);
  } catch {
    return undefined;
  }
  return url.origin === upstreamOrigin ? url : undefined;
}

/** A body over the limit: refused as a whole, never passed on cut short. */
export function tooLarge(bytes: number, limit: number, how: 'declares' | 'had reached'): TapRefusal {
  return { status: 413, reason: `loupe tap refuses request bodies over ${formatBytes(limit)}, its limit (this one ${how} ${formatBytes(bytes)})` };
}
