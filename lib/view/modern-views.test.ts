import { describe, expect, it } from 'vitest';
import { discovered, ok, withMeta } from '../analyze/cases/modern';
import { note, req, res } from '../analyze/cases/types';
import { modelOf } from '../model/session-model';
import { handshakeFacts } from './handshake';
import { requestsOf, timingCounts } from './latency';
import { DEFAULT_LAYOUT, SequenceLayout } from './sequence-layout';
import { SequenceModel } from './sequence-model';
import { barState } from './waterfall';

const INFO = { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } };
const tag = { 'io.modelcontextprotocol/subscriptionId': 9 };
const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };

/** 1-2 discover; 3 call, 4 input_required; 5 retry, 6 result; 7 listen, 8 ack, 9 update; 10 call, 11 task; 12-13 poll; 14-15 poll. */
const modernTrace = () =>
  discovered({ tools: {}, resources: {}, ...TASKS })
    .c(req(3, 'tools/call', withMeta({ name: 'order' }, { elicitation: {} })), 1000)
    .s(
      res(3, {
        resultType: 'input_required',
        inputRequests: {
          ok: { method: 'elicitation/create', params: { mode: 'form', message: 'Sure?', requestedSchema: { type: 'object', properties: {} } } },
        },
        requestState: 's1',
        _meta: INFO,
      }),
      2000,
    )
    .c(
      req(4, 'tools/call', withMeta({ name: 'order', inputResponses: { ok: { action: 'accept', content: {} } }, requestState: 's1' }, { elicitation: {} })),
      5000,
    )
    .s(ok(4, { content: [] }), 3000)
    .c(req(9, 'subscriptions/listen', withMeta({ notifications: { resourceSubscriptions: ['file:///a'] } })))
    .s(note('notifications/subscriptions/acknowledged', { notifications: { resourceSubscriptions: ['file:///a'] }, _meta: tag }))
    .s(note('notifications/resources/updated', { uri: 'file:///a', _meta: tag }))
    .c(req(10, 'tools/call', withMeta({ name: 'report' }, TASKS)))
    .s(res(10, { resultType: 'task', taskId: 't1', status: 'working', createdAt: 'x', lastUpdatedAt: 'x', ttlMs: null, _meta: INFO }))
    .c(req(11, 'tasks/get', withMeta({ taskId: 't1' }, TASKS)))
    .s(ok(11, { taskId: 't1', status: 'working' }))
    .c(req(12, 'tasks/get', withMeta({ taskId: 't1' }, TASKS)))
    .s(ok(12, { taskId: 't1', status: 'completed', result: { content: [] } }))
    .wait(60_000_000)
    .c(req(13, 'tools/list', withMeta()))
    .s(ok(13, { tools: [], ttlMs: 0, cacheScope: 'public' }));

describe('modern sessions in the views', () => {
  it('draws a multi-round-trip call as one call: the retry sits under the first round', () => {
    const seq = new SequenceModel();
    seq.push(modernTrace().frames);
    expect(seq.row(3)).toMatchObject({ round: 1, rounds: 2, depth: 0 });
    expect(seq.row(5)).toMatchObject({ round: 2, parentSeq: 3, depth: 1 });
    expect(seq.row(6)).toMatchObject({ round: 2, parentSeq: 3, depth: 1 });
  });

  it('keeps a listen stream open as one lane: its notifications under it, never hung', () => {
    const seq = new SequenceModel();
    seq.push(modernTrace().frames);
    expect([seq.row(8)?.subscription, seq.row(9)?.parentSeq]).toEqual([7, 7]);
    const m = modelOf(modernTrace().frames, { timeoutMs: 30_000 });
    expect(m.annotations.filter((a) => a.rule === 'timing.no-response')).toEqual([]);
    const listen = requestsOf(m).find((r) => r.method === 'subscriptions/listen')!;
    expect(barState(listen, listen.startTs + 120_000_000, 30_000_000)).toBe('listening');
    expect(timingCounts(requestsOf(m), listen.startTs + 120_000_000, 30_000_000).hung).toBe(0);
  });

  it('draws a task as a span from its call, its polls folded with progress', () => {
    const seq = new SequenceModel();
    seq.push(modernTrace().frames);
    expect(seq.row(10)).toMatchObject({ polls: 2 });
    expect([12, 13, 14, 15].map((s) => seq.row(s)?.pollOf)).toEqual([10, 10, 10, 10]);
    const folded = new SequenceLayout(seq, { ...DEFAULT_LAYOUT, collapseProgress: true });
    expect(folded.positionOfSeq(12)).toBe(-1);
    expect(folded.positionOfSeq(10)).toBeGreaterThanOrEqual(0);
  });

  it('times a logical call: rounds nested after the first, total and per-round latency', () => {
    const rounds = requestsOf(modelOf(modernTrace().frames)).filter((r) => r.round);
    expect(rounds.map((r) => [r.seq, r.round!.index, r.latencyUs])).toEqual([
      [3, 1, 2000],
      [5, 2, 3000],
    ]);
    expect(rounds[0].round!.totalUs).toBe(2000 + 5000 + 3000);
  });

  it('shows what server/discover said in the capability facts', () => {
    const facts = handshakeFacts(modelOf(modernTrace().frames).state);
    expect(facts.serverCapabilities).toMatchObject({ tools: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } });
    expect(facts).toMatchObject({
      selectedVersion: '2026-07-28',
      era: 'modern',
      serverEra: 'modern',
      supportedVersions: ['2026-07-28'],
      extensions: ['io.modelcontextprotocol/tasks'],
    });
  });
});
