import { describe, expect, it } from 'vitest';
import { analyze } from '../engine';
import { HttpScript } from '../cases/http-script';

const POST = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
const init = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
};
const initResult = { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } };
const session = { 'Mcp-Session-Id': 'abc', 'MCP-Protocol-Version': '2025-11-25' };

function handshake(s: HttpScript, sid = 'abc'): void {
  s.exchange({ headers: POST, body: init, type: 'application/json', resHeaders: { 'mcp-session-id': sid }, answers: [{ body: initResult }] });
  s.exchange({ headers: { ...POST, ...session }, body: { jsonrpc: '2.0', method: 'notifications/initialized' }, status: 202 });
}

const rulesOf = (s: HttpScript) =>
  analyze(s.frames)
    .annotations.filter((a) => a.group === 'http')
    .map((a) => a.rule);

describe('http.* rules', () => {
  it('accept a well-behaved session', () => {
    const s = new HttpScript();
    handshake(s);
    s.exchange({
      method: 'GET',
      headers: { Accept: 'text/event-stream', ...session },
      stream: 'get',
      type: 'text/event-stream',
      answers: [{ body: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } }, eventId: 'g1' }],
    });
    s.exchange({
      headers: { ...POST, ...session },
      body: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      type: 'text/event-stream',
      answers: [{ body: { jsonrpc: '2.0', id: 2, result: { tools: [] } }, eventId: 'p1' }],
    });
    s.exchange({ method: 'DELETE', headers: session, stream: 'delete' });
    expect(rulesOf(s)).toEqual([]);
  });

  it('flag a POST without both media types in Accept, and a GET without text/event-stream', () => {
    const s = new HttpScript();
    s.exchange({
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: init,
      type: 'application/json',
      answers: [{ body: initResult }],
    });
    s.exchange({ method: 'GET', headers: { Accept: '*/*', 'MCP-Protocol-Version': '2025-11-25' }, stream: 'get', status: 405 });
    expect(rulesOf(s)).toEqual(['http.accept-header', 'http.accept-header']);
  });

  it('flag a missing session id and a missing or wrong protocol version header', () => {
    const s = new HttpScript();
    handshake(s);
    s.exchange({
      headers: { ...POST, 'MCP-Protocol-Version': '2025-11-25' },
      body: { jsonrpc: '2.0', id: 2, method: 'ping' },
      type: 'application/json',
      answers: [{ body: { jsonrpc: '2.0', id: 2, result: {} } }],
    });
    s.exchange({
      headers: { ...POST, 'Mcp-Session-Id': 'abc' },
      body: { jsonrpc: '2.0', id: 3, method: 'ping' },
      type: 'application/json',
      answers: [{ body: { jsonrpc: '2.0', id: 3, result: {} } }],
    });
    s.exchange({
      headers: { ...POST, 'Mcp-Session-Id': 'abc', 'MCP-Protocol-Version': '2025-06-18' },
      body: { jsonrpc: '2.0', id: 4, method: 'ping' },
      type: 'application/json',
      answers: [{ body: { jsonrpc: '2.0', id: 4, result: {} } }],
    });
    expect(rulesOf(s)).toEqual(['http.session-id-missing', 'http.protocol-version-header', 'http.protocol-version-header']);
  });

  it('flag a notification answered 200 and a request answered with text/plain', () => {
    const s = new HttpScript();
    s.exchange({ headers: POST, body: init, type: 'application/json', resHeaders: { 'mcp-session-id': 'abc' }, answers: [{ body: initResult }] });
    s.exchange({ headers: { ...POST, ...session }, body: { jsonrpc: '2.0', method: 'notifications/initialized' }, status: 200, type: 'application/json' });
    s.exchange({ headers: { ...POST, ...session }, body: { jsonrpc: '2.0', id: 2, method: 'ping' }, type: 'text/plain' });
    s.exchange({ headers: { ...POST, ...session }, body: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 9 } }, status: 400 });
    expect(rulesOf(s)).toEqual(['http.notification-status', 'http.content-type']);
  });

  it('flag a session id outside visible ASCII', () => {
    const s = new HttpScript();
    handshake(s, 'bad id\u00e9');
    expect(rulesOf(s)).toContain('http.session-id-charset');
  });

  it('flag a GET answered with JSON, but not 405 or the 404 of an expired session', () => {
    const s = new HttpScript();
    handshake(s);
    s.exchange({ method: 'GET', headers: { Accept: 'text/event-stream', ...session }, stream: 'get', status: 200, type: 'application/json' });
    s.exchange({ method: 'GET', headers: { Accept: 'text/event-stream', ...session }, stream: 'get', status: 405 });
    s.exchange({ method: 'GET', headers: { Accept: 'text/event-stream', ...session }, stream: 'get', status: 404 });
    expect(rulesOf(s)).toEqual(['http.get-status']);
  });

  it('flag a response on the GET stream unless the GET resumes a stream', () => {
    const s = new HttpScript();
    handshake(s);
    s.exchange({
      method: 'GET',
      headers: { Accept: 'text/event-stream', ...session },
      stream: 'get',
      type: 'text/event-stream',
      answers: [{ body: { jsonrpc: '2.0', id: 7, result: {} }, eventId: 'a' }],
    });
    s.exchange({
      method: 'GET',
      headers: { Accept: 'text/event-stream', 'Last-Event-ID': 'x', ...session },
      lastEventId: 'x',
      stream: 'get',
      type: 'text/event-stream',
      answers: [{ body: { jsonrpc: '2.0', id: 8, result: {} }, eventId: 'b' }],
    });
    expect(rulesOf(s)).toEqual(['http.response-on-get-stream']);
  });

  it('flag an SSE event id used twice in the session', () => {
    const s = new HttpScript();
    handshake(s);
    const note = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } };
    s.exchange({
      method: 'GET',
      headers: { Accept: 'text/event-stream', ...session },
      stream: 'get',
      type: 'text/event-stream',
      answers: [
        { body: note, eventId: 'e1' },
        { body: note, eventId: 'e1' },
      ],
    });
    const found = analyze(s.frames).annotations.filter((a) => a.rule === 'http.sse-event-id-duplicate');
    expect(found).toHaveLength(1);
    expect(found[0].message).toContain('"e1"');
  });

  it('flag a terminated session id answered other than 404', () => {
    const s = new HttpScript();
    handshake(s);
    s.exchange({ method: 'DELETE', headers: session, stream: 'delete' });
    s.exchange({ headers: { ...POST, ...session }, body: { jsonrpc: '2.0', id: 5, method: 'ping' }, status: 400, type: 'application/json' });
    expect(rulesOf(s)).toEqual(['http.unknown-session-status']);
  });

  it('leave a legacy HTTP+SSE session alone where the 2024-11-05 transport differs', () => {
    const s = new HttpScript();
    s.exchange({ method: 'GET', headers: { Accept: 'text/event-stream' }, stream: 'legacy', type: 'text/event-stream' });
    s.exchange({ headers: { 'Content-Type': 'application/json' }, body: init, status: 202 });
    s.exchange({ headers: { 'Content-Type': 'application/json' }, body: { jsonrpc: '2.0', method: 'notifications/initialized' }, status: 202 });
    expect(rulesOf(s)).toEqual([]);
  });

  it('annotate failed probe verdicts from their end frames', () => {
    const s = new HttpScript();
    s.frames.push({
      seq: 1,
      ts: 1,
      dir: 'c2s',
      lane: 'http',
      raw: '',
      size: 0,
      meta: { transport: 'http', phase: 'request', method: 'POST', url: 'http://127.0.0.1/mcp', headers: [], stream: 'probe', probe: 'origin' },
    });
    s.frames.push({
      seq: 2,
      ts: 2,
      dir: 's2c',
      lane: 'http',
      raw: '',
      size: 0,
      meta: {
        transport: 'http',
        phase: 'end',
        exchange: 1,
        stream: 'probe',
        probe: 'origin',
        verdict: 'fail',
        message: 'accepted Origin https://loupe-probe.invalid (200)',
      },
    });
    const found = analyze(s.frames).annotations;
    expect(found.map((a) => [a.rule, a.frames, a.message])).toEqual([
      ['http.origin-not-validated', [2, 1], 'accepted Origin https://loupe-probe.invalid (200)'],
    ]);
  });

  it('judge the unknown-session probe only on a server that issued a session id', () => {
    const probed = (sid?: string) => {
      const s = new HttpScript();
      s.exchange({ headers: POST, body: init, type: 'application/json', resHeaders: sid ? { 'mcp-session-id': sid } : {}, answers: [{ body: initResult }] });
      const seq = s.frames.length + 1;
      s.frames.push({
        seq,
        ts: seq * 1000,
        dir: 'c2s',
        lane: 'http',
        raw: '',
        size: 0,
        meta: { transport: 'http', phase: 'request', method: 'POST', url: 'http://127.0.0.1/mcp', headers: [], stream: 'probe', probe: 'unknown-session' },
      });
      s.frames.push({
        seq: seq + 1,
        ts: seq * 1000 + 1,
        dir: 's2c',
        lane: 'http',
        raw: '',
        size: 0,
        meta: {
          transport: 'http',
          phase: 'end',
          exchange: seq,
          stream: 'probe',
          probe: 'unknown-session',
          verdict: 'fail',
          message: 'answered the made-up session id with 200, not 404',
        },
      });
      return rulesOf(s);
    };
    expect(probed('abc')).toEqual(['http.unknown-session-status']);
    expect(probed()).toEqual([]);
  });
});
