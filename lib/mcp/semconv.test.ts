import { describe, expect, it } from 'vitest';
import type { Frame } from './frame';
import { modelOf } from '../model/session-model';
import { CLIENT_DURATION, SERVER_DURATION, durationMetricOf, mcpSpan, metricAttributes, traceParentOf, type SessionFacts } from './semconv';

const FACTS: SessionFacts = { transport: 'stdio', protocolVersion: '2025-11-25', sessionId: 'sess-1' };
const PARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

/** Stdio frames of these messages, each 1 ms after the one before. */
function stdio(messages: Array<['c2s' | 's2c', unknown]>): Frame[] {
  return messages.map(([dir, m], i) => {
    const raw = typeof m === 'string' ? m : JSON.stringify(m);
    return { seq: i + 1, ts: i * 1000, dir, lane: 'message', raw, size: raw.length, meta: { transport: 'stdio' } } as Frame;
  });
}

/** The spans of a finished conversation, by span name. */
function spansOf(messages: Array<['c2s' | 's2c', unknown]>) {
  const model = modelOf(stdio(messages));
  return model.calls.all.map((call) =>
    mcpSpan(call, FACTS, { ended: true, response: call.responseSeq === undefined ? undefined : model.classifiedAt(call.responseSeq)?.json }),
  );
}

describe('the MCP semantic conventions of a pair', () => {
  it('names a tool call by its tool, a client request CLIENT and its answer free of errors', () => {
    const [span] = spansOf([
      ['c2s', { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } }],
      ['s2c', { jsonrpc: '2.0', id: 7, result: { content: [] } }],
    ]);
    expect(span.name).toBe('tools/call echo');
    expect(span.kind).toBe('client');
    expect(span.errorType).toBeUndefined();
    expect(span.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'mcp.session.id': 'sess-1',
      'mcp.protocol.version': '2025-11-25',
      'jsonrpc.request.id': '7',
      'network.transport': 'pipe',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'loupe.request.seq': 1,
      'loupe.response.seq': 2,
    });
    expect(durationMetricOf(span)).toBe(CLIENT_DURATION);
    // The histogram's attributes leave out ids and frame numbers: one series per method and tool.
    expect(metricAttributes(span)).toEqual({
      'mcp.method.name': 'tools/call',
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'pipe',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
    });
  });

  it('says how each pair failed: a JSON-RPC code, a tool error, no answer at all', () => {
    const spans = spansOf([
      ['c2s', { jsonrpc: '2.0', id: 1, method: 'prompts/get', params: { name: 'greet' } }],
      ['s2c', { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'unknown prompt' } }],
      ['c2s', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'boom' } }],
      ['s2c', { jsonrpc: '2.0', id: 2, result: { content: [], isError: true } }],
      ['c2s', { jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'file:///a' } }],
    ]);
    const [prompt, tool, read] = spans;
    expect(prompt.name).toBe('prompts/get greet');
    expect(prompt.attributes).toMatchObject({ 'gen_ai.prompt.name': 'greet', 'error.type': '-32602', 'rpc.response.status_code': '-32602' });
    expect(prompt.statusMessage).toBe('unknown prompt');
    expect(tool.errorType).toBe('tool_error');
    expect(tool.attributes['rpc.response.status_code']).toBeUndefined();
    // A resource URI is an attribute, never part of the name.
    expect(read.name).toBe('resources/read');
    expect(read.attributes).toMatchObject({ 'mcp.resource.uri': 'file:///a', 'error.type': 'no_response' });
    expect(read.attributes['loupe.response.seq']).toBeUndefined();
  });

  it('leaves the outcome out while the pair is open', () => {
    const model = modelOf(stdio([['c2s', { jsonrpc: '2.0', id: 1, method: 'ping' }]]));
    const span = mcpSpan(model.calls.all[0], FACTS, { ended: false });
    expect(span.errorType).toBeUndefined();
    expect(span.attributes['error.type']).toBeUndefined();
  });

  it('makes a request the server sent a SERVER span, measured as a server operation', () => {
    const [span] = spansOf([
      ['s2c', { jsonrpc: '2.0', id: 0, method: 'roots/list' }],
      ['c2s', { jsonrpc: '2.0', id: 0, result: { roots: [] } }],
    ]);
    expect(span.kind).toBe('server');
    expect(durationMetricOf(span)).toBe(SERVER_DURATION);
  });

  it('reads the answer to a request out of a batch response', () => {
    const [, second] = spansOf([
      [
        'c2s',
        [
          { jsonrpc: '2.0', id: 1, method: 'ping' },
          { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x' } },
        ],
      ],
      [
        's2c',
        [
          { jsonrpc: '2.0', id: 1, result: {} },
          { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'no' } },
        ],
      ],
    ]);
    expect(second.errorType).toBe('-32601');
    expect(second.statusMessage).toBe('no');
  });

  it('joins the caller trace a request names in params._meta', () => {
    const [span] = spansOf([
      ['c2s', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', _meta: { traceparent: PARENT, tracestate: 'rojo=1' } } }],
      ['s2c', { jsonrpc: '2.0', id: 1, result: {} }],
    ]);
    expect(span.parent).toEqual({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', flags: 1, traceState: 'rojo=1' });
  });

  it('refuses a traceparent W3C Trace Context calls invalid', () => {
    const of = (traceparent: unknown) => traceParentOf({ _meta: { traceparent } });
    expect(of(PARENT)).toBeDefined();
    expect(of('ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toBeUndefined();
    expect(of('00-00000000000000000000000000000000-00f067aa0ba902b7-01')).toBeUndefined();
    expect(of('00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01')).toBeUndefined();
    expect(of('00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01')).toBeUndefined();
    expect(of(`${PARENT}-extra`)).toBeUndefined();
    // A later version may append fields; the four it shares with version 00 still hold.
    expect(of(`01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00-extra`)).toMatchObject({ flags: 0 });
    expect(of(42)).toBeUndefined();
    expect(traceParentOf(undefined)).toBeUndefined();
  });
});
