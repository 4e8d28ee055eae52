/**
 * Answered calls held in runs (answered-runs.ts): many runs side by side, broken now and then,
 * give back exactly the call a look-up by id (the newest) or by frame asks for, however many runs
 * there are; and a call taken back leaves the others found as before.
 */
import { describe, expect, it } from 'vitest';
import { AnsweredRuns } from './answered-runs';
import { requestCall, type Call } from './call-types';

const TOOLS = ['search', 'fetch', 'sum'];

/** Call `i` of a loop of tool calls in turn, each answered on the next frame; every 37th an error. */
function call(i: number): Call {
  const c = requestCall(2 * i + 1, i, 'c2s', 10 + i, 'tools/call', { name: TOOLS[i % 3] }, undefined);
  c.responseSeq = c.seq + 1;
  c.responseTs = i;
  c.isError = i % 37 === 5;
  c.errorCode = c.isError ? -32603 : undefined;
  return c;
}

/** The fields a run keeps (its times are not: see the file's comment in answered-runs.ts). */
const kept = (c: Call) => ({
  seq: c.seq,
  id: c.id,
  method: c.method,
  params: c.params,
  responseSeq: c.responseSeq,
  isError: c.isError,
  errorCode: c.errorCode,
});

describe('AnsweredRuns', () => {
  const N = 20_000;

  it('holds a loop broken now and then in a run per break, and finds every call by id and by frame', () => {
    const runs = new AnsweredRuns();
    for (let i = 0; i < N; i++) expect(runs.add(call(i), 'legacy')).toBe(true);
    // Three tools in turn, an error every 37 calls: each error breaks its tool's run.
    expect(runs.size).toBeLessThan((N / 37) * 3 + 10);
    for (const i of [0, 1, 2, 5, 42, 777, 10_001, N - 1]) {
      expect(kept(runs.peek(2 * i + 1)!)).toEqual(kept(call(i)));
      expect(kept(runs.peek(2 * i + 2)!)).toEqual(kept(call(i)));
    }
    expect(runs.peek(2 * N + 1)).toBeUndefined();
    const back = runs.revive('c2s', 10 + 777);
    expect(back?.tag).toBe('legacy');
    expect(kept(back!.call)).toEqual(kept(call(777)));
    // Taken out: its id and frame find nothing more; its neighbours are still there.
    expect(runs.revive('c2s', 10 + 777)).toBeUndefined();
    expect(runs.peek(2 * 777 + 1)).toBeUndefined();
    for (const i of [774, 776, 778, 780, 5000]) expect(kept(runs.revive('c2s', 10 + i)!.call)).toEqual(kept(call(i)));
    expect(runs.revive('s2c', 10 + 42)).toBeUndefined();
  });

  it('gives the newest call of a reused id, whichever run holds it', () => {
    const runs = new AnsweredRuns();
    for (let i = 0; i < 3000; i++) runs.add(call(i), undefined);
    // The ids start over, a ping loop this time, far later in the trace.
    for (let i = 0; i < 3000; i++) {
      const c = requestCall(100_001 + 2 * i, i, 'c2s', 10 + i, 'ping', undefined, undefined);
      c.responseSeq = c.seq + 1;
      c.isError = false;
      runs.add(c, undefined);
    }
    expect(runs.revive('c2s', 10 + 1234)?.call.method).toBe('ping');
    expect(runs.revive('c2s', 10 + 1234)?.call).toMatchObject({ method: 'tools/call', params: { name: TOOLS[1234 % 3] } });
    expect(runs.revive('c2s', 10 + 1234)).toBeUndefined();
  });

  it('finds by id exactly the calls it holds, beside ids it never held in the same buckets', () => {
    const runs = new AnsweredRuns();
    const held = new Map<number, Call>();
    // Even ids on either side of zero, then a few far out: every bucket they fall in also has ids never held.
    const ids = [...Array.from({ length: 1500 }, (_, i) => 2 * i - 1500), 2 ** 40, 2 ** 40 + 7, 2 ** 53 - 1, -(2 ** 53) + 1];
    ids.forEach((id, i) => {
      const c = requestCall(2 * i + 1, i, 'c2s', id, 'ping', undefined, undefined);
      c.responseSeq = c.seq + 1;
      c.isError = false;
      expect(runs.add(c, undefined)).toBe(true);
      held.set(id, c);
    });
    const asked = [...Array.from({ length: 3200 }, (_, i) => i - 1600), 2 ** 40 + 1, 2 ** 40 + 6, 2 ** 53 - 2, -(2 ** 53) + 2, ...ids.slice(-4)];
    for (const id of asked) {
      expect(runs.revive('s2c', id)).toBeUndefined();
      const back = runs.revive('c2s', id);
      if (held.has(id)) expect(kept(back!.call)).toEqual(kept(held.get(id)!));
      else expect(back).toBeUndefined();
      // Taken back once: held no more.
      expect(runs.revive('c2s', id)).toBeUndefined();
    }
  });

  it('keeps params too long to run out of runs', () => {
    const runs = new AnsweredRuns();
    const c = call(1);
    c.params = { name: 'x'.repeat(600) };
    expect(runs.add(c, undefined)).toBe(false);
    expect(runs.size).toBe(0);
  });
});
