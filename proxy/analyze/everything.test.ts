import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '../../lib/mcp/frame';
import { toFrame } from '../../lib/mcp/frame-check';
import { analyze, type Annotation } from '../../lib/analyze/index';

const SERVER = 'node_modules/@modelcontextprotocol/server-everything/dist/index.js';

/** Spawns the server, records every line both ways as frames, and answers its requests. */
async function recordEverything(protocolVersion = '2025-11-25'): Promise<Frame[]> {
  const frames: Frame[] = [];
  const t0 = process.hrtime.bigint();
  const now = () => Number((process.hrtime.bigint() - t0) / 1000n);
  const add = (dir: Frame['dir'], lane: Frame['lane'], raw: string, meta: Frame['meta'] = { transport: 'stdio' }) =>
    frames.push(toFrame({ seq: frames.length + 1, ts: now(), dir, lane, raw, size: raw.length, meta }));
  const child = spawn(process.execPath, [SERVER, 'stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  add('local', 'lifecycle', 'spawn', { transport: 'stdio', event: 'spawn', pid: child.pid ?? 0, command: process.execPath, args: [SERVER, 'stdio'] });
  const waiting = new Map<number, (m: Record<string, unknown>) => void>();
  const send = (msg: object) => {
    const raw = JSON.stringify(msg);
    add('c2s', 'message', raw);
    child.stdin.write(raw + '\n');
  };
  const answers: Record<string, object> = {
    'roots/list': { roots: [{ uri: 'file:///tmp/loupe', name: 'loupe' }] },
    'sampling/createMessage': { role: 'assistant', content: { type: 'text', text: 'hello' }, model: 'test-model', stopReason: 'endTurn' },
    'elicitation/create': { action: 'decline' },
    ping: {},
  };
  createInterface({ input: child.stderr }).on('line', (l) => add('s2c', 'stderr', l));
  createInterface({ input: child.stdout }).on('line', (line) => {
    add('s2c', 'message', line);
    const m = JSON.parse(line) as Record<string, unknown>;
    if (typeof m.method === 'string' && 'id' in m) send({ jsonrpc: '2.0', id: m.id, result: answers[m.method] ?? {} });
    else if (typeof m.id === 'number' && !m.method) waiting.get(m.id)?.(m);
  });
  let nextId = 0;
  const request = (method: string, params?: object) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      send({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
    });
  const all = async (method: string, key: string) => {
    let cursor: string | undefined;
    const items: Array<Record<string, unknown>> = [];
    do {
      const r = (await request(method, cursor ? { cursor } : undefined)).result as Record<string, unknown>;
      items.push(...(r[key] as Array<Record<string, unknown>>));
      cursor = r.nextCursor as string | undefined;
    } while (cursor);
    return items;
  };

  await request('initialize', {
    protocolVersion,
    capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: { form: {} } },
    clientInfo: { name: 'loupe-test', version: '0.1.0' },
  });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await all('tools/list', 'tools');
  const prompts = await all('prompts/list', 'prompts');
  const resources = await all('resources/list', 'resources');
  await all('resources/templates/list', 'resourceTemplates');
  const call = (name: string, args: object = {}, meta?: object) => request('tools/call', { name, arguments: args, ...(meta ? { _meta: meta } : {}) });
  await call('echo', { message: 'hi' });
  await call('get-sum', { a: 1, b: 2 });
  await call('get-tiny-image');
  await call('get-structured-content', { location: 'Chicago' });
  await call('get-annotated-message', { messageType: 'error', includeImage: true });
  await call('get-resource-links', { count: 3 });
  await call('get-resource-reference', { resourceType: 'Text', resourceId: 1 });
  await call('trigger-long-running-operation', { duration: 1, steps: 3 }, { progressToken: 'op-1' });
  await call('trigger-sampling-request', { prompt: 'hi', maxTokens: 10 });
  await call('trigger-elicitation-request');
  await call('get-roots-list');
  for (const p of prompts.filter((x) => x.name === 'simple-prompt' || x.name === 'args-prompt'))
    await request('prompts/get', { name: p.name, arguments: p.name === 'args-prompt' ? { city: 'Paris' } : {} });
  await request('completion/complete', { ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'department', value: 'E' } });
  await request('resources/read', { uri: resources[0].uri });
  await request('resources/subscribe', { uri: resources[0].uri });
  await request('resources/unsubscribe', { uri: resources[0].uri });
  await request('logging/setLevel', { level: 'debug' });
  await request('ping');
  // A tool it never listed: the finding below.
  await call('no-such-tool');
  add('local', 'lifecycle', 'stdin-closed', { transport: 'stdio', event: 'stdin-closed' });
  child.stdin.end();
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  add('local', 'lifecycle', 'exit', { transport: 'stdio', event: 'exit', code });
  return frames;
}

describe('server-everything over stdio', () => {
  let frames: Frame[] = [];
  let annotations: Annotation[] = [];
  beforeAll(async () => {
    frames = await recordEverything();
    annotations = analyze(frames).annotations;
  }, 30_000);
  afterAll(() => {
    if (process.env.LOUPE_PRINT_EVERYTHING) console.log(JSON.stringify({ frames: frames.length, annotations }, null, 1));
  });

  it('gets no error-severity annotation for its normal traffic', () => {
    expect(frames.filter((f) => f.lane === 'message').length).toBeGreaterThan(50);
    expect(annotations.filter((a) => a.severity === 'error')).toEqual([]);
  });

  it('answers a call to an unknown tool with an isError result, not a JSON-RPC error (a real finding)', () => {
    // The spec's tools section shows unknown tools as a protocol error (-32602); the SDK's
    // McpServer turns the error into a tool result. A SHOULD, so a warning.
    const found = annotations.filter((a) => a.rule === 'tools.unknown-tool-as-result');
    expect(found.map((a) => a.severity)).toEqual(['warning']);
    expect(found[0].message).toContain('"no-such-tool"');
  });

  it("is recognised as a 2025-11-25 session with both sides' capabilities", () => {
    const { state } = analyze(frames);
    expect(state).toMatchObject({ negotiatedVersion: '2025-11-25', era: 'legacy', phase: 'ended', internalErrors: 0 });
    expect(state.serverCapabilities).toHaveProperty('tools');
    expect(state.tools.size).toBeGreaterThan(5);
    // The traffic exercised the server's requests and notifications, not only the client's.
    for (const m of ['notifications/progress', 'sampling/createMessage', 'elicitation/create', 'roots/list']) expect(state.methods.s2c.has(m), m).toBe(true);
  });
});

describe('server-everything asked for 2025-03-26', () => {
  it('still sends features of 2025-06-18 (a real finding: it does not adapt to the negotiated version)', async () => {
    const { annotations, state } = analyze(await recordEverything('2025-03-26'));
    expect(state.negotiatedVersion).toBe('2025-03-26');
    // Tool titles, structuredContent and resource_link blocks are 2025-06-18 features; the
    // elicitation/create it sends is there only because this client declared elicitation.
    // 2025-03-26 says both parties SHOULD respect the negotiated version: warnings, not errors.
    expect(annotations.filter((a) => a.severity === 'error')).toEqual([]);
    const found = annotations.filter((a) => a.rule === 'version.feature-not-in-version');
    expect(new Set(found.map((a) => a.severity))).toEqual(new Set(['warning']));
    const said = found.map((a) => a.message).join('\n');
    for (const what of ['`title` on tool', 'structuredContent', 'resource_link', 'elicitation/create']) expect(said).toContain(what);
  }, 30_000);
});
