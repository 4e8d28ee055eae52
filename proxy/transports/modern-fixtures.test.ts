// The 2026-07-28 fixture servers start and answer as modern servers do, over stdio and Streamable
// HTTP, with nothing of Loupe in between: the client tests elsewhere rely on exactly this.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startFixture, type RunningServer } from './http/testing';

const root = fileURLToPath(new URL('../../', import.meta.url));
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'fixture-test', version: '0' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} }, sampling: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } },
};
type Msg = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A stdio peer speaking raw JSON-RPC lines to a fixture. */
class StdioPeer {
  readonly child: ChildProcess;
  readonly received: Msg[] = [];
  private nextId = 1;
  constructor(file: string) {
    this.child = spawn(process.execPath, [`e2e/fixtures/servers/${file}`], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    createInterface({ input: this.child.stdout! }).on('line', (l) => this.received.push(JSON.parse(l)));
  }
  send(msg: Msg): void {
    this.child.stdin!.write(JSON.stringify({ jsonrpc: '2.0', ...msg }) + '\n');
  }
  async request(method: string, params: Msg = {}, meta: Msg | null = META): Promise<Msg> {
    const id = this.nextId++;
    this.send({ id, method, params: meta ? { ...params, _meta: { ...meta, ...params._meta } } : params });
    return this.waitFor((m) => m.id === id && !('method' in m), `the answer to ${method}`);
  }
  async waitFor(pred: (m: Msg) => boolean, what: string): Promise<Msg> {
    for (let i = 0; i < 500; i++) {
      const hit = this.received.find(pred);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`timed out waiting for ${what}: ${JSON.stringify(this.received)}`);
  }
}

const peers: StdioPeer[] = [];
const servers: RunningServer[] = [];
afterEach(async () => {
  for (const p of peers.splice(0)) p.child.kill();
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

function peer(file: string): StdioPeer {
  const p = new StdioPeer(file);
  peers.push(p);
  return p;
}

describe('modern fixture servers over stdio', () => {
  it('modern-only answers server/discover and refuses initialize with -32022', async () => {
    const p = peer('modern-only.mjs');
    const discover = await p.request('server/discover');
    expect(discover.result).toMatchObject({
      supportedVersions: ['2026-07-28'],
      resultType: 'complete',
      capabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } },
    });
    expect(discover.result._meta['io.modelcontextprotocol/serverInfo'].name).toBe('modern-only');
    const init = await p.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } }, null);
    expect(init.error).toMatchObject({ code: -32022, data: { supported: ['2026-07-28'] } });
  });

  it('dual-era answers the 2025 handshake too', async () => {
    const p = peer('dual-era.mjs');
    const init = await p.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } }, null);
    expect(init.result).toMatchObject({ protocolVersion: '2025-11-25', serverInfo: { name: 'dual-era' } });
    p.send({ method: 'notifications/initialized' });
    const list = await p.request('tools/list', {}, null);
    expect(list.result.tools.map((t: Msg) => t.name)).toContain('confirm_order');
  });

  it('a multi-round-trip call completes on the retry with both answers and the echoed requestState', async () => {
    const p = peer('modern-only.mjs');
    const first = await p.request('tools/call', { name: 'confirm_order', arguments: { item: 'tea' } });
    expect(first.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { confirm: { method: 'elicitation/create' }, note: { method: 'sampling/createMessage' } },
    });
    const inputResponses = {
      confirm: { action: 'accept', content: { quantity: 2 } },
      note: { role: 'assistant', content: { type: 'text', text: 'handle with care' }, model: 'person', stopReason: 'endTurn' },
    };
    const retry = await p.request('tools/call', { name: 'confirm_order', arguments: { item: 'tea' }, inputResponses, requestState: first.result.requestState });
    expect(retry.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'ordered tea x2; note: handle with care' }] });
  });

  it('a task completes on its second poll; an approval task waits for tasks/update', async () => {
    const p = peer('modern-only.mjs');
    const created = await p.request('tools/call', { name: 'slow_report', arguments: {} });
    expect(created.result).toMatchObject({ resultType: 'task', status: 'working' });
    const taskId = created.result.taskId;
    expect((await p.request('tasks/get', { taskId })).result).toMatchObject({ status: 'working' });
    expect((await p.request('tasks/get', { taskId })).result).toMatchObject({ status: 'completed', result: { content: [{ text: 'report: 42 rows' }] } });

    const job = (await p.request('tools/call', { name: 'approval_job', arguments: {} })).result;
    expect((await p.request('tasks/get', { taskId: job.taskId })).result).toMatchObject({
      status: 'input_required',
      inputRequests: { approve: { method: 'elicitation/create' } },
    });
    expect(
      (await p.request('tasks/update', { taskId: job.taskId, inputResponses: { approve: { action: 'accept', content: { ok: true } } } })).result,
    ).toMatchObject({ resultType: 'complete' });
    expect((await p.request('tasks/get', { taskId: job.taskId })).result).toMatchObject({
      status: 'completed',
      result: { content: [{ text: 'job approved' }] },
    });
  });

  it('subscriptions/listen is acknowledged, then tagged resource updates arrive; logging needs a logLevel', async () => {
    const p = peer('modern-only.mjs');
    p.send({ id: 'listen-1', method: 'subscriptions/listen', params: { _meta: META, notifications: { resourceSubscriptions: ['fixture://counter'] } } });
    const ack = await p.waitFor((m) => m.method === 'notifications/subscriptions/acknowledged', 'the acknowledgement');
    expect(ack.params._meta['io.modelcontextprotocol/subscriptionId']).toBe('listen-1');
    await p.request('tools/call', { name: 'bump_counter', arguments: {} });
    const updated = await p.waitFor((m) => m.method === 'notifications/resources/updated', 'the update');
    expect(updated.params).toMatchObject({ uri: 'fixture://counter', _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' } });

    await p.request('tools/call', { name: 'log_something', arguments: {} });
    expect(p.received.some((m) => m.method === 'notifications/message')).toBe(false);
    await p.request('tools/call', { name: 'log_something', arguments: {}, _meta: { 'io.modelcontextprotocol/logLevel': 'info' } });
    const logged = p.received.filter((m) => m.method === 'notifications/message');
    expect(logged.map((m) => m.params.level)).toEqual(['info']);
  });
});

describe('modern fixture servers over Streamable HTTP', () => {
  async function post(url: string, method: string, params: Msg, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: META } }),
    });
  }

  it('answers discover and checks Mcp-Param-Region against the body (-32020 on a mismatch)', async () => {
    const s = await startFixture('modern-only', ['--http']);
    servers.push(s);
    const discover = await post(s.url, 'server/discover', {});
    expect(discover.status).toBe(200);
    expect(JSON.stringify(await discover.json())).toContain('"supportedVersions":["2026-07-28"]');

    const args = { name: 'query_region', arguments: { region: 'us-west1' } };
    const good = await post(s.url, 'tools/call', args, { 'mcp-name': 'query_region', 'mcp-param-region': 'us-west1' });
    expect(good.status).toBe(200);
    expect(await good.text()).toContain('region us-west1');
    const bad = await post(s.url, 'tools/call', args, { 'mcp-name': 'query_region', 'mcp-param-region': 'eu-west1' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe(-32020);
  });

  it('dual-era over HTTP also serves a 2025 initialize', async () => {
    const s = await startFixture('dual-era', ['--http']);
    servers.push(s);
    const res = await fetch(s.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('"name":"dual-era"');
  });
});
