import { describe, expect, it } from 'vitest';
import { script } from '../analyze/testing';
import { readTraceText } from '../trace/reader';
import { modelOf } from './session-model';
import golden from '../../e2e/golden/apps-basic.v3.loupe.ndjson?raw';

const req = (id: unknown, method: string, params?: unknown) => ({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
const res = (id: unknown, result: unknown = {}) => ({ jsonrpc: '2.0', id, result });
const call = { name: 'get-time', arguments: { zone: 'Asia/Tokyo' } };

describe('calls are paired per channel', () => {
  it("pairs the same id on the session's channel and an app's with their own answers", () => {
    // 4: session ping id 1; 5: the app's ui/initialize id 1; 6: the host answers the app; 7: the server answers the session.
    const s = script()
      .handshake()
      .c(req(1, 'ping'))
      .app('app:1', 'c2s', req(1, 'ui/initialize', { protocolVersion: '2026-01-26' }))
      .app('app:1', 's2c', res(1, { protocolVersion: '2026-01-26' }))
      .s(res(1));
    const m = modelOf(s.frames);
    expect(m.callAt(4)).toMatchObject({ method: 'ping', responseSeq: 7 });
    expect(m.callAt(5)).toMatchObject({ method: 'ui/initialize', responseSeq: 6 });
    expect(m.callAt(6)?.seq).toBe(5);
    expect(m.calls.all.map((c) => c.method)).toEqual(['initialize', 'ping']);
    expect(m.callsOf('app:1')?.all.map((c) => c.method)).toEqual(['ui/initialize']);
    expect(m.appChannels).toEqual(['app:1']);
    // Neither answer is a duplicate or unknown, and nothing about the app reaches the session's rules.
    expect(m.annotations.map((a) => a.rule)).toEqual([]);
  });

  it("keeps the session's handshake to the session: an app's ui/initialize starts nothing", () => {
    const s = script()
      .app('app:1', 'c2s', req(0, 'ui/initialize', {}))
      .app('app:1', 's2c', res(0, {}))
      .handshake({ version: '2025-06-18' });
    const m = modelOf(s.frames);
    expect(m.state.initializeSeq).toBe(3);
    expect(m.state.negotiatedVersion).toBe('2025-06-18');
    expect(m.state.phase).toBe('operational');
  });

  it("judges an app's JSON-RPC, not MCP: a broken bridge message is reported on its frame", () => {
    const s = script().handshake().app('app:2', 'c2s', '{"jsonrpc":"2.0","id":1,').app('app:2', 's2c', res(9));
    const found = modelOf(s.frames).annotations.map((a) => [a.rule, a.frames[0]]);
    expect(found).toEqual([
      ['jsonrpc.invalid-json', 4],
      ['jsonrpc.unknown-response', 5],
    ]);
  });
});

describe('forwarded calls', () => {
  it("links an app's tools/call with the host's request for it, by tool and arguments", () => {
    const s = script()
      .handshake()
      .app('app:1', 'c2s', req(3, 'tools/call', { ...call, _meta: { progressToken: 1 } }))
      .c(req(7, 'tools/call', { name: 'get-time', arguments: { zone: 'UTC' } }))
      .c(req(8, 'tools/call', { _meta: { progressToken: 'p' }, arguments: { zone: 'Asia/Tokyo' }, name: 'get-time' }))
      .s(res(7))
      .s(res(8))
      .app('app:1', 's2c', res(3));
    const m = modelOf(s.frames);
    expect(m.forwardAt(5)).toBeUndefined();
    expect(m.forwardAt(4)).toEqual({ appSeq: 4, channel: 'app:1', sessionSeq: 6 });
    expect(m.forwardAt(6)).toBe(m.forwardAt(4));
  });

  it('links nothing to an app request answered before the host asked', () => {
    const s = script()
      .handshake()
      .app('app:1', 'c2s', req(3, 'tools/call', call))
      .app('app:1', 's2c', res(3))
      .c(req(7, 'tools/call', call))
      .s(res(7));
    const m = modelOf(s.frames);
    expect(m.forwardAt(4)).toBeUndefined();
    expect(m.forwardAt(6)).toBeUndefined();
  });

  it('reads the golden MCP Apps session: the forwarded get-time call, and the app paired apart', () => {
    const m = modelOf(readTraceText(golden).frames);
    const appCall = m.frames.find((f) => f.channel === 'app:1' && f.raw.includes('"tools/call"'))!;
    const link = m.forwardAt(appCall.seq)!;
    expect(m.frameAt(link.sessionSeq)?.channel).toBeUndefined();
    expect(m.callAt(link.sessionSeq)?.method).toBe('tools/call');
    expect(m.callAt(appCall.seq)?.responseSeq).toBeGreaterThan(m.callAt(link.sessionSeq)!.responseSeq!);
    expect(m.callsOf('app:1')?.all.map((c) => c.method)).toEqual([
      'ui/initialize',
      'tools/call',
      'ui/open-link',
      'ui/message',
      'ui/request-display-mode',
      'ui/resource-teardown',
    ]);
    expect(m.calls.all.every((c) => !c.method.startsWith('ui/'))).toBe(true);
    expect(m.annotations.filter((a) => a.frames.some((seq) => m.frameAt(seq)?.channel !== undefined))).toEqual([]);
  });
});
