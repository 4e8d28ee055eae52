/**
 * `GET /remote-trace?url=…`: the page's `?trace=URL` for a trace on another origin. The page's
 * Content-Security-Policy lets it connect only to its own origin (so a script that got in could
 * not send the token or a session anywhere), which makes the proxy the one to fetch remote traces.
 * It needs the token like every route that acts; it adds nothing a token holder could not already
 * do (they can start any process), and the trace still reaches the page as untrusted text.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { guardAction, refuse, type GuardConfig } from './guards';

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

export async function serveRemoteTrace(req: IncomingMessage, res: ServerResponse, guard: GuardConfig): Promise<void> {
  if (req.method !== 'GET') {
    res.setHeader('Allow', 'GET');
    return refuse(res, { status: 405, message: `${req.method} is not allowed here` });
  }
  if (!guardAction(req, res, guard)) return;
  // Browsers send Origin on cross-origin fetches: only Loupe's own page may use this route.
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${req.headers.host}`) return refuse(res, { status: 403, message: `Loupe refuses trace fetches for origin "${origin}"` });
  const url = remoteTraceUrl(req.url ?? '/');
  if (typeof url === 'string') return refuse(res, { status: 400, message: url });

  const abort = new AbortController();
  res.on('close', () => abort.abort());
  let upstream: Response;
  try {
    upstream = await fetch(url, { signal: abort.signal, redirect: 'follow' });
  } catch (e) {
    const cause = (e as { cause?: { message?: string } }).cause?.message ?? (e as Error).message;
    return refuse(res, { status: 502, message: `Loupe could not fetch ${url.href}: ${cause}` });
  }
  const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
  // The remote's status and reason pass through, so the page says what that server answered.
  res.writeHead(upstream.status, upstream.statusText, headers);
  if (!upstream.body) return void res.end();
  Readable.fromWeb(upstream.body as NodeReadableStream<Uint8Array>)
    .on('error', () => res.destroy())
    .pipe(res);
}
