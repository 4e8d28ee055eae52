import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { readTraceText } from '../trace/index';
import { traceToHar, traceToMermaid, traceToOtlp } from '.';
import { header } from '../trace/testing';
import goldenV1 from '../../e2e/golden/everything-stdio.v1.loupe.ndjson?raw';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Frames in the shape the Streamable HTTP transport records: request head, message, response head, message, end. */
function httpFrames(): Frame[] {
  const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
  const result = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18' } });
  return [
    {
      seq: 1,
      ts: 1000,
      dir: 'c2s',
      lane: 'http',
      raw: 'POST /mcp?x=1 HTTP/1.1\r\n\r\n',
      size: 30,
      meta: {
        transport: 'http',
        phase: 'request',
        method: 'POST',
        url: 'http://127.0.0.1:3001/mcp?x=1',
        headers: [
          ['content-type', 'application/json'],
          ['accept', 'application/json, text/event-stream'],
        ],
        stream: 'post',
      },
    },
    { seq: 2, ts: 1000, dir: 'c2s', lane: 'message', raw: init, size: init.length, meta: { transport: 'http', exchange: 1, stream: 'post' } },
    {
      seq: 3,
      ts: 5000,
      dir: 's2c',
      lane: 'http',
      raw: 'HTTP/1.1 200 OK\r\n\r\n',
      size: 19,
      meta: {
        transport: 'http',
        phase: 'response',
        exchange: 1,
        stream: 'post',
        status: 200,
        statusText: 'OK',
        headers: [
          ['content-type', 'text/event-stream'],
          ['mcp-session-id', 'sess-42'],
        ],
        contentType: 'text/event-stream',
      },
    },
    {
      seq: 4,
      ts: 6000,
      dir: 's2c',
      lane: 'message',
      raw: result,
      size: result.length,
      meta: { transport: 'http', exchange: 1, stream: 'post', eventId: 'e1' },
    },
    { seq: 5, ts: 7000, dir: 's2c', lane: 'http', raw: '', size: 0, meta: { transport: 'http', phase: 'end', exchange: 1, stream: 'post', bytes: 120 } },
  ];
}

describe('HAR export', () => {
  it('writes one HAR 1.2 entry per HTTP exchange with headers, bodies and timings', () => {
    const har = traceToHar({ header: header({ startedAt: '2026-01-01T10:00:00.000Z' }), frames: httpFrames() }, '0.1.0') as Obj;
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator.name).toBe('Loupe');
    expect(har.log.entries).toHaveLength(1);
    const e = har.log.entries[0];
    expect(e.startedDateTime).toBe('2026-01-01T10:00:00.001Z');
    expect(e.request).toMatchObject({ method: 'POST', url: 'http://127.0.0.1:3001/mcp?x=1', queryString: [{ name: 'x', value: '1' }] });
    expect(e.request.headers).toContainEqual({ name: 'accept', value: 'application/json, text/event-stream' });
    expect(JSON.parse(e.request.postData.text).method).toBe('initialize');
    expect(e.response).toMatchObject({ status: 200, statusText: 'OK', bodySize: 120 });
    expect(e.response.content.text).toBe(`id: e1\ndata: ${httpFrames()[3].raw}\n\n`);
    expect(e.timings).toEqual({ send: 0, wait: 4, receive: 2 });
    expect(e.time).toBe(6);
  });
});

describe('OTLP export', () => {
  it('writes a span per request/response pair with the MCP semantic-convention attributes', () => {
    const otlp = traceToOtlp(readTraceText(goldenV1), '0.1.0') as Obj;
    const spans: Obj[] = otlp.resourceSpans[0].scopeSpans[0].spans;
    const attrs = (s: Obj) => Object.fromEntries(s.attributes.map((a: Obj) => [a.key, Object.values(a.value)[0]]));
    const echo = spans.find((s) => s.name === 'tools/call echo')!;
    expect(echo).toBeDefined();
    expect(echo.kind).toBe(3);
    expect(attrs(echo)).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'jsonrpc.request.id': '4',
      'mcp.protocol.version': '2025-06-18',
      'network.transport': 'pipe',
    });
    expect(BigInt(echo.endTimeUnixNano)).toBeGreaterThan(BigInt(echo.startTimeUnixNano));
    expect(echo.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(echo.spanId).toMatch(/^[0-9a-f]{16}$/);
    const missing = spans.find((s) => s.name === 'tools/call no-such-tool')!;
    expect(missing.status.code).toBe(2);
    expect(attrs(missing)['error.type']).toBe('tool_error');
    const roots = spans.find((s) => s.name === 'roots/list')!;
    expect(roots.kind).toBe(2);
    expect(attrs(spans.find((s) => s.name === 'resources/read')!)['mcp.resource.uri']).toBe('demo://resource/static/document/architecture.md');
    // initialize, tools/list, resources/list, prompts/list, 3 calls, read, get, ping, roots/list
    expect(spans).toHaveLength(11);
  });

  it('reads the session id of an HTTP session and marks JSON-RPC errors', () => {
    const frames = httpFrames();
    const otlp = traceToOtlp(
      { header: header({ target: { transport: 'http', framing: 'messages', name: 'h', url: 'http://127.0.0.1:3001/mcp' } }), frames },
      '0.1.0',
    ) as Obj;
    const span = otlp.resourceSpans[0].scopeSpans[0].spans[0];
    expect(span.attributes).toContainEqual({ key: 'mcp.session.id', value: { stringValue: 'sess-42' } });
    expect(span.attributes).toContainEqual({ key: 'network.transport', value: { stringValue: 'tcp' } });
  });

  it("puts a span whose request carried a traceparent in the caller's trace, under the caller's span", () => {
    const messages = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'echo', _meta: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' } },
      },
      { jsonrpc: '2.0', id: 1, result: { content: [] } },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ];
    const frames = messages.map((m, i) => {
      const raw = JSON.stringify(m);
      return { seq: i + 1, ts: i * 1000, dir: i === 1 ? 's2c' : 'c2s', lane: 'message', raw, size: raw.length, meta: { transport: 'stdio' } } as Frame;
    });
    const otlp = traceToOtlp({ header: header(), frames }, '0.1.0') as Obj;
    const [echo, ping] = otlp.resourceSpans[0].scopeSpans[0].spans;
    expect(echo.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(echo.parentSpanId).toBe('00f067aa0ba902b7');
    expect(ping.traceId).not.toBe(echo.traceId);
    expect(ping.parentSpanId).toBeUndefined();
    // Never answered: it waited until the trace ended, and says so.
    expect(ping.status).toEqual({ code: 2, message: 'no response before the session ended' });
    expect(BigInt(ping.endTimeUnixNano) - BigInt(ping.startTimeUnixNano)).toBe(1_000_000n);
  });
});

describe('Mermaid export', () => {
  it('draws the golden session as a sequence diagram', () => {
    const text = traceToMermaid(readTraceText(goldenV1));
    expect(text.startsWith('sequenceDiagram\n')).toBe(true);
    expect(text).toMatch(/C->>S: 2 initialize/);
    expect(text).toMatch(/S->>C: 26 roots\/list/);
  });
});
