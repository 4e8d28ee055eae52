import { afterEach, describe, expect, it } from 'vitest';
import { classifyFrame } from '../../lib/mcp/classify';
import { modelOf } from '../../lib/model/session-model';
import type { Connection } from '../../lib/wire/connection';
import type { OpenOptions, SessionSummary } from '../../lib/wire/protocol';
import type { Session } from './session';
import { sessionFor } from './sources';
import { everythingServer, fixtureServer, inlineServer, processGone, waitFor } from './test-support';

const sessions: Session[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

const defaults: OpenOptions = { protocolVersion: '2025-11-25', clientCapabilities: {} };

async function openSession(conn: Connection, options: Partial<OpenOptions> = {}, requestTimeoutMs?: number): Promise<Session> {
  const s = sessionFor(`t${sessions.length}`, conn, { ...defaults, ...options }, { transport: { closeGraceMs: 500, killGraceMs: 500 }, requestTimeoutMs });
  sessions.push(s);
  await s.start();
  return s;
}

const methods = (s: Session) => s.frames().map((f) => `${f.dir} ${f.lane} ${classifyFrame(f).method ?? classifyFrame(f).kind}`);

describe('Session against server-everything over stdio', () => {
  it('handshakes: ready, negotiated version, server info, initialize then initialized on the wire', async () => {
    const statuses: SessionSummary['status'][] = [];
    const s = sessionFor('hs', everythingServer(), defaults, {});
    sessions.push(s);
    s.on('summary', (x) => statuses.push(x.status));
    await s.start();
    const sum = s.summary();
    expect(sum).toMatchObject({
      status: 'ready',
      requestedVersion: '2025-11-25',
      negotiatedVersion: '2025-11-25',
      serverInfo: { name: 'mcp-servers/everything' },
    });
    expect(sum.serverCapabilities).toHaveProperty('tools');
    expect(sum.instructions).toMatch(/Everything Server/);
    expect(sum.pid).toBeGreaterThan(0);
    expect([...new Set(statuses)]).toEqual(['starting', 'initializing', 'ready']);
    const messages = s.frames().filter((f) => f.lane === 'message');
    expect(classifyFrame(messages[0])).toMatchObject({ kind: 'request', method: 'initialize', id: 1 });
    expect(JSON.parse(messages[0].raw).params).toMatchObject({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'loupe' } });
    expect(messages[1]).toMatchObject({ dir: 's2c' });
    expect(classifyFrame(messages[1])).toMatchObject({ kind: 'response', id: 1 });
    expect(classifyFrame(messages[2])).toMatchObject({ kind: 'notification', method: 'notifications/initialized' });
    expect(messages[2].dir).toBe('c2s');
    expect(s.frames().map((f) => f.seq)).toEqual(s.frames().map((_, i) => i + 1));
  });

  it('lists tools and calls echo, paired by id with a latency from wire timestamps', async () => {
    const s = await openSession(everythingServer());
    const list = (await s.request('tools/list', undefined)) as { tools: { name: string }[] };
    expect(list.tools.map((t) => t.name)).toContain('echo');
    const result = await s.request('tools/call', { name: 'echo', arguments: { message: 'hello loupe' } });
    expect(result).toEqual({ content: [{ type: 'text', text: 'Echo: hello loupe' }] });

    const call = modelOf(s.frames()).calls.all.find((c) => c.method === 'tools/call');
    expect(call?.responseSeq).toBeGreaterThan(call!.seq);
    expect(call!.responseTs! - call!.ts).toBeGreaterThan(0);
    expect(s.frames()[call!.responseSeq! - 1].raw).toContain('Echo: hello loupe');
  });

  it('sends the version it is given, even an unknown one, and records what the server chose', async () => {
    const s = await openSession(everythingServer(), { protocolVersion: '1999-01-01' });
    expect(JSON.parse(s.frames().find((f) => f.dir === 'c2s')!.raw).params.protocolVersion).toBe('1999-01-01');
    expect(s.summary()).toMatchObject({ requestedVersion: '1999-01-01', status: 'ready' });
    expect(s.summary().negotiatedVersion).not.toBe('1999-01-01');
  });

  it('records malformed raw text as a frame and keeps the correlator on track', async () => {
    const s = await openSession(everythingServer());
    await s.sendRaw('{"jsonrpc":"2.0", oops');
    expect(s.frames().at(-1)).toMatchObject({ dir: 'c2s', lane: 'message', raw: '{"jsonrpc":"2.0", oops' });
    // A raw request with the id the correlator would use next: the correlator skips that id.
    await s.sendRaw('{"jsonrpc":"2.0","id":2,"method":"ping"}');
    const result = await s.request('tools/call', { name: 'echo', arguments: { message: 'after raw' } });
    expect(result).toMatchObject({ content: [{ text: 'Echo: after raw' }] });
    const ids = s
      .frames()
      .filter((f) => f.dir === 'c2s' && classifyFrame(f).kind === 'request')
      .map((f) => classifyFrame(f).id);
    expect(ids).toEqual([1, 2, 3]);
    expect(s.summary().status).toBe('ready');
  });

  it('reports progress for a request that asks for it', async () => {
    const s = await openSession(everythingServer());
    const seen: number[] = [];
    await s.request(
      'tools/call',
      { name: 'trigger-long-running-operation', arguments: { duration: 0.3, steps: 3 } },
      { onProgress: (p) => seen.push(p.progress) },
    );
    expect(seen).toEqual([1, 2, 3]);
    const sent = JSON.parse(s.frames().find((f) => classifyFrame(f).method === 'tools/call')!.raw);
    expect(sent.params._meta.progressToken).toBe(sent.id);
  });

  it('cancels on abort with notifications/cancelled naming the request id', async () => {
    const s = await openSession(everythingServer());
    const ac = new AbortController();
    const call = s.request('tools/call', { name: 'trigger-long-running-operation', arguments: { duration: 5, steps: 5 } }, { signal: ac.signal });
    setTimeout(() => ac.abort(), 100);
    await expect(call).rejects.toThrow(/tools\/call \(id 2\) was cancelled/);
    const cancel = s.frames().find((f) => classifyFrame(f).method === 'notifications/cancelled');
    expect(JSON.parse(cancel!.raw).params).toMatchObject({ requestId: 2 });
  });

  it('times out a request with a clear error and tells the server', async () => {
    const s = await openSession(everythingServer());
    const call = s.request('tools/call', { name: 'trigger-long-running-operation', arguments: { duration: 5, steps: 5 } }, { timeoutMs: 150 });
    await expect(call).rejects.toThrow('no response to tools/call (id 2) within 150 ms');
    await waitFor(() => s.frames().some((f) => classifyFrame(f).method === 'notifications/cancelled'));
  });

  it('puts a sampling request from the server in pending and sends the answer back', async () => {
    const s = await openSession(everythingServer(), { clientCapabilities: { sampling: {} } });
    const pendingEvents: number[] = [];
    s.on('pending', (p) => pendingEvents.push(p.length));
    const call = s.request('tools/call', { name: 'trigger-sampling-request', arguments: { prompt: 'hi', maxTokens: 5 } });
    const [waiting] = await waitFor(() => s.pending().length > 0 && s.pending(), 5000, 'the sampling request');
    expect(waiting).toMatchObject({ sessionId: s.id, method: 'sampling/createMessage' });
    expect(classifyFrame(s.frames()[waiting.seq! - 1]).method).toBe('sampling/createMessage');
    s.answer(waiting.key, { result: { role: 'assistant', content: { type: 'text', text: 'sampled!' }, model: 'test', stopReason: 'endTurn' } });
    const result = (await call) as { content: { text: string }[] };
    expect(result.content[0].text).toContain('sampled!');
    expect(s.pending()).toEqual([]);
    expect(pendingEvents).toEqual([1, 0]);
    expect(() => s.answer(waiting.key, { result: {} })).toThrow(/no server request is waiting/);
  });

  it('closes without leaving a process', async () => {
    const s = await openSession(everythingServer());
    const pid = s.summary().pid!;
    await s.close();
    expect(s.summary().status).toBe('closed');
    expect(processGone(pid)).toBe(true);
    await expect(s.request('tools/list', undefined)).rejects.toThrow(/session was closed/);
  });
});

describe('Session with misbehaving servers', () => {
  it('shows the banner as a message frame and the logs as stderr frames, and still gets ready', async () => {
    const s = await openSession(fixtureServer('stdio-banner.mjs'));
    expect(s.summary()).toMatchObject({ status: 'ready', serverInfo: { name: 'banner-server' }, instructions: 'A fixture that prints a banner.' });
    await waitFor(() => s.frames().some((f) => f.lane === 'stderr' && f.raw.includes('notifications/initialized')));
    expect(s.frames().some((f) => f.dir === 's2c' && f.lane === 'message' && f.raw === 'banner-server v1 starting up')).toBe(true);
    expect(s.frames().some((f) => f.lane === 'stderr' && f.raw === '[banner] listening on stdio')).toBe(true);
  });

  it("answers ping, refuses unknown server requests with -32601, and answers roots/list itself from the session's roots", async () => {
    const s = await openSession(fixtureServer('stdio-asks.mjs'), { clientCapabilities: { roots: {} }, roots: [{ uri: 'file:///tmp', name: 'tmp' }] });
    await waitFor(() => s.frames().filter((f) => f.lane === 'stderr' && f.raw.startsWith('response ')).length === 3, 5000, 'three responses');
    const stderr = s
      .frames()
      .filter((f) => f.lane === 'stderr')
      .map((f) => f.raw);
    expect(stderr).toContain('response p1 {}');
    expect(stderr.find((l) => l.startsWith('response x1'))).toContain('-32601');
    expect(stderr).toContain('response r1 {"roots":[{"uri":"file:///tmp","name":"tmp"}]}');
    expect(s.pending()).toEqual([]);
  });

  it('drops a pending server request that the server cancels', async () => {
    const s = await openSession(
      inlineServer(
        "const send=m=>console.log(JSON.stringify(m));require('readline').createInterface({input:process.stdin}).on('line',l=>{const m=JSON.parse(l);" +
          "if(m.method==='initialize')send({jsonrpc:'2.0',id:m.id,result:{protocolVersion:m.params.protocolVersion,capabilities:{},serverInfo:{name:'c',version:'0'}}});" +
          "if(m.method==='notifications/initialized'){send({jsonrpc:'2.0',id:'e1',method:'elicitation/create',params:{message:'name?',requestedSchema:{type:'object',properties:{}}}});" +
          "setTimeout(()=>send({jsonrpc:'2.0',method:'notifications/cancelled',params:{requestId:'e1',reason:'changed my mind'}}),300)}})",
      ),
      { clientCapabilities: { elicitation: {} } },
    );
    const [waiting] = await waitFor(() => s.pending().length > 0 && s.pending(), 5000, 'the elicitation');
    expect(waiting.method).toBe('elicitation/create');
    await waitFor(() => s.pending().length === 0, 5000, 'the cancellation');
    expect(() => s.answer(waiting.key, { result: { action: 'decline' } })).toThrow(/no server request is waiting/);
  });

  it('explains a server that never answers initialize', async () => {
    // Long enough for a loaded machine to start Node and print the line; the point is the message.
    const s = sessionFor('quiet', inlineServer("console.log('hello, I am a CLI'); setInterval(() => {}, 1000)"), defaults, {
      initializeTimeoutMs: 3000,
      transport: { closeGraceMs: 100, killGraceMs: 300 },
    });
    sessions.push(s);
    await s.start();
    expect(s.summary().status).toBe('failed');
    expect(s.summary().error).toMatch(/no response to initialize \(id 1\) within 3000 ms\. The server never answered initialize/);
    await waitFor(() => s.frames().some((f) => f.raw === 'hello, I am a CLI'), 5000, 'the banner line');
  });

  it('keeps the trace and the exit code when the server crashes', async () => {
    const s = await openSession(inlineServer("process.stderr.write('fatal: no config\\n'); process.exit(3)"));
    // The handshake's write may fail (EPIPE) before the exit is seen: the session is failed from
    // then, and ended once the exit is recorded.
    await waitFor(() => s.summary().status === 'failed' && s.summary().endedAt !== undefined, 5000, 'failed and ended');
    expect(s.summary().error).toMatch(/exited with code 3/);
    expect(s.summary().endedAt).toBeDefined();
    expect(methods(s)).toContain('s2c stderr other');
    expect(s.frames().at(-1)?.meta).toMatchObject({ event: 'exit', code: 3 });
  });

  it('fails clearly when the command does not exist', async () => {
    const s = await openSession({ ...inlineServer(''), command: 'loupe-missing-server' });
    expect(s.summary()).toMatchObject({ status: 'failed' });
    expect(s.summary().error).toMatch(/cannot start "loupe-missing-server": command not found/);
    expect(s.frames()).toHaveLength(1);
  });

  it('fails the handshake on an error response but keeps the process for the raw composer', async () => {
    const s = await openSession(
      inlineServer(
        "require('readline').createInterface({input:process.stdin}).on('line',l=>{const m=JSON.parse(l);if(m.id!==undefined)console.log(JSON.stringify({jsonrpc:'2.0',id:m.id,error:{code:-32602,message:'Unsupported protocol version'}}))})",
      ),
      {},
      2000,
    );
    expect(s.summary()).toMatchObject({ status: 'failed', error: 'the handshake failed: Unsupported protocol version' });
    await s.sendRaw('{"jsonrpc":"2.0","id":99,"method":"ping"}');
    await waitFor(() => s.frames().some((f) => f.dir === 's2c' && classifyFrame(f).id === 99));
    const pid = s.summary().pid!;
    await s.close();
    expect(processGone(pid)).toBe(true);
    expect(s.summary()).toMatchObject({ status: 'failed', error: 'the handshake failed: Unsupported protocol version' });
    expect(s.summary().endedAt).toBeDefined();
  });

  it('marks a session closed when the server exits with code 0 by itself, keeping the reason', async () => {
    const s = await openSession(
      inlineServer(
        "require('readline').createInterface({input:process.stdin}).on('line',l=>{const m=JSON.parse(l);if(m.method==='initialize')console.log(JSON.stringify({jsonrpc:'2.0',id:m.id,result:{protocolVersion:'2025-06-18',capabilities:{},serverInfo:{name:'brief',version:'0'}}}));else setTimeout(()=>process.exit(0),100)})",
      ),
    );
    expect(s.summary()).toMatchObject({ status: 'ready', negotiatedVersion: '2025-06-18' });
    await waitFor(() => s.summary().status !== 'ready', 5000, 'the session to end');
    expect(s.summary()).toMatchObject({ status: 'closed', error: 'the server process exited with code 0' });
  });

  it('marks a session failed when the server is killed, keeping the reason', async () => {
    const s = await openSession(fixtureServer('stdio-banner.mjs'));
    await s.sendRaw('{"jsonrpc":"2.0","id":50,"method":"ping"}');
    await waitFor(() => s.frames().some((f) => classifyFrame(f).id === 50 && f.dir === 's2c'));
    process.kill(s.summary().pid!, 'SIGTERM');
    await waitFor(() => s.summary().status !== 'ready', 5000, 'the session to end');
    expect(s.summary()).toMatchObject({ status: 'failed', error: 'the server process was ended by SIGTERM' });
  });
});
