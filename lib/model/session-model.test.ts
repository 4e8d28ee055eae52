import { describe, expect, it, vi } from 'vitest';
import { script } from '../analyze/testing';
import { realisticMix } from '../analyze/mix';
import { SessionModel, modelOf } from './session-model';

const req = (id: unknown, method: string, params?: unknown) => ({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
const res = (id: unknown, result: unknown = {}) => ({ jsonrpc: '2.0', id, result });
const note = (method: string, params?: unknown) => ({ jsonrpc: '2.0', method, params });
const rules = (m: SessionModel) => m.annotations.map((a) => a.rule);

describe('SessionModel pairing', () => {
  it('pairs a reused id with the newest open request, and calls only a second answer a duplicate', () => {
    // 4: ping id 1, 5: its answer, 6: tools/list reuses id 1, 7: its answer, 8: a second answer.
    const s = script()
      .handshake({ server: { tools: {} } })
      .c(req(1, 'ping'))
      .s(res(1))
      .c(req(1, 'tools/list'))
      .s(res(1, { tools: [] }))
      .s(res(1, { tools: [] }));
    const m = modelOf(s.frames);
    expect(m.callAt(4)).toMatchObject({ method: 'ping', responseSeq: 5 });
    expect(m.callAt(6)).toMatchObject({ method: 'tools/list', responseSeq: 7 });
    expect(m.callAt(7)?.seq).toBe(6);
    expect(m.callAt(8)).toBeUndefined();
    const dup = m.annotations.filter((a) => a.rule === 'jsonrpc.duplicate-response');
    expect(dup.map((a) => a.frames)).toEqual([[8, 7]]);
    expect(rules(m)).toContain('jsonrpc.id-reused');
  });

  it('answers the newest of two open requests with the same id first', () => {
    const s = script().handshake().c(req(5, 'ping')).c(req(5, 'ping')).s(res(5)).s(res(5));
    const m = modelOf(s.frames);
    expect(m.callAt(5)?.responseSeq).toBe(6);
    expect(m.callAt(4)?.responseSeq).toBe(7);
    expect(rules(m)).not.toContain('jsonrpc.duplicate-response');
  });

  it('keeps ids per sender: a server request with the client id 1 is a different call', () => {
    const s = script()
      .handshake()
      .c(req(1, 'ping'))
      .s(req(1, 'roots/list'))
      .c(res(1, { roots: [] }))
      .s(res(1));
    const m = modelOf(s.frames);
    expect(m.callAt(4)).toMatchObject({ dir: 'c2s', responseSeq: 7 });
    expect(m.callAt(5)).toMatchObject({ dir: 's2c', responseSeq: 6 });
  });

  it('tracks progress and cancellation on the call', () => {
    const s = script()
      .handshake({ server: { tools: {} } })
      .c(req(2, 'tools/call', { name: 'slow', _meta: { progressToken: 't' } }))
      .s(note('notifications/progress', { progressToken: 't', progress: 1 }))
      .s(note('notifications/progress', { progressToken: 't', progress: 2 }))
      .c(note('notifications/cancelled', { requestId: 2 }));
    const m = modelOf(s.frames);
    expect(m.callAt(4)).toMatchObject({ progressToken: 't', progressCount: 2, cancelledSeq: 7 });
  });
});

describe('SessionModel timeouts, judged by the wire', () => {
  const hung = () =>
    script()
      .handshake({ server: { tools: {} } })
      .c(req(1, 'tools/call', { name: 'hang' }));

  it('reports a request cancelled only after its timeout ran out', () => {
    const s = hung().c(note('notifications/cancelled', { requestId: 1, reason: 'timed out' }), 2_000_000);
    expect(rules(modelOf(s.frames, { timeoutMs: 1000 }))).toContain('timing.no-response');
  });

  it('excuses a request cancelled before its timeout', () => {
    const s = hung()
      .c(note('notifications/cancelled', { requestId: 1 }), 500_000)
      .wait(5_000_000)
      .c(req(2, 'ping'))
      .s(res(2));
    expect(rules(modelOf(s.frames, { timeoutMs: 1000 }))).not.toContain('timing.no-response');
  });

  it('reports a request answered only after its timeout', () => {
    const s = hung().s(res(1, { content: [] }), 2_000_000);
    expect(rules(modelOf(s.frames, { timeoutMs: 1000 }))).toContain('timing.no-response');
  });

  it('reports an unanswered initialize', () => {
    const s = script()
      .c(req(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }))
      .c(note('notifications/cancelled', { requestId: 1 }), 30_000_000);
    const found = modelOf(s.frames, { timeoutMs: 30_000 }).annotations.filter((a) => a.rule === 'timing.no-response');
    expect(found).toMatchObject([{ frames: [1], message: expect.stringContaining('initialize (id 1)') }]);
  });

  it('says the same thing live (clock ticks, any pace) and offline', () => {
    const s = hung().c(req(2, 'ping'), 500_000).s(res(2)).wait(3_000_000).c(req(3, 'ping')).s(res(3));
    const offline = modelOf(s.frames, { timeoutMs: 1000 }).annotations;
    for (const step of [1, 2, 5]) {
      const live = new SessionModel({ timeoutMs: 1000 });
      for (let i = 0; i < s.frames.length; i += step) {
        live.append(s.frames.slice(i, i + step));
        live.advance();
        // The clock runs up to just before the next frame (or well past the last one).
        const next = s.frames[i + step];
        live.tick(next ? next.ts - 1 : live.frames[live.frames.length - 1].ts + 1_500_000);
      }
      live.finish();
      expect(live.annotations).toEqual(offline);
    }
    expect(offline.filter((a) => a.rule === 'timing.no-response')).toHaveLength(1);
  });

  describe("with the session's request timeout", () => {
    // A call still unanswered 45 s after it was sent, when the session ends.
    const slow = () => hung().c(req(2, 'ping'), 45_000_000).s(res(2));
    const noResponse = (m: SessionModel) => m.annotations.filter((a) => a.rule === 'timing.no-response');

    it('says nothing of a 45 s call while the client still waits (60 s, the default)', () => {
      expect(noResponse(modelOf(slow().frames, { timeoutMs: 60_000 }))).toEqual([]);
      expect(noResponse(modelOf(slow().frames))).toEqual([]);
      expect(modelOf([]).timeoutMs).toBe(60_000);
    });

    it('reports it once a 30 s client gave up, and says which wait', () => {
      const m = modelOf(slow().frames, { timeoutMs: 30_000 });
      expect(m.timeoutMs).toBe(30_000);
      expect(noResponse(m)).toMatchObject([{ frames: [4], message: expect.stringContaining('within the 30000 ms timeout') }]);
    });
  });

  it('stops the clock at finish()', () => {
    const m = new SessionModel({ timeoutMs: 1000 });
    m.append(hung().frames);
    m.finish();
    expect(m.live).toBe(false);
    expect(m.tick(10_000_000_000)).toBe(false);
  });
});

describe('SessionModel ingestion', () => {
  it('holds each seq once in order whatever the interleaving of snapshot and live batches', () => {
    const frames = realisticMix(200);
    const m = new SessionModel();
    m.append(frames.slice(100, 150));
    m.append(frames.slice(0, 120));
    m.append(frames.slice(140));
    expect(m.frames.map((f) => f.seq)).toEqual(frames.map((f) => f.seq));
    m.finish();
    expect(m.annotations).toEqual(modelOf(frames).annotations);
  });

  it('analyses in budgeted slices and catches up to the same findings', () => {
    const frames = realisticMix(3000);
    const m = new SessionModel({ source: 'file' });
    m.append(frames);
    let now = 0;
    let slices = 0;
    while (!m.caughtUp) {
      m.advance(1, () => now++);
      slices++;
    }
    expect(slices).toBeGreaterThan(1);
    m.finish();
    expect(m.annotations).toEqual(modelOf(frames).annotations);
  });

  it('classifies each message frame from the one strict reading', () => {
    const m = modelOf(script().c('{"jsonrpc":"2.0","id":1,"method":"ping"}').c('{nope').frames);
    expect(m.classifiedAt(1)).toMatchObject({ kind: 'request', method: 'ping', id: 1 });
    expect(m.classifiedAt(2)).toMatchObject({ kind: 'invalid', problem: expect.stringMatching(/^not JSON/) });
  });

  it('takes frames in without parsing them, and parses each message once, when first needed', () => {
    const frames = script().handshake().c(req(7, 'ping')).c('{nope').s(res(7)).frames;
    const messages = frames.filter((f) => f.lane === 'message').length;
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const m = new SessionModel({ source: 'file' });
      m.append(frames);
      // A snapshot goes in unparsed: nothing reads its messages before a view or the analyser asks.
      expect(parse).not.toHaveBeenCalled();
      expect(m.classifiedAt(4)).toMatchObject({ kind: 'request', method: 'ping', id: 7 });
      expect(parse).toHaveBeenCalledTimes(1);
      m.finish();
      // The analyser classified the rest as it went, reusing the row's reading: once each.
      expect(parse).toHaveBeenCalledTimes(messages);
      expect(m.classifiedAt(5)).toMatchObject({ kind: 'invalid', problem: expect.stringMatching(/^not JSON/) });
      expect(m.classifiedAt(6)).toMatchObject({ kind: 'response', id: 7 });
      expect(parse).toHaveBeenCalledTimes(messages);
      // The malformed frame, never asked for by a view, is still judged.
      expect(m.annotations.some((a) => a.frames.includes(5))).toBe(true);
    } finally {
      parse.mockRestore();
    }
  });

  it('keeps the strict reading of a malformed frame a view classified before the analyser reached it', () => {
    const frames = script().handshake().c('{"jsonrpc":"2.0","id":1,"method":"ping","id":2}').c('{nope').frames;
    const early = new SessionModel({ source: 'file' });
    early.append(frames);
    for (let seq = frames.length; seq >= 1; seq--) early.classifiedAt(seq);
    early.finish();
    expect(early.annotations).toEqual(modelOf(frames).annotations);
  });
});
