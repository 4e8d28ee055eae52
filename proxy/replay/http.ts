/**
 * Serves a replay over Streamable HTTP: each POST's replies come back as one JSON body, or as an
 * SSE stream when the recorded server also sent notifications or requests around its response.
 * Guarded like any local server: loopback Host names (DNS rebinding) and a same-host Origin.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { ReplayMatcher } from '../../lib/replay/matcher';
import { LOOPBACK_NAMES, hostAllowed } from '../shared/guards';
import { answerText } from './answer';

const MAX_BODY = 16 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) reject(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const event = (m: unknown) => `event: message\ndata: ${JSON.stringify(m)}\n\n`;

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text + '\n');
}

export interface ReplayHttpServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export async function serveHttp(matcher: ReplayMatcher, host: string, port: number): Promise<ReplayHttpServer> {
  const sessionId = randomUUID();
  const server = createServer((req, res) => {
    void handle(req, res).catch((e: unknown) => plain(res, 400, `Loupe replay: ${(e as Error).message}`));
  });
  const extraHost = LOOPBACK_NAMES.includes(host) ? undefined : host;
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { port: actual } = server.address() as AddressInfo;
    if (!hostAllowed(req.headers.host, { port: actual, token: '', extraHost })) return plain(res, 403, `Loupe replay refuses host "${req.headers.host ?? ''}"`);
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== `http://${req.headers.host}`) return plain(res, 403, `Loupe replay refuses origin "${origin}"`);
    if (req.method === 'DELETE') return plain(res, 200, 'session ended');
    if (req.method === 'GET') return openStream(res);
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'GET, POST, DELETE' });
      res.end();
      return;
    }
    const out = answerText(matcher, await readBody(req));
    const headers: Record<string, string> = { 'Mcp-Session-Id': sessionId };
    const hasResponse = out.some((m) => 'result' in m || 'error' in m);
    if (!hasResponse) {
      // A POST of notifications or answers gets 202 and no body (the spec); what the recorded
      // server sent after it goes to the GET stream when the client has one open.
      res.writeHead(202, headers);
      res.end();
      for (const m of out) for (const s of streams) s.write(event(m));
    } else if (out.length === 1 && ('result' in out[0] || 'error' in out[0])) {
      res.writeHead(200, { ...headers, 'Content-Type': 'application/json' });
      res.end(JSON.stringify(out[0]));
    } else {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
      for (const m of out) res.write(event(m));
      res.end();
    }
  }
  const streams = new Set<ServerResponse>();
  function openStream(res: ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', 'Mcp-Session-Id': sessionId });
    res.flushHeaders();
    streams.add(res);
    res.on('close', () => streams.delete(res));
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    server,
    url: `http://${shown}:${bound}/mcp`,
    close: () => {
      for (const s of streams) s.end();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
