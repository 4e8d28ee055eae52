/** Loupe's client in the 2026-07-28 era, against the real modern fixtures (2.x SDK) and server-everything. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '../../lib/mcp/frame';
import { sentHeader, startEverything } from '../transports/http/testing';
import type { Session } from './session';
import { eraSessions, MODERN_TEST_CAPS } from './modern-testing';
import { everythingServer, fixtureServer, waitFor } from './test-support';

const era = eraSessions('m');
const { open, httpFixture, servers } = era;
afterEach(() => era.cleanup());

const sent = (s: Session) =>
  s
    .frames()
    .filter((f) => f.lane === 'message' && f.dir === 'c2s')
    .map((f) => JSON.parse(f.raw) as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any
const postFor = (s: Session, method: string): Frame | undefined =>
  s.frames().find((f) => f.lane === 'http' && f.meta?.phase === 'request' && sentHeader(f, 'Mcp-Method') === method);

describe('era choice', () => {
  it('modern: server/discover, no initialize, the envelope on every request; the header shows what discover said', async () => {
    const s = await open(fixtureServer('modern-only.mjs'), 'modern');
    expect(s.summary()).toMatchObject({
      status: 'ready',
      era: 'modern',
      requestedEra: 'modern',
      negotiatedVersion: '2026-07-28',
      supportedVersions: ['2026-07-28'],
      serverInfo: { name: 'modern-only' },
    });
    expect(s.summary().serverCapabilities).toMatchObject({ tools: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } });
    await s.client!.list('tools');
    const methods = sent(s).map((m) => m.method);
    expect(methods).toEqual(['server/discover', 'tools/list']);
    for (const m of sent(s))
      expect(m.params._meta).toMatchObject({
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': MODERN_TEST_CAPS,
      });
  });

  it('auto against a legacy server (server-everything): the probe fails, then initialize', async () => {
    const s = await open(everythingServer(), 'auto');
    expect(s.summary()).toMatchObject({ status: 'ready', era: 'legacy', requestedEra: 'auto', negotiatedVersion: '2025-11-25' });
    expect(
      sent(s)
        .map((m) => m.method)
        .slice(0, 3),
    ).toEqual(['server/discover', 'initialize', 'notifications/initialized']);
    expect(sent(s)[1].params._meta).toBeUndefined();
  });

  it('auto against the dual-era server stays modern; legacy against it runs the handshake', async () => {
    expect((await open(fixtureServer('dual-era.mjs'), 'auto')).summary()).toMatchObject({ era: 'modern', status: 'ready' });
    const legacy = await open(fixtureServer('dual-era.mjs'), 'legacy');
    expect(legacy.summary()).toMatchObject({ era: 'legacy', status: 'ready', negotiatedVersion: '2025-11-25' });
    expect(sent(legacy)[0].method).toBe('initialize');
  });

  it('legacy against a modern-only server fails with what to do', async () => {
    const s = await open(fixtureServer('modern-only.mjs'), 'legacy');
    expect(s.summary().status).toBe('failed');
    expect(s.summary().error).toMatch(/-32022|2026-07-28.*modern or auto/);
    expect(s.summary().error).toMatch(/choose the era modern or auto/);
  });

  it('a made-up modern version is answered -32022; the client retries discover with a version the server lists', async () => {
    const s = await open(fixtureServer('modern-only.mjs'), 'modern', '2099-01-01');
    expect(s.summary()).toMatchObject({ status: 'ready', negotiatedVersion: '2026-07-28' });
    expect(sent(s).map((m) => m.params._meta['io.modelcontextprotocol/protocolVersion'])).toEqual(['2099-01-01', '2026-07-28']);
  });
});

describe('modern calls over stdio', () => {
  it('an input_required call waits for the person, then retries with a new id, the answers and the same requestState', async () => {
    const s = await open(fixtureServer('modern-only.mjs'), 'modern');
    const { id, done } = s.client!.call('tools/call', { name: 'confirm_order', arguments: { item: 'tea' } });
    const waiting = await waitFor(() => s.client!.state().calls.find((c) => c.id === id && c.awaitingInput), 10_000, 'the input request');
    expect(waiting.awaitingInput).toMatchObject({ forPerson: ['confirm', 'note'] });
    s.client!.answerInput(id, {
      confirm: { action: 'accept', content: { quantity: 3 } },
      note: { role: 'assistant', content: { type: 'text', text: 'gift wrap' }, model: 'person', stopReason: 'endTurn' },
    });
    const final = await done;
    expect(final.status).toBe('done');
    expect(JSON.stringify(final.result)).toContain('ordered tea x3; note: gift wrap');
    const calls = sent(s).filter((m) => m.method === 'tools/call');
    expect(calls).toHaveLength(2);
    expect(calls[1].id).not.toBe(calls[0].id);
    expect(calls[1].params.requestState).toBe(final.rounds![0].requestState);
    expect(final.rounds!.map((r) => r.outcome)).toEqual(['input_required', 'complete']);
    expect(final.rounds![1].requestId).toBe(calls[1].id);
  });

  it('follows a task to completion with tasks/get, and answers an approval task with tasks/update', async () => {
    const s = await open(fixtureServer('modern-only.mjs'), 'modern');
    await s.client!.call('tools/call', { name: 'slow_report', arguments: {} }).done;
    const done = await waitFor(() => Object.values(s.client!.state().clientTasks.tasks).find((t) => t.status === 'completed'), 10_000, 'the task to complete');
    expect(done).toMatchObject({ modern: true, toolName: 'slow_report', history: ['working', 'completed'] });
    expect(JSON.stringify(done.result)).toContain('report: 42 rows');

    await s.client!.call('tools/call', { name: 'approval_job', arguments: {} }).done;
    const asking = await waitFor(() => Object.values(s.client!.state().clientTasks.tasks).find((t) => t.status === 'input_required'), 10_000, 'input_required');
    await s.client!.modernTask(asking.taskId, 'update', { approve: { action: 'accept', content: { ok: true } } });
    const approved = await waitFor(
      () => (s.client!.state().clientTasks.tasks[asking.taskId].status === 'completed' ? s.client!.state().clientTasks.tasks[asking.taskId] : undefined),
      10_000,
      'the approved task',
    );
    expect(JSON.stringify(approved.result)).toContain('job approved');
    expect(sent(s).some((m) => m.method === 'tasks/update' && m.params.inputResponses.approve.action === 'accept')).toBe(true);
  });

  it('a listen is acknowledged, gets the tagged update, and stops with notifications/cancelled', async () => {
    const s = await open(fixtureServer('modern-only.mjs'), 'modern');
    const listenId = s.client!.listen({ resourceSubscriptions: ['fixture://counter'] });
    await waitFor(() => s.client!.state().listens?.find((l) => l.status === 'open'), 10_000, 'the acknowledgement');
    await s.client!.call('tools/call', { name: 'bump_counter', arguments: {} }).done;
    const got = await waitFor(() => s.client!.state().listens?.find((l) => l.count > 0), 10_000, 'the update');
    expect(got.notifications[0]).toMatchObject({ method: 'notifications/resources/updated', params: { uri: 'fixture://counter' } });
    s.client!.stopListen(listenId);
    await waitFor(() => s.client!.state().listens?.find((l) => l.status === 'closed'), 5000, 'closed');
    expect(sent(s).some((m) => m.method === 'notifications/cancelled' && m.params.requestId === got.requestId)).toBe(true);
  });

  it('sends the log level in _meta, and only then gets log messages', async () => {
    const s = await open(fixtureServer('modern-only.mjs'), 'modern');
    s.client!.setLogLevel('info');
    await s.client!.call('tools/call', { name: 'log_something', arguments: {} }).done;
    const last = sent(s).at(-1)!;
    expect(last.params._meta['io.modelcontextprotocol/logLevel']).toBe('info');
    await waitFor(() => s.frames().some((f) => f.dir === 's2c' && f.raw.includes('notifications/message')), 5000, 'the log message');
  });
});

describe('modern calls over Streamable HTTP', () => {
  it('sends MCP-Protocol-Version, Mcp-Method, Mcp-Name and the x-mcp-header parameter, base64 when not ASCII', async () => {
    const s = await open(await httpFixture('modern-only'), 'modern');
    expect(s.summary()).toMatchObject({ status: 'ready', era: 'modern' });
    await s.client!.list('tools');
    const call = await s.client!.call('tools/call', { name: 'query_region', arguments: { region: 'Zürich' } }).done;
    expect(call.status).toBe('done');
    expect(JSON.stringify(call.result)).toContain('region Zürich');
    const post = postFor(s, 'tools/call')!;
    expect(sentHeader(post, 'MCP-Protocol-Version')).toBe('2026-07-28');
    expect(sentHeader(post, 'Mcp-Name')).toBe('query_region');
    expect(sentHeader(post, 'Mcp-Param-Region')).toBe('=?base64?WsO8cmljaA==?=');
    expect(sentHeader(post, 'Mcp-Session-Id')).toBeUndefined();
  });

  it('auto against the modern-only server over HTTP; a -32022 body on a 400 is the answer, not a transport failure', async () => {
    const s = await open(await httpFixture('modern-only'), 'modern', '2099-01-01');
    expect(s.summary()).toMatchObject({ status: 'ready', negotiatedVersion: '2026-07-28' });
    const refused = s.frames().find((f) => f.lane === 'message' && f.dir === 's2c' && f.raw.includes('-32022'));
    expect(refused).toBeDefined();
  });

  it('auto against a legacy Streamable HTTP server (server-everything) falls back to initialize, in either transport mode', async () => {
    const server = await startEverything('streamableHttp');
    servers.push(server);
    for (const mode of ['streamable', 'auto'] as const) {
      const s = await open({ id: 'e', name: 'e', transport: 'http', url: server.url, headers: {}, mode }, 'auto');
      expect(s.summary(), mode).toMatchObject({ status: 'ready', era: 'legacy', negotiatedVersion: '2025-11-25' });
      expect(
        sent(s)
          .map((m) => m.method)
          .slice(0, 2),
      ).toEqual(['server/discover', 'initialize']);
      await s.client!.list('tools');
      expect(s.client!.state().lists.tools?.items.length).toBeGreaterThan(5);
    }
  });

  it('an MRTR round trip and a listen over HTTP', async () => {
    const s = await open(await httpFixture('dual-era'), 'auto');
    expect(s.summary().era).toBe('modern');
    const listenId = s.client!.listen({ resourceSubscriptions: ['fixture://counter'] });
    await waitFor(() => s.client!.state().listens?.find((l) => l.status === 'open'), 10_000, 'the acknowledgement');
    await s.client!.call('tools/call', { name: 'bump_counter', arguments: {} }).done;
    await waitFor(() => s.client!.state().listens?.find((l) => l.count > 0), 10_000, 'the update');
    s.client!.setSamplingAuto(true, 'auto note');
    const { id, done } = s.client!.call('tools/call', { name: 'confirm_order', arguments: { item: 'pen' } });
    const waiting = await waitFor(() => s.client!.state().calls.find((c) => c.id === id && c.awaitingInput), 10_000, 'the input request');
    expect(waiting.awaitingInput!.forPerson).toEqual(['confirm']);
    s.client!.answerInput(id, { confirm: { action: 'accept', content: { quantity: 1 } } });
    expect(JSON.stringify((await done).result)).toContain('ordered pen x1; note: auto note');
    s.client!.stopListen(listenId);
    await waitFor(() => s.client!.state().listens?.find((l) => l.status === 'closed'), 5000, 'closed');
  });
});
