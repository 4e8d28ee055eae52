/**
 * The HTTP tap between a real client (the SDK's) and server-everything over Streamable HTTP and
 * legacy HTTP+SSE: the host gets the same answers as directly, and every exchange is recorded in
 * the frames the HTTP transport writes; statuses pass through, credentials are masked.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import type { Frame } from '../../lib/mcp/frame';
import { checkFrame } from '../../lib/mcp/frame-check';
import { startEverything, type RunningServer } from '../transports/http/testing';
import { HttpTap } from './http-tap';

const servers: RunningServer[] = [];
const taps: HttpTap[] = [];
afterEach(async () => {
  for (const t of taps.splice(0)) await t.close();
  for (const s of servers.splice(0)) await s.stop();
});

async function tapOf(upstream: string): Promise<{ tap: HttpTap; frames: Frame[] }> {
  const frames: Frame[] = [];
  const tap = new HttpTap({ upstream, onFrame: (f) => frames.push(f) });
  await tap.start();
  taps.push(tap);
  return { tap, frames };
}

async function tour(client: Client) {
  const tools = await client.listTools();
  const echo = await client.callTool({ name: 'echo', arguments: { message: 'through the http tap' } });
  const resources = await client.listResources();
  const first = await client.readResource({ uri: resources.resources[0].uri });
  await client.ping();
  return { tools: tools.tools.map((t) => t.name), echo, first };
}

describe('loupe tap --url', () => {
  it('Streamable HTTP: same answers as direct, every exchange recorded as the transport records it', async () => {
    const server = await startEverything('streamableHttp');
    servers.push(server);
    const direct = new Client({ name: 'host', version: '1' });
    await direct.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const expected = await tour(direct);
    await direct.close();

    const { tap, frames } = await tapOf(server.url);
    const host = new Client({ name: 'host', version: '1' });
    const transport = new StreamableHTTPClientTransport(new URL(tap.url), { requestInit: { headers: { Authorization: 'Bearer host-secret-token-123' } } });
    await host.connect(transport);
    expect(await tour(host)).toEqual(expected);
    await transport.terminateSession();
    await host.close();

    // Every frame fits the one Frame contract the views and trace files use.
    for (const f of frames) expect(checkFrame(f)).toMatchObject({ ok: true });
    const requests = frames.filter((f) => f.lane === 'http' && f.meta?.transport === 'http' && 'phase' in f.meta && f.meta.phase === 'request');
    expect(requests.map((f) => (f.meta as { method: string }).method)).toEqual(expect.arrayContaining(['POST', 'DELETE']));
    const c2s = frames.filter((f) => f.lane === 'message' && f.dir === 'c2s').map((f) => JSON.parse(f.raw).method);
    expect(c2s).toEqual(expect.arrayContaining(['initialize', 'notifications/initialized', 'tools/list', 'tools/call', 'resources/read', 'ping']));
    const echoed = frames.find((f) => f.lane === 'message' && f.dir === 's2c' && f.raw.includes('through the http tap'));
    expect(echoed?.meta).toMatchObject({ transport: 'http', exchange: expect.any(Number) });
    const response = frames.find(
      (f) =>
        f.lane === 'http' &&
        (f.meta as { phase?: string }).phase === 'response' &&
        (f.meta as { headers: [string, string][] }).headers.some(([k]) => k === 'mcp-session-id'),
    );
    expect(response).toBeDefined();
    // The credential reached the server (it answered) but is not in the recording.
    expect(JSON.stringify(frames)).not.toContain('host-secret-token-123');
    expect(requests[0].raw).toMatch(/authorization: Bearer ••••••/i);
  }, 60_000);

  it('legacy HTTP+SSE: the endpoint event leads the host to the tap, and the tour works', async () => {
    const server = await startEverything('sse');
    servers.push(server);
    const { tap, frames } = await tapOf(server.url);
    const host = new Client({ name: 'host', version: '1' });
    await host.connect(new SSEClientTransport(new URL(tap.url)));
    const result = await tour(host);
    expect(result.tools).toContain('echo');
    await host.close();
    const endpoint = frames.find((f) => f.lane === 'http' && (f.meta as { event?: string }).event === 'endpoint');
    expect(endpoint?.raw).toMatch(/sessionId=/);
    // Messages the host posted went through the tap (they are recorded), answers came on the stream.
    expect(frames.filter((f) => f.lane === 'message' && f.dir === 'c2s').length).toBeGreaterThanOrEqual(5);
    expect(frames.some((f) => f.lane === 'message' && f.dir === 's2c' && (f.meta as { stream?: string }).stream === 'legacy')).toBe(true);
  }, 60_000);

  it('passes every status on and keeps it: a 401 with its challenge, and its own 502 when the server is gone', async () => {
    const guarded: Server = createServer((_req, res) => {
      res.writeHead(401, {
        'www-authenticate': 'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"',
        'content-type': 'application/json',
      });
      res.end('{"error":"unauthorized"}');
    });
    await new Promise<void>((r) => guarded.listen(0, '127.0.0.1', () => r()));
    const { tap, frames } = await tapOf(`http://127.0.0.1:${(guarded.address() as AddressInfo).port}/mcp`);
    const res = await fetch(tap.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/resource_metadata=/);
    const head = frames.find((f) => (f.meta as { phase?: string }).phase === 'response');
    expect(head?.meta).toMatchObject({
      status: 401,
      headers: expect.arrayContaining([['www-authenticate', expect.stringMatching(/^Bearer resource_metadata/)]]),
    });
    guarded.close();

    const gone = await tapOf('http://127.0.0.1:9/mcp');
    const bad = await fetch(gone.tap.url, { method: 'POST', body: '{}' });
    expect(bad.status).toBe(502);
    expect(await bad.text()).toMatch(/loupe tap: cannot reach http:\/\/127\.0\.0\.1:9/);
    expect(gone.frames.find((f) => (f.meta as { phase?: string }).phase === 'end')?.meta).toMatchObject({ errorCode: 'network' });
  }, 60_000);
});
