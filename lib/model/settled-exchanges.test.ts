/**
 * `loupe check`'s bounded model lets the HTTP refusals of a long session go once no exchange that
 * may still be accepted was sent before them: it holds a few to quote and counts the rest, and the
 * doctor says the same as it says from the whole session.
 */
import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { HttpScript } from '../analyze/cases/http-script';
import { req, res } from '../analyze/cases/types';
import { diagnose } from '../doctor';
import { BoundedModel } from './bounded-model';
import { modelOf } from './session-model';
import { QUOTED_REFUSALS } from './settled-exchanges';

const MANY = 3_000;
const json = { type: 'application/json' };
const POST = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
const headers = { ...POST, 'mcp-protocol-version': '2025-11-25', 'mcp-session-id': 's1' };

function opened(): HttpScript {
  const h = new HttpScript();
  const init = req(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } });
  const result = res(0, { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } });
  h.exchange({ headers: POST, body: init, ...json, resHeaders: { 'mcp-session-id': 's1' }, answers: [{ body: result }] });
  h.exchange({ headers, body: { jsonrpc: '2.0', method: 'notifications/initialized' }, status: 202 });
  return h;
}

const refuse = (h: HttpScript, id: number, method = 'tools/call') =>
  h.exchange({ body: req(id, method, { name: 'echo' }), headers, status: 500, endBody: `overloaded ${id}` });
const accept = (h: HttpScript, id: number, method = 'tools/call') =>
  h.exchange({ body: req(id, method, { name: 'echo' }), headers, ...json, answers: [{ body: res(id, { content: [] }) }] });

function bounded(frames: readonly Frame[], compactEvery: number): BoundedModel {
  const model = new BoundedModel({ compact: 'report', compactEvery });
  model.append(frames);
  model.finish();
  return model;
}

const evidence = (model: Parameters<typeof diagnose>[0]) => diagnose(model).layers.flatMap((l) => l.evidence.map((e) => e.what));

describe('the refusals of a long HTTP session', () => {
  it('are held a few at a time and counted, however many there are', { timeout: 60_000 }, () => {
    const h = opened();
    // A refused tools/call never accepted, and now and then an accepted ping.
    for (let i = 1; i <= MANY; i++) {
      refuse(h, 2 * i);
      if (i % 100 === 0) accept(h, 2 * i + 1, 'ping');
    }
    const model = bounded(h.frames, 100);
    // Let go between compactions, which come further apart while many calls are held (bounded-model.ts).
    expect(model.exchanges.all.length).toBeLessThan(MANY / 10);
    const tally = model.settledExchanges.refusals.get('tools/call')!;
    expect(tally.first).toHaveLength(QUOTED_REFUSALS);
    expect(tally.count + model.exchanges.all.filter((ex) => ex.status === 500).length).toBe(MANY);
    const said = evidence(model);
    expect(said.filter((w) => w.includes('was answered 500'))).toHaveLength(QUOTED_REFUSALS);
    expect(said.join('\n')).toContain('overloaded 2\n');
    expect(said.join('\n')).toContain(`overloaded 6 (and ${MANY - QUOTED_REFUSALS} more)`);
    expect(said).toEqual(evidence(modelOf(h.frames)));
  });

  it('are history once the same method is accepted later, even after they were let go of', () => {
    const h = opened();
    for (let i = 1; i <= 500; i++) refuse(h, i);
    accept(h, 501);
    for (let i = 502; i <= 520; i++) accept(h, i, 'ping');
    const model = bounded(h.frames, 10);
    expect(evidence(model).filter((w) => w.includes('was answered 500'))).toEqual([]);
    expect(model.settledExchanges.refusals.size).toBe(0);
  });

  it('are recovered by an acceptance sent after them though answered after later refusals, and only those', () => {
    const h = opened();
    for (let i = 1; i <= 20; i++) refuse(h, i);
    accept(h, 21);
    const answered = h.frames.length;
    for (let i = 22; i <= 50; i++) refuse(h, i);
    // The tools/call sent 21st is answered last (its response head, answer and end moved to the end):
    // it recovers the 20 refusals sent before it, not the 29 sent after it.
    const moved = [...h.frames.slice(0, answered - 3), ...h.frames.slice(answered), ...h.frames.slice(answered - 3, answered)];
    const seqOf = new Map(moved.map((f, i) => [f.seq, i + 1]));
    const frames = moved.map((f, i) => {
      const meta = f.meta?.transport === 'http' && 'exchange' in f.meta ? { ...f.meta, exchange: seqOf.get(f.meta.exchange as number)! } : f.meta;
      return { ...f, seq: i + 1, ts: (i + 1) * 1000, meta } as Frame;
    });
    const said = evidence(bounded(frames, 5));
    expect(said.filter((w) => w.includes('was answered 500'))).toHaveLength(QUOTED_REFUSALS);
    expect(said.join('\n')).toContain('overloaded 22\n');
    expect(said.join('\n')).toContain(`overloaded 24 (and ${29 - QUOTED_REFUSALS} more)`);
    expect(said).toEqual(evidence(modelOf(frames)));
  });
});

describe('the accepted exchanges of a long HTTP session', () => {
  it('go at their end, not at the next compaction, and the doctor says the same', () => {
    const h = opened();
    for (let i = 1; i <= 50; i++) accept(h, i);
    const lastAccepted = h.lastExchange;
    refuse(h, 51, 'ping');
    // No compaction in this session: only the end of each exchange lets it go.
    const model = bounded(h.frames, 1e9);
    expect(model.exchanges.all.map((ex) => ex.status)).toEqual([500]);
    expect(model.settledExchanges.lastAccepted.get('tools/call')).toBe(lastAccepted);
    expect(evidence(model)).toEqual(evidence(modelOf(h.frames)));
  });

  it('wait while a request they carried is unanswered', () => {
    const h = opened();
    accept(h, 1);
    // An SSE answer that ended without the answer to its call: the doctor quotes it.
    h.exchange({ body: req(2, 'tools/call', { name: 'echo' }), headers, type: 'text/event-stream', answers: [] });
    const unanswered = h.lastExchange;
    const model = bounded(h.frames, 1e9);
    expect(model.exchanges.all.map((ex) => ex.id)).toEqual([unanswered]);
    expect(evidence(model)).toEqual(evidence(modelOf(h.frames)));
  });
});
