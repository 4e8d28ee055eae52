import { describe, expect, it } from 'vitest';
import { message } from '../trace/testing';
import { modelOf } from '../model/session-model';
import type { Frame } from '../mcp/frame';
import { parseTarget, targetLatency } from './latency';
import { toolsListingSize } from './tools-size';
import { interfaceDrift, interfaceOf } from './offer';

const call = (seq: number, id: number, name: string, ts: number) =>
  message(seq, 'c2s', { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } }, ts);
const reply = (seq: number, id: number, ts: number, result: unknown = { content: [] }) => message(seq, 's2c', { jsonrpc: '2.0', id, result }, ts);

describe('targetLatency', () => {
  const frames = [
    call(1, 1, 'echo', 0),
    reply(2, 1, 10_000),
    call(3, 2, 'echo', 20_000),
    reply(4, 2, 50_000),
    call(5, 3, 'slow', 60_000),
    reply(6, 3, 960_000),
    // A request the server sent is not the server's latency.
    message(7, 's2c', { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'echo' } }, 970_000),
    message(8, 'c2s', { jsonrpc: '2.0', id: 9, result: {} }, 990_000),
    call(9, 4, 'echo', 1_000_000),
  ];

  it('measures the client requests of a method, or of one tool, from wire timestamps', () => {
    expect(targetLatency(modelOf(frames), parseTarget('tools/call'))).toMatchObject({ sent: 4, p95Ms: 900 });
    const echo = targetLatency(modelOf(frames), parseTarget('tools/call:echo'));
    expect(echo).toMatchObject({ sent: 3, p95Ms: 30 });
    expect(echo.samples).toEqual([
      { requestSeq: 3, latencyMs: 30 },
      { requestSeq: 1, latencyMs: 10 },
    ]);
    expect(targetLatency(modelOf(frames), parseTarget('tools/call:none')).p95Ms).toBeNaN();
  });

  it('keeps the colons of a resource URI in its name', () => {
    expect(parseTarget('resources/read:file:///a:b')).toEqual({ method: 'resources/read', name: 'file:///a:b' });
  });
});

describe('toolsListingSize', () => {
  const list = (seq: number, id: number, cursor?: string) =>
    message(seq, 'c2s', { jsonrpc: '2.0', id, method: 'tools/list', ...(cursor ? { params: { cursor } } : {}) });
  it('adds up the pages of the last complete listing, in UTF-8 bytes', () => {
    const page1 = { tools: [{ name: 'é' }], nextCursor: 'c' };
    const page2 = { tools: [{ name: 'b' }] };
    const size = toolsListingSize(
      modelOf([list(1, 1), reply(2, 1, 2, { tools: [] }), list(3, 2), reply(4, 2, 4, page1), list(5, 3, 'c'), reply(6, 3, 6, page2)]),
    )!;
    const bytes = new TextEncoder().encode(JSON.stringify(page1)).length + JSON.stringify(page2).length;
    expect(size).toEqual({ bytes, estimatedTokens: Math.ceil(bytes / 4), pages: 2, firstResponseSeq: 4 });
    expect(JSON.stringify(page1).length).toBe(bytes - JSON.stringify(page2).length - 1);
  });

  it('is undefined when nothing was listed', () => {
    expect(toolsListingSize(modelOf([call(1, 1, 'x', 0)]))).toBeUndefined();
  });
});

describe('interface baseline', () => {
  const listTools = message(1, 'c2s', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const tools = (list: unknown[]) => message(2, 's2c', { jsonrpc: '2.0', id: 1, result: { tools: list } });
  it('saves the offer sorted by key and reports what drifted', () => {
    const saved = interfaceOf(modelOf([listTools, tools([{ name: 'b', description: 'x' }, { name: 'a' }])]));
    expect(saved.tools).toEqual([{ name: 'a' }, { name: 'b', description: 'x' }]);
    const drift = interfaceDrift(saved, modelOf([listTools, tools([{ name: 'b', description: 'y' }, { name: 'c' }])]));
    expect(drift.tools).toEqual({
      added: ['c'],
      removed: ['a'],
      changed: [{ name: 'b', changes: [{ path: 'description', kind: 'changed', before: 'x', after: 'y' }] }],
    });
    expect(drift.prompts).toEqual({ added: [], removed: [], changed: [] });
  });
});

describe('the gates read the framing of the model they are given', () => {
  // A pretty-printed request over two frames with no meta: on a line-framed trace it is one
  // request (stdio.multiline-json), on a message-framed one two invalid messages and no request.
  const raw = (seq: number, dir: 'c2s' | 's2c', text: string, ts: number): Frame => ({ seq, ts, dir, lane: 'message', raw: text, size: text.length });
  const frames = [
    raw(1, 'c2s', '{"jsonrpc":"2.0","id":1,', 0),
    raw(2, 'c2s', '"method":"tools/call","params":{"name":"echo"}}', 1_000),
    raw(3, 's2c', '{"jsonrpc":"2.0","id":1,"result":{"content":[]}}', 5_000),
  ];

  it('counts the split request on lines and not on messages', () => {
    expect(targetLatency(modelOf(frames, { framing: 'lines' }), parseTarget('tools/call:echo'))).toMatchObject({ sent: 1, p95Ms: 4 });
    expect(targetLatency(modelOf(frames, { framing: 'messages' }), parseTarget('tools/call:echo')).sent).toBe(0);
  });
});
