import { describe, expect, it } from 'vitest';
import { SequenceModel, CHECKPOINT_EVERY } from './sequence-model';
import { FrameScript } from './frames.fixture';
import type { HttpRequestMeta } from '../mcp/frame';

function build(s: FrameScript): SequenceModel {
  const m = new SequenceModel();
  m.push(s.frames);
  return m;
}

describe('SequenceModel', () => {
  it('pairs the handshake and measures its latency at the wire', () => {
    const s = new FrameScript().handshake();
    const m = build(s);
    expect(m.rows.map((r) => r.kind)).toEqual(['request', 'response', 'notification']);
    expect(m.rows[0].pairSeq).toBe(2);
    expect(m.rows[1].pairSeq).toBe(1);
    expect(m.rows[0].latencyUs).toBe(100);
    expect(m.rows[1].label).toBe('initialize result');
    expect(m.rows[2].label).toBe('notifications/initialized');
  });

  it('nests a server request sent during a client request, and its response', () => {
    const s = new FrameScript().handshake({ sampling: {} });
    s.request('c2s', 1, 'tools/call', { name: 'sample' });
    s.request('s2c', 0, 'sampling/createMessage', { messages: [] });
    s.result('c2s', 0, { role: 'assistant' });
    s.result('s2c', 1, { content: [] });
    const m = build(s);
    const [call, sampling, samplingResult, callResult] = m.rows.slice(3);
    expect(sampling.parentSeq).toBe(call.seq);
    expect(sampling.depth).toBe(1);
    expect(samplingResult.depth).toBe(1);
    expect(samplingResult.pairSeq).toBe(sampling.seq);
    expect(callResult.pairSeq).toBe(call.seq);
    expect(callResult.depth).toBe(0);
  });

  it('does not nest a server request sent when no client request is open', () => {
    const s = new FrameScript().handshake({ roots: {} });
    s.request('s2c', 0, 'roots/list');
    expect(build(s).rows[3].parentSeq).toBeUndefined();
  });

  it('nests by the HTTP exchange when the transport says which POST carried it', () => {
    const s = new FrameScript().handshake({ sampling: {} });
    const post: HttpRequestMeta = { transport: 'http', phase: 'request', method: 'POST', url: 'http://127.0.0.1/mcp', headers: [], stream: 'post' };
    s.raw('c2s', 'POST /mcp HTTP/1.1\r\n\r\n', 'http', post);
    s.raw('c2s', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call' }), 'message', { transport: 'http', exchange: 4 });
    s.raw('c2s', 'POST /mcp HTTP/1.1\r\n\r\n', 'http', post);
    s.raw('c2s', JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call' }), 'message', { transport: 'http', exchange: 6 });
    s.raw('s2c', JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'sampling/createMessage' }), 'message', { transport: 'http', exchange: 4 });
    // The sampling request rode the first POST's stream: it belongs to id 1, not the newer id 2.
    expect(build(s).rows[7].parentSeq).toBe(5);
  });

  it('groups progress notifications under the request that carries the token', () => {
    const s = new FrameScript().handshake();
    s.request('c2s', 1, 'tools/call', { name: 'long', _meta: { progressToken: 'tok' } });
    s.notify('s2c', 'notifications/progress', { progressToken: 'tok', progress: 1, total: 3 });
    s.notify('s2c', 'notifications/progress', { progressToken: 'tok', progress: 2, total: 3 });
    s.notify('s2c', 'notifications/progress', { progressToken: 'other', progress: 1 });
    const m = build(s);
    const [req, p1, p2, stray] = m.rows.slice(3);
    expect(p1.isProgress && p2.isProgress).toBe(true);
    expect(p1.parentSeq).toBe(req.seq);
    expect(p1.label).toBe('progress 1/3');
    expect(req.progressCount).toBe(2);
    expect(stray.isProgress).toBeUndefined();
  });

  it('marks a request cancelled by its sender', () => {
    const s = new FrameScript().handshake();
    s.request('c2s', 'a', 'tools/call');
    s.notify('c2s', 'notifications/cancelled', { requestId: 'a' });
    const m = build(s);
    expect(m.rows[3].cancelledBy).toBe(5);
  });

  it('labels errors with their code and keeps invalid frames as rows', () => {
    const s = new FrameScript().handshake();
    s.request('c2s', 1, 'tools/list');
    s.error('s2c', 1, -32601, 'no');
    s.raw('s2c', 'started');
    s.raw('s2c', 'oops', 'stderr');
    const m = build(s);
    expect(m.rows[4].kind).toBe('error');
    expect(m.rows[4].label).toBe('tools/list error -32601');
    expect(m.rows[5].kind).toBe('invalid');
    expect(m.rows[6].kind).toBe('stderr');
    expect(m.rows[6].label).toBe('oops');
  });

  it('finds the requests open at any row across checkpoints', () => {
    const s = new FrameScript().handshake();
    s.request('c2s', 'long', 'tools/call');
    for (let i = 0; i < CHECKPOINT_EVERY * 2; i++) s.notify('s2c', 'notifications/message', { level: 'info', data: i });
    s.result('s2c', 'long');
    const m = build(s);
    const last = m.rows.length - 1;
    expect(m.openAt(3)).toEqual([]);
    expect(m.openAt(4)).toEqual([4]);
    expect(m.openAt(CHECKPOINT_EVERY * 2 + 1)).toEqual([4]);
    expect(m.openAt(last)).toEqual([4]);
    expect(m.openAt(last + 1)).toEqual([]);
  });

  it('gives the same rows fed all at once or one frame at a time', () => {
    const s = new FrameScript().handshake({ sampling: {} });
    s.request('c2s', 1, 'tools/call', { _meta: { progressToken: 1 } });
    s.notify('s2c', 'notifications/progress', { progressToken: 1, progress: 1 });
    s.request('s2c', 0, 'sampling/createMessage');
    s.result('c2s', 0);
    s.result('s2c', 1);
    const a = build(s);
    const b = new SequenceModel();
    for (const f of s.frames) b.push([f]);
    expect(b.rows).toEqual(a.rows);
  });
});

describe('modelFor', () => {
  it('shares one diagram model per session model and catches up with what it analysed', async () => {
    const { modelFor } = await import('./model-cache');
    const { SessionModel } = await import('../model/session-model');
    const s = new FrameScript().handshake();
    const session = new SessionModel();
    session.append(s.frames.slice(0, 2));
    session.advance();
    const a = modelFor(session);
    expect(a.rows).toHaveLength(2);
    session.append(s.frames.slice(2, 3));
    expect(modelFor(session).rows).toHaveLength(2); // not analysed yet: its pairing is not known
    session.advance();
    const b = modelFor(session);
    expect(b).toBe(a);
    expect(b.rows).toHaveLength(3);
    expect(modelFor(new SessionModel())).not.toBe(a);
  });

  it('tells the id-reuse story the model tells: the reused id pairs with its own answer', () => {
    const s = new FrameScript().handshake();
    s.request('c2s', 1, 'ping');
    s.result('s2c', 1);
    s.request('c2s', 1, 'tools/list');
    s.result('s2c', 1);
    const m = build(s);
    const [first, firstAnswer, second, secondAnswer] = m.rows.slice(-4);
    expect([first.pairSeq, firstAnswer.pairSeq, second.pairSeq, secondAnswer.pairSeq]).toEqual([firstAnswer.seq, first.seq, secondAnswer.seq, second.seq]);
    expect(secondAnswer.method).toBe('tools/list');
    expect(m.session.callAt(secondAnswer.seq)?.seq).toBe(second.seq);
  });
});
