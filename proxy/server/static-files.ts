/**
 * Serves the statically exported page (`out/` from `next build`): `/` is index.html, `/route`
 * is route.html (or route/index.html), nothing outside the folder is ever reached.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { besideOwnPolicy, carriesOwnPolicy, inlineSources, pagePolicy, type InlineSources } from './csp';
import { refuse } from '../shared/guards';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

async function isFile(p: string): Promise<boolean> {
  return stat(p).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** Maps a URL path to a file inside `root`, or undefined. Never escapes `root`. */
export async function resolveStaticFile(root: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const base = path.resolve(root);
  const target = path.resolve(base, '.' + path.posix.normalize('/' + decoded));
  if (target !== base && !target.startsWith(base + path.sep)) return undefined;
  const candidates = decoded.endsWith('/') || target === base ? [path.join(target, 'index.html')] : [target, target + '.html', path.join(target, 'index.html')];
  for (const c of candidates) if (await isFile(c)) return c;
  return undefined;
}

/** Anything that is not a page (an SVG opened directly, say) may run and load nothing. */
const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

function securityHeaders(file: string, urlPath: string, policy: string): Record<string, string> {
  return {
    'Content-Type': contentType(file),
    'X-Content-Type-Options': 'nosniff',
    // The page's URL carries the token: never hand it to another site in a Referer.
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': policy,
    // A window the page opens (a spec link) gets no handle back to the page that holds the token.
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    // Next puts content hashes in these names; everything else may change with a rebuild.
    'Cache-Control': urlPath.startsWith('/_next/static/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
}

/** Parsing a page for its inline scripts is done once per version of the file, not per request. */
const parsedPages = new Map<string, { mtimeMs: number; size: number; sources: InlineSources | 'own' }>();

function sourcesOf(file: string, html: Buffer, mtimeMs: number): InlineSources | 'own' {
  const cached = parsedPages.get(file);
  if (cached && cached.mtimeMs === mtimeMs && cached.size === html.length) return cached.sources;
  const text = html.toString('utf8');
  const sources = carriesOwnPolicy(text) ? 'own' : inlineSources(text);
  parsedPages.set(file, { mtimeMs, size: html.length, sources });
  return sources;
}

function htmlPolicy(file: string, html: Buffer, mtimeMs: number, host: string, sandboxPort?: number): string {
  const sources = sourcesOf(file, html, mtimeMs);
  return sources === 'own' ? besideOwnPolicy(host) : pagePolicy(sources, host, sandboxPort);
}

async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, status: number, urlPath: string, sandboxPort?: number): Promise<void> {
  const { size, mtimeMs } = await stat(file);
  if (path.extname(file).toLowerCase() === '.html') {
    // The policy names the inline scripts of exactly these bytes, so they are read before sending.
    const html = await readFile(file);
    const policy = htmlPolicy(file, html, mtimeMs, req.headers.host ?? '', sandboxPort);
    res.writeHead(status, { ...securityHeaders(file, urlPath, policy), 'Content-Length': String(html.length) });
    res.end(req.method === 'HEAD' ? undefined : html);
    return;
  }
  res.writeHead(status, { ...securityHeaders(file, urlPath, NON_PAGE_POLICY), 'Content-Length': String(size) });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

/** `sandboxPort`: the app sandbox origin's port, the one origin a page may frame. */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, root: string, sandboxPort?: number): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    refuse(res, { status: 405, message: `${req.method} is not allowed here` });
    return;
  }
  const urlPath = new URL(req.url ?? '/', 'http://loupe.invalid').pathname;
  const file = await resolveStaticFile(root, urlPath);
  if (file) return sendFile(req, res, file, 200, urlPath, sandboxPort);
  const notFound = path.join(root, '404.html');
  if (await isFile(notFound)) return sendFile(req, res, notFound, 404, urlPath, sandboxPort);
  refuse(res, { status: 404, message: `not found: ${urlPath}` });
}
