import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addedPerRound, percentile, summarize } from './stats';
import { ROOT, runNode, tempDir } from '../../proxy/cli/shared/run-cli';

/** `npm run bench -- <args>`, as a real subprocess through tsx, as npm runs it. */
const runBench = (args: string[], timeoutMs?: number) => runNode(['--import', 'tsx', path.join(ROOT, 'scripts/bench.ts'), ...args], { timeoutMs });

describe('bench statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(summarize([3, 1, 2])).toMatchObject({ n: 3, median: 2, p90: 3, p99: 3, mean: 2 });
  });

  it('takes what one client adds over another round by round', () => {
    // Rounds of 2; the machine got busier in the second round and both sides slowed down.
    expect(addedPerRound([1, 1, 9, 9, 1, 1], [1.5, 1.5, 9.5, 9.5, 1.5, 1.5], 2)).toBeCloseTo(0.5);
    expect(addedPerRound([1, 1, 1, 1, 1, 1], [2, 2, 3, 3, 9, 9], 2)).toBe(2);
  });
});

describe('npm run bench', () => {
  // Small figures (one flood per way, a short warm-up, a small synthetic mix: the counts are not
  // what is tested here), but real processes: a server-everything for each client, the proxy, the
  // recorded mix. On a loaded machine that takes minutes, hence the generous time limit.
  it('prints the figures beside their targets and writes them to a file', async () => {
    const out = path.join(tempDir(), 'latest.json');
    const r = await runBench(
      [
        '--pings',
        '30',
        '--warmup',
        '5',
        '--ping-runs',
        '2',
        '--flood',
        '2000',
        '--tap-runs',
        '1',
        '--flood-rounds',
        '1',
        '--analyser-seconds',
        '1',
        '--analyser-warmup',
        '2000',
        '--synthetic-frames',
        '5000',
        '--redaction-mb',
        '1',
        '--trace-mb',
        '1',
        '--store-frames',
        '20000',
        '--window-frames',
        '20000',
        '--record-frames',
        '2000',
        '--out',
        out,
        '--no-page',
        '--no-package',
      ],
      400_000,
    );
    // On failure the progress lines on stderr say which step it was on.
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/Error/);
    // The page's ping: each run beside a direct client and the bare relay, then the median over the runs.
    expect(r.stdout).toMatch(/ {2}run 2 +\d+\.\d{2}( +-?\d+\.\d{3} ms){7} +\d+\.\d us/);
    expect(r.stdout).toMatch(/added by Loupe \(median\) +-?\d+\.\d{3} ms +<= 0\.25 ms at the median/);
    expect(r.stdout).toMatch(/added, median of the rounds' own differences +-?\d+\.\d{3} ms/);
    expect(r.stdout).toMatch(/delivered to a WebSocket client +2002 .* >= 20,000\/s/);
    expect(r.stdout).toMatch(/ {2}recorded mix +\d+ .* >= 100,000\/s \(CPU\)/);
    const figures = JSON.parse(readFileSync(out, 'utf8'));
    expect(figures.pings.runs).toHaveLength(2);
    expect(figures.pings.runs[1]).toMatchObject({ direct: { n: 30 }, floor: { n: 30 }, viaLoupe: { n: 30 } });
    // Nearest rank: the median of two runs is the lower one.
    expect(figures.pings.addedMedianMs).toBe(Math.min(figures.pings.runs[0].addedMs, figures.pings.runs[1].addedMs));
    // The tap's own rows: pings beside a direct client and the bare relays (the floor), floods with and without a dashboard.
    expect(r.stdout).toMatch(/added to a ping round trip \(median\) +-?\d+\.\d{3} ms +<= 0\.15 ms/);
    expect(r.stdout).toMatch(/flood rate through the tap, no dashboard +\d+\.\d% +>= 90% of direct/);
    expect(r.stdout).toMatch(/flood rate through the tap, a dashboard following +\d+\.\d%/);
    expect(figures.tap.runs).toHaveLength(1);
    expect(r.stdout).toMatch(/floor: pipe relay flood rate +\d+\.\d%/);
    expect(figures.tap.runs[0]).toMatchObject({
      direct: { pings: { n: 30 } },
      tap: { pings: { n: 30 } },
      relay: { pings: { n: 30 } },
      blockingRelay: { pings: { n: 30 } },
    });
    expect(r.stdout).toMatch(/floor: blocking relay added to a ping +-?\d+\.\d{3} ms/);
    expect(figures.flood.viaLoupe.frames).toBe(2002);
    expect(figures.analyser.framesPerSecond).toBeGreaterThan(0);
    expect(figures.analyserSynthetic.frames).toBe(5000);
    expect(figures.options).toMatchObject({ floodRounds: 1, analyserWarmup: 2000 });
    expect(r.stdout).toMatch(/ {2}backslashes +1\.00 +\d+\.\d{3} +\d+\.\d .* >= 1 MB\/s/);
    expect(figures.redaction.map((x: { name: string }) => x.name)).toContain('eyJ- repeated');
    // Both reading paths, both shapes: the one-line trace is one frame.
    expect(r.stdout).toMatch(/ {2}one line, the CLI's file reader +1\.00 +1 +\d+\.\d{3} +\d+\.\d .* >= 50 MB\/s/);
    expect(r.stdout).toMatch(/ {2}1 KB frames, the page's stream reader +\d+\.\d{2} +\d+ /);
    // The store: its write rate and its size beside the wire's, each with its target.
    expect(r.stdout).toMatch(/ {2}written \(batched appends, then close\) +20000 .* >= 100,000\/s/);
    expect(r.stdout).toMatch(/ {2}bytes on disk per byte on the wire +\d\.\d{3} +<= 1\.2 \(met\)/);
    expect(figures.store.frames).toBe(20000);
    // The window onto a stored session, through a running Loupe: open, jumps and search beside their targets.
    expect(r.stdout).toMatch(/ {2}open: the newest 200 rows +200 +\d+\.\d +(\d+ +)?\d+\.\d +<= 1000 ms/);
    expect(r.stdout).toMatch(/ {2}jump, p90 +200 +\d+\.\d +<= 300 ms/);
    expect(figures.storedWindow).toMatchObject({ frames: 20000, open: { frames: 200 }, method: { frames: 200 } });
    // \`loupe record\` of a flood: its peak RSS beside the memory target, and every frame in its file.
    expect(r.stdout).toMatch(/ {2}peak RSS of loupe record +\d+ MB +< 300 MB/);
    expect(figures.record).toMatchObject({ notifications: 2000, frames: expect.any(Number) });
    expect(figures.record.frames).toBeGreaterThan(2000);
    expect(r.stdout).toMatch(/ {2}peak RSS of loupe tap +\d+ MB +< 300 MB/);
    expect(figures.tapFlood.frames).toBeGreaterThan(2000);
  }, 420_000);

  it('refuses a bad option with exit 2', async () => {
    const r = await runBench(['--pings', 'many']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--pings takes a positive whole number');
  });
});
