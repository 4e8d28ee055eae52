import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '../../lib/mcp/frame';
import { modelOfTrace } from '../../lib/model/trace-model';
import { readTraceText } from '../../lib/trace';
import { latencyStats, requestsOf } from '../../lib/view/latency';
import { histogramPercentile } from '../../lib/view/latency-histogram';
import { PACKAGE_ROOT } from '../package-root';
import { SessionStore } from './store';
import { testHeader } from './testing';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Frames written through the store's writer in segments of about `segmentBytes`, then read back as another process would. */
function stored(frames: Frame[], segmentBytes: number, close = true) {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-timing-'));
  dirs.push(dir);
  const w = new SessionStore(dir, undefined, undefined, segmentBytes).create({ source: 'launched', header: testHeader('timed'), startedAt: Date.now() });
  // Flushed frame by frame: a segment ends at the flush that takes it past its size.
  for (const f of frames) {
    w.append(f);
    w.flush();
  }
  if (close) w.close();
  else w.flush();
  return new SessionStore(dir).open(w.id);
}

const GOLDEN = ['everything-stdio.v2.loupe.ndjson', 'everything-http.v1.loupe.ndjson', 'apps-basic.v3.loupe.ndjson'];

describe("the store's timing column", () => {
  it.each(GOLDEN)("%s: each method's requests, answers, errors and latencies are the Timing pane's", (file) => {
    const trace = readTraceText(readFileSync(path.join(PACKAGE_ROOT, 'e2e/golden', file), 'utf8'));
    const exact = latencyStats(requestsOf(modelOfTrace(trace)));
    // Segments of 1 KiB: most requests are answered in a later segment than the one they were sent in.
    const session = stored(trace.frames, 1024);
    expect(session.segments.length).toBeGreaterThan(3);
    const timing = session.timing();
    expect(timing.map((t) => `${t.dir} ${t.method}`).sort()).toEqual(exact.map((s) => `${s.dir} ${s.method}`).sort());
    for (const s of exact) {
      const t = timing.find((x) => x.dir === s.dir && x.method === s.method)!;
      expect([t.requests, t.latency.n, t.latency.errors], `${s.dir} ${s.method}`).toEqual([s.count, s.answered, s.errors]);
      if (s.answered === 0) continue;
      expect(t.latency.maxUs).toBe(s.max);
      for (const [p, want] of [
        [50, s.p50],
        [95, s.p95],
        [99, s.p99],
      ] as const) {
        const got = histogramPercentile(t.latency, p)!;
        expect(Math.abs(got - want), `${s.method} p${p}: ${got} vs ${want}`).toBeLessThanOrEqual(want * 0.04 + 1);
      }
    }
  });

  it("times a batch member by member, an error answer as an error, and pairs only in the direction it was asked, on the session's own channel", () => {
    const f = (seq: number, ts: number, dir: Frame['dir'], msg: unknown, channel?: string): Frame => {
      const raw = JSON.stringify(msg);
      return { seq, ts, dir, lane: 'message', raw, size: raw.length, ...(channel ? { channel } : {}) };
    };
    const frames = [
      f(1, 0, 'c2s', [
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ]),
      // The same id from the server's side, and on an app's channel: other requests altogether.
      f(2, 100, 's2c', { jsonrpc: '2.0', id: 1, method: 'roots/list' }),
      f(3, 150, 'c2s', { jsonrpc: '2.0', id: 1, method: 'ui/initialize' }, 'app:1'),
      f(4, 1000, 's2c', [
        { jsonrpc: '2.0', id: 1, result: { tools: [] } },
        { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'no' } },
      ]),
      f(5, 3100, 'c2s', { jsonrpc: '2.0', id: 1, result: { roots: [] } }),
      f(6, 3200, 's2c', { jsonrpc: '2.0', id: 1, result: {} }, 'app:1'),
      // An answer nobody asked for is not timed.
      f(7, 4000, 's2c', { jsonrpc: '2.0', id: 9, result: {} }),
    ];
    const timing = stored(frames, 1 << 20).timing();
    const by = (dir: string, method: string) => timing.find((t) => t.dir === dir && t.method === method);
    expect(by('c2s', 'tools/list')).toMatchObject({ requests: 2, latency: { n: 2, errors: 1, minUs: 1000, maxUs: 1000, sumUs: 2000 } });
    expect(by('s2c', 'roots/list')).toMatchObject({ requests: 1, latency: { n: 1, errors: 0, maxUs: 3000 } });
    // An app's bridge is not the server's latency: its channel is left out, as in the Timing pane.
    expect(by('c2s', 'ui/initialize')).toBeUndefined();
  });

  it('reads the timing of a segment still being written from its lines', () => {
    const frames: Frame[] = [];
    for (let i = 0; i < 50; i++) {
      const ask = JSON.stringify({ jsonrpc: '2.0', id: i, method: 'ping' });
      const answer = JSON.stringify({ jsonrpc: '2.0', id: i, result: {} });
      frames.push({ seq: 2 * i + 1, ts: i * 1000, dir: 'c2s', lane: 'message', raw: ask, size: ask.length });
      frames.push({ seq: 2 * i + 2, ts: i * 1000 + 10 * (i + 1), dir: 's2c', lane: 'message', raw: answer, size: answer.length });
    }
    const [ping] = stored(frames, 1 << 20, false).timing();
    expect(ping).toMatchObject({ dir: 'c2s', method: 'ping', requests: 50, latency: { n: 50, minUs: 10, maxUs: 500 } });
    expect(histogramPercentile(ping.latency, 50)).toBeCloseTo(250, -1);
  });
});
