import { describe, expect, it } from 'vitest';
import { SequenceModel } from './sequence-model';
import { latencyStats, percentile, requestsOf, slowestRequests, timingCounts, REQUEST_TIMEOUT_CODE } from './latency';
import { niceTicks, waterfallBar } from './waterfall';
import { FrameScript } from './frames.fixture';

function session() {
  const s = new FrameScript().handshake(); // initialize answered in 100 µs
  for (let i = 1; i <= 100; i++) {
    s.request('c2s', i, 'tools/call');
    s.wait(i * 1000 - 100).result('s2c', i); // latency i ms
  }
  s.request('c2s', 'e', 'tools/list');
  s.wait(400).error('s2c', 'e', REQUEST_TIMEOUT_CODE, 'timed out');
  s.request('c2s', 'x', 'resources/read'); // never answered
  s.request('c2s', 'c', 'prompts/get');
  s.notify('c2s', 'notifications/cancelled', { requestId: 'c' });
  const m = new SequenceModel();
  m.push(s.frames);
  return { m, end: s.frames.at(-1)!.ts };
}

describe('latency statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([50, 95, 99, 100].map((p) => percentile(xs, p))).toEqual([50, 95, 99, 100]);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('gives count and p50/p95/p99/max per method from wire timestamps', () => {
    const stats = latencyStats(requestsOf(session().m.session));
    const call = stats.find((s) => s.method === 'tools/call')!;
    expect(call).toMatchObject({ count: 100, answered: 100, errors: 0, inFlight: 0, p50: 50_000, p95: 95_000, p99: 99_000, max: 100_000 });
    expect(stats.find((s) => s.method === 'tools/list')).toMatchObject({ count: 1, errors: 1, max: 500 });
    expect(stats.find((s) => s.method === 'resources/read')).toMatchObject({ count: 1, answered: 0, inFlight: 1 });
    expect(stats[0].method).toBe('tools/call');
  });

  it('lists the slowest answered requests first', () => {
    expect(slowestRequests(requestsOf(session().m.session), 3).map((r) => r.latencyUs)).toEqual([100_000, 99_000, 98_000]);
  });

  it('counts in-flight, hung, timed-out and cancelled requests', () => {
    const { m, end } = session();
    const reqs = requestsOf(m.session);
    expect(timingCounts(reqs, end, 10_000_000)).toEqual({ requests: 104, answered: 102, inFlight: 1, hung: 0, timeouts: 1, cancelled: 1 });
    expect(timingCounts(reqs, end + 20_000_000, 10_000_000)).toMatchObject({ hung: 1, timeouts: 2 });
  });
});

describe('waterfall', () => {
  it('places bars on the time axis and grows in-flight ones to now', () => {
    const reqs = requestsOf(session().m.session);
    const scale = { t0: 0, t1: 10_000_000, width: 1000 };
    const answered = waterfallBar(reqs[1], scale, 10_000_000, 30_000_000);
    expect(answered.state).toBe('answered');
    expect(answered.width).toBe(2); // minimum width
    const open = reqs.find((r) => r.method === 'resources/read')!;
    const live = waterfallBar(open, scale, open.startTs + 5_000_000, 30_000_000);
    expect(live).toMatchObject({ state: 'in-flight', durationUs: 5_000_000 });
    expect(live.width).toBeCloseTo(500, 6);
    expect(waterfallBar(open, scale, open.startTs + 40_000_000, 30_000_000).state).toBe('hung');
    expect(
      waterfallBar(
        reqs.find((r) => r.method === 'prompts/get')!,
        scale,
        0,
        1,
      ).state,
    ).toBe('cancelled');
    expect(
      waterfallBar(
        reqs.find((r) => r.method === 'tools/list')!,
        scale,
        0,
        1,
      ).state,
    ).toBe('error');
  });

  it('picks round ticks', () => {
    expect(niceTicks(0, 10_000, 5)).toEqual([0, 2000, 4000, 6000, 8000, 10_000]);
    expect(niceTicks(1_250, 1_900, 6)).toEqual([1400, 1600, 1800]);
    expect(niceTicks(5, 5)).toEqual([5]);
  });
});
