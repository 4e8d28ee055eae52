import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { modelOf, SessionModel } from '../model/session-model';
import { BoundedModel } from '../model/bounded-model';
import { script } from '../analyze/testing';
import { HttpScript } from '../analyze/cases/http-script';
import { err, note, req, res } from '../analyze/cases/types';
import { diagnose } from './diagnose';
import type { Layer, LayerStatus, Verdict } from './types';

/** The verdict on the whole-trace model, which the bounded one (`loupe check FILE`) must equal. */
function verdictOf(frames: Frame[], timeoutMs?: number): Verdict {
  const options = timeoutMs === undefined ? {} : { timeoutMs };
  const verdict = diagnose(modelOf(frames, options));
  const bounded = new BoundedModel(options);
  bounded.append(frames);
  bounded.finish();
  expect(diagnose(bounded)).toEqual(verdict);
  return verdict;
}
const statuses = (v: Verdict) => Object.fromEntries(v.layers.map((l) => [l.layer, l.status])) as Record<Layer, LayerStatus>;
const row = (v: Verdict, layer: Layer) => v.layers.find((l) => l.layer === layer)!;
const spawned = () => script().frame('local', 'lifecycle', 'started srv', {}, { transport: 'stdio', event: 'spawn', pid: 7, command: 'srv', args: [] });
const tools = { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] };
const call = (id: number) => req(id, 'tools/call', { name: 'echo', arguments: {} });

describe('the doctor on stdio', () => {
  it('passes every layer of a session that called a tool', () => {
    const s = spawned()
      .handshake({ server: { tools: {} } })
      .c(req(1, 'tools/list'))
      .s(res(1, tools))
      .c(call(2))
      .s(res(2, { content: [{ type: 'text', text: 'hi' }] }));
    const v = verdictOf(s.frames);
    expect(v.layers.map((l) => l.status)).toEqual(Array(7).fill('passed'));
    expect(v.culprit).toBeUndefined();
    expect(v.summary).toBe('Every layer passed.');
  });

  it('says which layers a session never reached', () => {
    const v = verdictOf(spawned().handshake({ server: { tools: {} } }).frames);
    expect(statuses(v).tool).toBe('not-reached');
    expect(v.summary).toBe('No layer failed; not reached yet: Tool.');
  });

  it('blames start-up when the command cannot start, and reaches nothing above it', () => {
    const error = 'cannot start "srv": command not found (ENOENT)';
    const v = verdictOf(script().frame('local', 'lifecycle', error, {}, { transport: 'stdio', event: 'spawn-error', command: 'srv', args: [], error }).frames);
    expect(v.culprit).toBe('startup');
    expect(row(v, 'startup').evidence).toEqual([{ seqs: [1], what: error, next: expect.stringMatching(/absolute path/), rule: 'stdio.spawn-failed' }]);
    expect(v.layers.slice(1).every((l) => l.status === 'not-reached')).toBe(true);
  });

  it('blames start-up when the server exits at once, quoting its stderr', () => {
    const s = spawned()
      .c(req(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }))
      .frame('s2c', 'stderr', 'Error: cannot read the configuration /etc/acme.json')
      .frame('local', 'lifecycle', 'exit', {}, { transport: 'stdio', event: 'exit', code: 1 });
    const v = verdictOf(s.frames);
    expect(v.culprit).toBe('startup');
    const [exit] = row(v, 'startup').evidence;
    expect(exit.seqs).toEqual([4, 3]);
    expect(exit.what).toBe(
      'the server process exited with code 1 while the session was open; its stderr says: Error: cannot read the configuration /etc/acme.json',
    );
  });

  it('blames framing for a banner on stdout, and passes the layers that worked above it', () => {
    const s = spawned()
      .s('Acme server ready')
      .handshake({ server: { tools: {} } })
      .c(req(1, 'tools/list'))
      .s(res(1, tools));
    const v = verdictOf(s.frames);
    expect(v.culprit).toBe('framing');
    expect(row(v, 'framing').evidence[0]).toMatchObject({ seqs: [2], rule: 'stdio.non-json-line', next: expect.stringMatching(/stderr/) });
    expect(statuses(v)).toMatchObject({ jsonrpc: 'passed', lifecycle: 'passed', tool: 'passed' });
  });

  it('blames JSON-RPC when initialize is answered under another id, the mismatch before the wait', () => {
    const s = spawned()
      .c(req(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }))
      .s(res(1001, { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } }))
      .wait(2_000_000)
      .frame('local', 'lifecycle', 'closed stdin', {}, { transport: 'stdio', event: 'stdin-closed' });
    const v = verdictOf(s.frames, 1000);
    expect(v.culprit).toBe('jsonrpc');
    expect(row(v, 'jsonrpc').evidence.map((e) => e.rule)).toEqual(['jsonrpc.unknown-response', 'timing.no-response']);
    expect(v.summary).toMatch(/^JSON-RPC failed: response id 1001 matches no request/);
    expect(statuses(v).lifecycle).toBe('not-reached');
  });

  it('blames JSON-RPC when initialize gets no answer, once the client gave up', () => {
    const s = spawned()
      .c(req(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }))
      .wait(2_000_000)
      .frame('local', 'lifecycle', 'closed stdin', {}, { transport: 'stdio', event: 'stdin-closed' });
    expect(verdictOf(s.frames, 1000).culprit).toBe('jsonrpc');
    // A live session still waiting has failed nothing yet.
    const live = new SessionModel({ timeoutMs: 60_000 });
    live.append(s.frames.slice(0, 2));
    live.advance();
    expect(diagnose(live).culprit).toBeUndefined();
  });

  it('blames the lifecycle for a refused initialize, whatever its error code', () => {
    const s = spawned()
      .c(req(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }))
      .s(err(1, -32602, 'Unsupported protocol version'));
    const v = verdictOf(s.frames);
    expect(v.culprit).toBe('lifecycle');
    expect(row(v, 'lifecycle').evidence[0]).toMatchObject({ seqs: [3, 2], rule: 'lifecycle.initialize-failed' });
    expect(statuses(v).capabilities).toBe('not-reached');
  });

  it('blames capabilities/schema for -32602 Invalid params', () => {
    const s = spawned()
      .handshake({ server: { tools: {} } })
      .c(req(1, 'tools/list'))
      .s(err(1, -32602, 'Invalid params: expected a "category" parameter'));
    const v = verdictOf(s.frames);
    expect(v.culprit).toBe('capabilities');
    expect(row(v, 'capabilities').evidence).toEqual([
      {
        seqs: [6, 5],
        what: 'the server refused tools/list with -32602 Invalid params: Invalid params: expected a "category" parameter',
        next: expect.stringMatching(/initialize exchange.*direction.*parameters/),
      },
    ]);
  });

  it('blames the tool for an isError result, and says not to reconnect', () => {
    const s = spawned()
      .handshake({ server: { tools: {} } })
      .c(req(1, 'tools/list'))
      .s(res(1, tools))
      .c(call(2))
      .s(res(2, { content: [{ type: 'text', text: 'upstream answered 503' }], isError: true }));
    const v = verdictOf(s.frames);
    expect(v.culprit).toBe('tool');
    expect(v.layers.filter((l) => l.status !== 'passed').map((l) => l.layer)).toEqual(['tool']);
    expect(row(v, 'tool').evidence[0]).toEqual({
      seqs: [8, 7],
      what: 'tool "echo" answered with isError: upstream answered 503',
      next: expect.stringMatching(/do not reconnect/),
    });
  });

  it('counts warnings beside a layer without failing it', () => {
    const s = spawned()
      .c(req(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }))
      .c(req(2, 'tools/list'))
      .s(res(1, { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } }))
      .s(res(2, tools))
      .c(note('notifications/initialized'));
    const lifecycle = row(verdictOf(s.frames), 'lifecycle');
    expect(lifecycle).toMatchObject({ status: 'passed', warnings: 1 });
  });
});

const POST = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
const initialize = req(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } });
const initResult = res(1, { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } });

describe('the doctor on HTTP', () => {
  it('blames start-up when nothing listens', () => {
    const s = new HttpScript().exchange({ headers: POST, body: initialize, failure: { errorCode: 'network', error: 'POST failed: ECONNREFUSED' } });
    const v = verdictOf(s.frames);
    expect(v.culprit).toBe('startup');
    expect(row(v, 'startup').evidence[0]).toMatchObject({ rule: 'http.unreachable', next: expect.stringMatching(/port/) });
  });

  it('blames the transport for an Origin refusal (403), naming the Origin sent', () => {
    const s = new HttpScript().exchange({
      headers: { ...POST, Origin: 'http://evil.example' },
      body: initialize,
      status: 403,
      type: 'application/json',
      endBody: '{"error":"Forbidden: Origin not allowed"}',
    });
    const v = verdictOf(s.frames);
    expect(v.culprit).toBe('transport');
    expect(row(v, 'transport').evidence).toEqual([
      {
        seqs: [3, 1],
        what: 'the POST of initialize to http://127.0.0.1/mcp was answered 403: {"error":"Forbidden: Origin not allowed"}',
        next: expect.stringContaining('the Origin http://evil.example'),
      },
    ]);
  });

  it('blames the transport for a 400 to the protocol-version header it negotiated', () => {
    const s = new HttpScript()
      .exchange({ headers: POST, body: initialize, type: 'application/json', resHeaders: { 'mcp-session-id': 'a' }, answers: [{ body: initResult }] })
      .exchange({
        headers: { ...POST, 'Mcp-Session-Id': 'a', 'MCP-Protocol-Version': '2025-11-25' },
        body: note('notifications/initialized'),
        status: 400,
        endBody: 'Bad Request: Unsupported protocol version',
      });
    const v = verdictOf(s.frames);
    expect(v.culprit).toBe('transport');
    expect(row(v, 'transport').evidence[0].next).toMatch(/refused MCP-Protocol-Version 2025-11-25, a version it selected/);
  });

  it('says a 401 without a challenge once, through its rule', () => {
    const s = new HttpScript().exchange({ headers: POST, body: initialize, status: 401, type: 'application/json', endBody: '{"error":"unauthorized"}' });
    const evidence = row(verdictOf(s.frames), 'transport').evidence;
    expect(evidence.map((e) => e.rule)).toEqual(['auth.challenge-missing']);
  });

  const PRM = 'http://127.0.0.1/.well-known/oauth-protected-resource';
  const challenged = (s: HttpScript) => s.exchange({ headers: POST, body: initialize, status: 401, resHeaders: { 'WWW-Authenticate': 'Bearer realm="mcp"' } });

  it('holds nothing against a 401 the client got past with OAuth, nor the lookups discovery tried first', () => {
    const s = challenged(new HttpScript())
      .exchange({ method: 'GET', url: `${PRM}/mcp`, stream: 'oauth', oauth: 'resource-metadata', status: 404 })
      .exchange({ method: 'GET', url: PRM, stream: 'oauth', oauth: 'resource-metadata', type: 'application/json' })
      .exchange({ headers: { ...POST, Authorization: 'Bearer t' }, body: initialize, type: 'application/json', answers: [{ body: initResult }] });
    expect(statuses(verdictOf(s.frames)).transport).toBe('passed');
  });

  it('blames the transport for an OAuth discovery that found nothing', () => {
    const s = challenged(new HttpScript())
      .exchange({ method: 'GET', url: `${PRM}/mcp`, stream: 'oauth', oauth: 'resource-metadata', status: 404 })
      .exchange({ method: 'GET', url: PRM, stream: 'oauth', oauth: 'resource-metadata', status: 404 });
    const v = verdictOf(s.frames);
    expect(v.culprit).toBe('transport');
    expect(row(v, 'transport').evidence.map((e) => e.what)).toEqual([
      'the POST of initialize to http://127.0.0.1/mcp was answered 401',
      `OAuth resource-metadata: GET ${PRM}/mcp was answered 404`,
      `OAuth resource-metadata: GET ${PRM} was answered 404`,
    ]);
    expect(row(v, 'transport').evidence[1].next).toMatch(/RFC 9728/);
  });

  it('leaves an advertised metadata URL that is not served to its rule', () => {
    const s = new HttpScript()
      .exchange({ headers: POST, body: initialize, status: 401, resHeaders: { 'WWW-Authenticate': `Bearer resource_metadata="${PRM}/mcp"` } })
      .exchange({ method: 'GET', url: `${PRM}/mcp`, stream: 'oauth', oauth: 'resource-metadata', status: 404 });
    expect(row(verdictOf(s.frames), 'transport').evidence.map((e) => e.rule)).toEqual(['auth.resource-metadata-not-served']);
  });

  it('blames the transport, not JSON-RPC, for a POST whose SSE stream ended without the answer', () => {
    const s = new HttpScript().exchange({ headers: POST, body: initialize, type: 'text/event-stream' });
    const v = verdictOf([...s.frames, ...timeout(s.frames.length + 1)], 1000);
    expect(v.culprit).toBe('transport');
    expect(row(v, 'transport').evidence[0]).toMatchObject({
      seqs: [4, 1, 2],
      what: 'the POST of initialize was answered 200 text/event-stream, and its body ended without the answer',
    });
    expect(statuses(v).jsonrpc).toBe('failed');
  });
});

/** The client's disconnect, two seconds later. */
function timeout(seq: number): Frame[] {
  return [{ seq, ts: 2_000_000 + seq * 1000, dir: 'local', lane: 'lifecycle', raw: 'disconnect', size: 10, meta: { transport: 'http', event: 'disconnect' } }];
}
