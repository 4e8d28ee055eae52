/** A connection's client settings are applied by the session's driver, whoever sends the request. */
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientSettings, StdioConnection } from '../../lib/wire/connection';
import type { Session } from './session';
import { sessionFor } from './sources';
import { everythingServer, inlineServer, waitFor } from './test-support';

const sessions: Session[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

async function ready(connection: StdioConnection, settings: ClientSettings): Promise<Session> {
  // The handshake waits the session's timeout unless told otherwise: a server that starts slower
  // than the short timeouts under test still gets to ready.
  const s = sessionFor(
    `cs${sessions.length}`,
    { ...connection, options: { settings } },
    { protocolVersion: '2025-11-25', clientCapabilities: {} },
    { initializeTimeoutMs: 30_000 },
  );
  sessions.push(s);
  await s.start();
  expect(s.summary().status).toBe('ready');
  return s;
}

const sent = (s: Session, method: string) =>
  s
    .frames()
    .filter((f) => f.dir === 'c2s' && f.raw.includes(`"method":"${method}"`))
    .map((f) => JSON.parse(f.raw) as { params?: { _meta?: Record<string, unknown> } });

// Answers initialize and tools/list; after the first tools/list it says the list changed.
const CHANGING = `
let n = 0;
require('readline').createInterface({ input: process.stdin }).on('line', (l) => {
  const m = JSON.parse(l);
  const out = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
  if (m.method === 'initialize') out({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '2025-11-25', capabilities: { tools: { listChanged: true } }, serverInfo: { name: 'changing', version: '1' } } });
  if (m.method === 'tools/list') { out({ jsonrpc: '2.0', id: m.id, result: { tools: [{ name: 't' + n++, inputSchema: { type: 'object' } }] } }); if (n === 1) setTimeout(() => out({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }), 50); }
});`;

describe("a session's one request timeout", () => {
  const summaryOf = (settings: ClientSettings) =>
    sessionFor('t', { ...everythingServer(), options: { settings } }, { protocolVersion: '2025-11-25', clientCapabilities: {} }).summary();

  it("is the connection's requestTimeoutMs, else the client's default, 60 s, and the page is told it", () => {
    expect(summaryOf({ requestTimeoutMs: 5_000 }).requestTimeoutMs).toBe(5_000);
    expect(summaryOf({}).requestTimeoutMs).toBe(60_000);
  });

  it('is what the handshake waits for, so the banner and timing.no-response speak of the same wait', async () => {
    const s = sessionFor(
      'silent',
      { ...inlineServer('setInterval(() => {}, 1000)'), options: { settings: { requestTimeoutMs: 300 } } },
      { protocolVersion: '2025-11-25', clientCapabilities: {} },
    );
    sessions.push(s);
    await s.start();
    expect(s.summary()).toMatchObject({ status: 'failed', error: expect.stringMatching(/no response to initialize \(id 1\) within 300 ms/) });
  });
});

describe('client settings of a connection, against real servers over stdio', () => {
  it('adds _meta to every request, the handshake and lists included, under the request’s own keys', async () => {
    const s = await ready(everythingServer(), { requestMeta: { tenant: 'acme' } });
    await s.client!.list('tools');
    const { done } = s.client!.call('tools/call', { name: 'echo', arguments: { message: 'x' } });
    await done;
    expect(sent(s, 'initialize')[0].params?._meta).toEqual({ tenant: 'acme' });
    expect(sent(s, 'tools/list')[0].params?._meta).toEqual({ tenant: 'acme' });
    // The call's own progress token stays beside it.
    expect(sent(s, 'tools/call')[0].params?._meta).toMatchObject({ tenant: 'acme', progressToken: expect.anything() });
    expect(sent(s, 'notifications/initialized')[0].params?._meta).toBeUndefined();
  });

  it('times a request out by the connection’s timeout, progress not resetting it when told so', async () => {
    const s = await ready(everythingServer(), { requestTimeoutMs: 400, resetTimeoutOnProgress: false });
    const { done } = s.client!.call('tools/call', { name: 'trigger-long-running-operation', arguments: { duration: 5, steps: 20 } });
    const final = await done;
    expect(final).toMatchObject({ status: 'failed', error: { local: true, message: expect.stringMatching(/within 400 ms/) } });
  });

  it('refreshes a shown list on list_changed unless the connection turned that off', async () => {
    const on = await ready(inlineServer(CHANGING), {});
    await on.client!.list('tools');
    await waitFor(() => on.client!.state().lists.tools?.items[0]?.name === 't1', 3000, 'the refreshed list');
    const off = await ready(inlineServer(CHANGING), { autoRefreshLists: false });
    await off.client!.list('tools');
    await waitFor(() => off.frames().some((f) => f.raw.includes('list_changed')), 3000, 'list_changed');
    await new Promise((r) => setTimeout(r, 200));
    expect(sent(off, 'tools/list')).toHaveLength(1);
    expect(off.client!.state().lists.tools?.items[0]?.name).toBe('t0');
  });
});
