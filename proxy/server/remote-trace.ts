/**
 * `GET /remote-trace?url=…`: the page's `?trace=URL` for a trace on another origin. The page's
 * Content-Security-Policy lets it connect only to its own origin (so a script that got in could
 * not send the token or a session anywhere), which makes the proxy the one to fetch remote traces.
 * It needs the token like every route that acts; it adds nothing a token holder could not already
 * do (they can start any process), and the trace still reaches the page as untrusted text.
 * The fetch is bounded in size, time and where it connects (remote-fetch.ts says what and why).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { guardAction, refuse, type GuardConfig } from '../shared/guards';
import { openRemoteTrace, REMOTE_TRACE_LIMITS, RemoteFetchError, type RemoteFetchLimits } from './remote-fetch';

export const REMOTE_TRACE_PATH = '/remote-trace';

/** Parses the `url` parameter: only absolute http(s) URLs, as the page's own check allows. */
export function remoteTraceUrl(requestUrl: string): URL | string {
  const raw = new URL(requestUrl, 'http://loupe.invalid').searchParams.get('url');
  if (!raw) return 'missing ?url=: give the address of the trace file';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `not a URL: ${raw}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `only http: and https: traces can be fetched, not ${url.protocol}`;
  return url;
}

export async function serveRemoteTrace(
  req: IncomingMessage,
  res: ServerResponse,
  guard: GuardConfig,
  limits: RemoteFetchLimits = REMOTE_TRACE_LIMITS,
): Promise<void> {
  if (req.method !== 'GET') {
    res.setHeader('Allow', 'GET');
    return refuse(res, { status: 405, message: `${req.method} is not allowed here` });
  }
  if (!guardAction(req, res, guard)) return;
  // Browsers send Origin on cross-origin fetches: only Loupe's own page may use this route.
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${req.headers.host}`)
    return refuse(res, { status: 403, message: `Loupe refuses trace fetches for origin "${origin}"` });
  const url = remoteTraceUrl(req.url ?? '/');
  if (typeof url === 'string') return refuse(res, { status: 400, message: url });

  // The deadline covers the whole fetch; a page that goes away ends it too.
  const gone = new AbortController();
  res.on('close', () => gone.abort());
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  const signal = AbortSignal.any([gone.signal, deadline]);
  let upstream: IncomingMessage;
  try {
    upstream = await openRemoteTrace(url, limits, signal);
  } catch (e) {
    if (e instanceof RemoteFetchError) return refuse(res, { status: e.status, message: e.message });
    throw e;
  }
  const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
  // The remote's status and reason pass through, so the page says what that server answered.
  res.writeHead(upstream.statusCode ?? 502, upstream.statusMessage, headers);
  let bytes = 0;
  let overLimit = false;
  const cut = () => {
    upstream.destroy();
    res.destroy();
  };
  signal.addEventListener('abort', cut, { once: true });
  upstream.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes <= limits.maxBytes) {
      if (!res.write(chunk)) upstream.pause();
      return;
    }
    // One byte past the limit reaches the page, whose reader then refuses the file with its own
    // message on size; the transfer is then broken off, never ended as if the file were whole.
    overLimit = true;
    upstream.destroy();
    res.write(chunk.subarray(0, chunk.length - (bytes - limits.maxBytes - 1)), () => res.destroy());
  });
  res.on('drain', () => upstream.resume());
  upstream.on('end', () => res.end());
  upstream.on('error', () => (overLimit ? undefined : res.destroy()));
}
