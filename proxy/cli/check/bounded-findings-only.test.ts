/**
 * A stored session's findings are judged by the bounded model with `compact: 'findings'`: answered calls
 * are let go of as the trace goes and held in runs (lib/mcp/answered-runs.ts), so a session of
 * millions of requests is judged in memory that does not grow with them. Its findings must be
 * those the whole-trace model makes: compared here with a compaction after every frame or few,
 * on every rule case, the golden traces, a realistic mix, and long request loops whose early
 * calls are looked up again (a reused id, a second answer, a cancellation, a reused id answered
 * out of order, the server's requests while a slow client request is open).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../../lib/mcp/frame';
import type { AnalyzerOptions } from '../../../lib/analyze';
import { CASES_BY_GROUP } from '../../../lib/analyze/cases';
import { err, note, req, res } from '../../../lib/analyze/cases/types';
import { realisticMix } from '../../../lib/analyze/mix';
import { toolLoop } from '../../../lib/analyze/tool-loop';
import { HttpScript } from '../../../lib/analyze/cases/http-script';
import { script } from '../../../lib/analyze/testing';
import { BoundedModel } from '../../../lib/model/bounded-model';
import { modelOf } from '../../../lib/model/session-model';
import { readTraceText, traceModelOptions } from '../../../lib/trace';

type Options = Pick<AnalyzerOptions, 'timeoutMs' | 'framing' | 'slowMs'>;

const show = (annotations: readonly unknown[]) => annotations.map((a) => JSON.stringify(a));

/** The findings both ways, the bounded model compacting every `every` frames. */
function expectSameFindings(frames: readonly Frame[], options: Options = {}, every = 1, label = ''): void {
  const whole = modelOf(frames, options).annotations;
  const bounded = new BoundedModel({ ...options, compact: 'findings', compactEvery: every });
  for (let i = 0, size = 1; i < frames.length; i += size, size = (size % 5) + 1) bounded.append(frames.slice(i, i + size));
  bounded.finish();
  expect(show(bounded.annotations), label).toEqual(show(whole));
}

/** A handshake, then `n` pings the client sends with ids from 100, each answered. */
function pingLoop(n: number) {
  const s = script().handshake({ server: { tools: {} } });
  for (let i = 0; i < n; i++) s.c(req(100 + i, 'ping')).s(res(100 + i));
  return s;
}

const GOLDEN = path.join(__dirname, '../../../e2e/golden');

describe('judging only the findings, answered calls let go of, finds what the whole-trace model finds', () => {
  it('on every rule case, trigger and near miss, compacting after every frame and every third', () => {
    for (const cases of Object.values(CASES_BY_GROUP))
      for (const c of cases)
        for (const frames of [c.trigger(), c.nearMiss()]) for (const every of [1, 3]) expectSameFindings(frames, c.options, every, `${c.rule}: ${c.name}`);
  });

  it('on the golden traces and a realistic mix', () => {
    for (const name of readdirSync(GOLDEN).filter((f) => f.endsWith('.ndjson'))) {
      const trace = readTraceText(readFileSync(path.join(GOLDEN, name), 'utf8'));
      expectSameFindings(trace.frames, traceModelOptions(trace.header), 2, name);
    }
    expectSameFindings(realisticMix(3000), {}, 7);
  });

  it('on a ping loop whose early calls are looked up again', () => {
    const s = pingLoop(300);
    // A reused id (of a ping long answered), a second answer to another, an answer to an id never
    // sent, a cancellation of a finished ping, and an early id reused twice with its answers crossed.
    s.c(req(105, 'ping')).s(res(105));
    s.s(res(110));
    s.s(res(9999));
    s.c(note('notifications/cancelled', { requestId: 120, reason: 'late' }));
    s.c(req(130, 'ping'))
      .c(req(130, 'tools/list'))
      .s(res(130, { tools: [] }))
      .s(res(130));
    s.s(res(130));
    s.c(req(140, 'ping'));
    for (let i = 0; i < 50; i++) s.c(req(1000 + i, 'ping')).s(res(1000 + i));
    s.s(res(140));
    s.s(res(140));
    const frames = s.frames;
    for (const every of [1, 4, 50]) expectSameFindings(frames, {}, every, `every ${every}`);
    const rules = new Set(modelOf(frames).annotations.map((a) => a.rule));
    // Not vacuous: each look-up makes its finding.
    for (const rule of ['jsonrpc.id-reused', 'jsonrpc.duplicate-response', 'jsonrpc.unknown-response']) expect(rules).toContain(rule);
  });

  it('on an id reused by two requests whose answers cross, then answered a third time', () => {
    // The newest call of the id (tools/list) is not its newest answered one (ping): the duplicate is the ping's.
    const s = pingLoop(5);
    s.c(req(130, 'ping'))
      .c(req(130, 'tools/list'))
      .s(res(130, { tools: [] }))
      .s(res(130));
    s.c(req(131, 'ping')).s(res(131));
    s.s(res(130));
    expectSameFindings(s.frames);
    expect(modelOf(s.frames).annotations.map((a) => a.message)).toContain('a second response to ping id 130 (first in frame 17)');
  });

  it('on the server’s requests answered while a slow client request is open, and errors in runs', () => {
    const s = pingLoop(20);
    s.c(req(1, 'tools/call', { name: 'slow', arguments: {} }));
    for (let i = 0; i < 40; i++)
      s.s(req(500 + i, 'ping'))
        .wait(200_000)
        .c(res(500 + i));
    for (let i = 0; i < 40; i++) s.c(req(2000 + i, 'nope/missing')).s(err(2000 + i));
    s.wait(3_000_000).s(res(1, { content: [] }));
    for (let i = 0; i < 20; i++) s.s(req(600 + i, 'ping')).c(res(600 + i));
    s.c(res(510));
    s.s(err(2003));
    for (const every of [1, 6]) expectSameFindings(s.frames, { slowMs: 1000 }, every, `every ${every}`);
    expect(
      modelOf(s.frames, { slowMs: 1000 })
        .annotations.map((a) => a.message)
        .join('\n'),
    ).toContain('waiting for the client');
  });

  it('lets pings go while a tool call stays open the whole time, and one answered late is still overdue', () => {
    const s = script().handshake({ server: { tools: {} } });
    s.c(req(1, 'tools/call', { name: 'long', arguments: {} }));
    for (let i = 0; i < 300; i++) s.c(req(100 + i, 'ping')).s(res(100 + i));
    // A ping answered after the timeout: timing.no-response, once the clock passes its deadline.
    s.c(req(900, 'ping')).wait(2_000_000).s(res(900));
    for (let i = 0; i < 30; i++) s.c(req(1000 + i, 'ping')).s(res(1000 + i));
    s.s(res(1, { content: [] }));
    for (const every of [1, 5]) expectSameFindings(s.frames, { timeoutMs: 1000 }, every, `every ${every}`);
    expect(modelOf(s.frames, { timeoutMs: 1000 }).annotations.map((a) => a.rule)).toContain('timing.no-response');
    const model = new BoundedModel({ compact: 'findings', compactEvery: 50 });
    model.append(s.frames.slice(0, -1));
    expect(model.calls.all.length).toBeLessThan(60);
  });

  it('on a long loop of tool calls: output schemas broken, tool errors, cancellations, late answers', () => {
    const frames = toolLoop(600);
    for (const every of [1, 7, 200]) expectSameFindings(frames, { timeoutMs: 1000 }, every, `every ${every}`);
    const rules = new Set(modelOf(frames, { timeoutMs: 1000 }).annotations.map((a) => a.rule));
    // Not vacuous: the answers judged against a tool's output schema, the cancellation of a finished
    // call, the second answer and the reused id of early calls, and the late one are all found.
    for (const rule of [
      'tools.structured-content-invalid',
      'tools.structured-content-missing',
      'jsonrpc.duplicate-response',
      'jsonrpc.id-reused',
      'timing.no-response',
      'cancel.response-after-cancel',
    ])
      expect(rules).toContain(rule);
  });

  it('holds a long loop of tool calls with arguments in what does not grow with the calls', () => {
    const held = (n: number, regular: boolean) => {
      const model = new BoundedModel({ compact: 'findings', compactEvery: 100 });
      model.append(toolLoop(n, { lookups: false, regular }));
      const calls = model.calls.all;
      return { calls: calls.length, bytes: JSON.stringify(calls).length, runs: model.calls.runCount, findings: model.annotations.length };
    };
    const small = held(1_000, true);
    const large = held(8_000, true);
    // Eight times the calls (and their findings: a broken answer every so often), the same held:
    // the calls of the last few frames, and a run per tool.
    expect(large.findings).toBeGreaterThan(4 * small.findings);
    expect(large.calls).toBeLessThanOrEqual(small.calls);
    // (A few bytes more: its seqs and ids have more digits.)
    expect(large.bytes).toBeLessThanOrEqual(small.bytes * 1.1);
    expect(large.calls).toBeLessThan(60);
    expect(large.runs).toBe(small.runs);
    expect(large.runs).toBeLessThan(10);
    // A JSON-RPC error every 50 calls, reads and prompts between: a run per break, not a call per request.
    const irregular = held(8_000, false);
    expect(irregular.calls).toBeLessThan(60);
    expect(irregular.runs).toBeLessThan(8_000 / 10);
    // What a call holds is its tool's name, not its arguments; the page's model keeps them.
    const frames = toolLoop(3, { lookups: false });
    const model = new BoundedModel({ compact: 'findings' });
    model.append(frames);
    expect(model.calls.all.find((c) => c.method === 'tools/call')?.params).toEqual({ name: 'search' });
    expect(modelOf(frames).calls.all.find((c) => c.method === 'tools/call')?.params).toEqual({
      name: 'search',
      arguments: { query: 'q0', n: 0, tags: ['a', 'b'] },
    });
  });

  it('lets each HTTP exchange go once it ended, and finds what the whole model finds', () => {
    const session = (n: number) => {
      const h = new HttpScript();
      const json = { type: 'application/json' };
      const version = { 'mcp-protocol-version': '2025-11-25', 'mcp-session-id': 's1' };
      h.exchange({
        body: req(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }),
        ...json,
        resHeaders: { 'mcp-session-id': 's1' },
        answers: [{ body: res(0, { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } }) }],
      });
      h.exchange({ body: note('notifications/initialized'), headers: version, status: 202 });
      for (let i = 1; i <= n; i++) {
        // Every 25th answer comes as an SSE event (each with its own id), every 40th request lacks the version header.
        const sse = i % 25 === 0;
        h.exchange({
          body: req(i, 'tools/call', { name: 'echo', arguments: { i } }),
          headers: i % 40 === 0 ? { 'mcp-session-id': 's1' } : version,
          type: sse ? 'text/event-stream' : 'application/json',
          answers: [{ body: res(i, { content: [{ type: 'text', text: `echo ${i}` }] }), ...(sse ? { eventId: `e${i}` } : {}) }],
        });
      }
      return h.frames;
    };
    const frames = session(300);
    for (const every of [1, 9]) expectSameFindings(frames, {}, every, `every ${every}`);
    expect(modelOf(frames).annotations.map((a) => a.rule)).toContain('http.protocol-version-header');
    const held = (n: number) => {
      const model = new BoundedModel({ compact: 'findings', compactEvery: 50 });
      model.append(session(n));
      return { exchanges: model.exchanges.all.length, calls: model.calls.all.length };
    };
    expect(held(2_000)).toEqual(held(200));
    expect(held(2_000).exchanges).toBe(0);
  });

  it('holds a long ping loop in a few runs, not a call per request', () => {
    const model = new BoundedModel({ compact: 'findings', compactEvery: 100 });
    model.append(pingLoop(5000).frames);
    model.finish();
    expect(model.calls.all.length).toBeLessThan(100);
    expect(model.annotations).toEqual([]);
  });
});
