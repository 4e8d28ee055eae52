/**
 * Only the page bench's first stream, several times, each into a fresh session with the traffic
 * table shown, each with the load average (the machine may be shared):
 *   npx tsx scripts/bench/page/run-fresh.ts [rounds] [rate] [seconds]
 * connects the stream-rate fixture from the page `rounds` times (5 by default), streams `rate`
 * frames/s (2,000) for `seconds` (10) into each new session, and prints the row the page bench
 * prints, what the heaviest frame spent its CPU on and when in the stream it came, then the
 * medians. Needs the built page (`npm run build`) and a Chromium.
 */
import os from 'node:os';
import { newBenchContext } from './browser';
import { positionalCounts, startStandalone } from './standalone';
import { openStreamSession } from './stream-session';
import { streamWhileRecording, type StreamFigures } from './stream';
import { PAGE_DEFAULTS } from './index';

const [rounds, rate, seconds] = positionalCounts(
  'npx tsx scripts/bench/page/run-fresh.ts [rounds] [rate] [seconds]',
  ['rounds', 'rate', 'seconds'],
  [5, PAGE_DEFAULTS.rate, PAGE_DEFAULTS.seconds],
);
const { loupe, bb } = await startStandalone();
const runs: StreamFigures[] = [];
const ms = (x: number | undefined) => (x === undefined ? 'n/a' : `${x.toFixed(1)} ms`);
try {
  for (let i = 0; i < rounds; i++) {
    const context = await newBenchContext(bb.browser);
    const session = await openStreamSession(context, loupe.url);
    const loadAverage = os.loadavg()[0];
    const s = await streamWhileRecording(bb.browser, session.page, session.client, session.sessionId, rate, seconds);
    runs.push(s);
    console.log(
      `round ${i + 1} of ${rounds} (load average ${loadAverage.toFixed(2)} on ${os.cpus().length} cores): longest rAF gap ${ms(s.longestRafGapMs)}, longest LoAF ${ms(s.longestLoafMs)}, gaps > 50 ms ${s.rafGapsOver50}/${s.frames}, median gap ${ms(s.p50RafGapMs)}, frame CPU median ${ms(s.main?.medianFrameCpuMs)} p99 ${ms(s.main?.p99FrameCpuMs)} longest ${ms(s.main?.longestFrameCpuMs)}, delivered ${Math.round(s.deliveredPerSecond)}/s`,
    );
    console.log(`  longest frame, ${Math.round(s.main?.longestFrameAtMs ?? 0)} ms into the recording: ${s.main?.longestFrameParts ?? 'n/a'} (ms of CPU)`);
    await session.close();
    await context.close();
  }
} finally {
  await bb.close();
  await loupe.stop();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(
  `\nmedians of ${runs.length}: longest frame CPU ${ms(median(runs.map((r) => r.main?.longestFrameCpuMs ?? 0)))}, frame CPU median ${ms(median(runs.map((r) => r.main?.medianFrameCpuMs ?? 0)))}, p99 ${ms(median(runs.map((r) => r.main?.p99FrameCpuMs ?? 0)))}, longest LoAF ${ms(median(runs.map((r) => r.longestLoafMs ?? 0)))}, longest rAF gap ${ms(median(runs.map((r) => r.longestRafGapMs)))}`,
);
