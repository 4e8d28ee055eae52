/**
 * Where the page's time goes while frames stream in:
 *   npx tsx scripts/bench/page/profile.ts [rate] [seconds] [pane] [burst]
 * connects the stream-rate fixture from the page, optionally bursts `burst` frames into it, shows
 * `pane` (Traffic by default) and streams `rate` frames/s for `seconds`. Prints the main thread's
 * CPU per frame, style/layout/paint totals, the long animation frames with the scripts Chromium
 * blames, and self time per function; writes a V8 CPU profile and a Chrome trace to bench-results/
 * (both open in DevTools' Performance panel). For readable function names, build the page with
 * `npx next build --no-mangling` first.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PageClient } from '../page-client';
import { ROOT } from '../paths';
import { LONG_LIVE_SESSIONS, startLoupe } from '../loupe-process';
import { launchChromium, newBenchContext } from './browser';
import { findChromiumOrExit } from '../../find-chromium';
import { busiestMainThread, framesOf, MAIN_THREAD_CATEGORIES, type TraceEvent } from './main-thread';
import { STREAM_SERVER } from './stream-session';

interface LoafScript {
  invoker?: string;
  sourceFunctionName?: string;
  sourceURL?: string;
  duration: number;
  forcedStyleAndLayoutDuration?: number;
}
interface Loaf {
  duration: number;
  blockingDuration: number;
  renderStart: number;
  startTime: number;
  styleAndLayoutStart: number;
  scripts: LoafScript[];
}

/**
 * The CPU per frame and, for the four heaviest frames, their tasks over 2 ms and what ran inside.
 * The first frame of the recording also holds the profiler's own start-up message.
 */
function frameCpu(events: TraceEvent[]): void {
  const mine = busiestMainThread(events);
  const frames = framesOf(mine);
  const sorted = frames.map((f) => f.cpuMs).sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  console.log(
    `main-thread CPU per frame: ${sorted.length} frames, median ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, longest ${(sorted.at(-1) ?? 0).toFixed(1)} ms, over 33 ms: ${sorted.filter((x) => x > 33).length}, over 50 ms: ${sorted.filter((x) => x > 50).length}`,
  );
  console.log(
    `  the ten longest: ${sorted
      .slice(-10)
      .reverse()
      .map((x) => x.toFixed(1))
      .join(', ')}`,
  );
  const ms = (e: TraceEvent) => ((e.tdur ?? e.dur ?? 0) / 1000).toFixed(1);
  for (const f of [...frames].sort((x, y) => y.cpuMs - x.cpuMs).slice(0, 4)) {
    console.log(`  frame of ${f.cpuMs.toFixed(1)} ms:`);
    for (const t of f.tasks.filter((e) => (e.tdur ?? 0) > 2000)) {
      const inside = mine.filter((e) => e !== t && e.ph === 'X' && e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0) && (e.tdur ?? e.dur ?? 0) > 2000);
      console.log(`    task ${ms(t)} ms: ${inside.map((e) => `${e.name} ${ms(e)}`).join(', ')}`);
    }
  }
}

/** Style and layout work per kind: how often, how long, over how many elements. */
function summariseRendering(events: TraceEvent[]): void {
  const by = new Map<string, { n: number; ms: number; max: number; cpu: number; maxCpu: number; elements: number }>();
  for (const e of events) {
    if (
      e.ph !== 'X' ||
      ![
        'Layout',
        'UpdateLayoutTree',
        'Paint',
        'PrePaint',
        'Layerize',
        'Commit',
        'HitTest',
        'FunctionCall',
        'EvaluateScript',
        'TimerFire',
        'FireAnimationFrame',
        'EventDispatch',
      ].includes(e.name)
    )
      continue;
    const row = by.get(e.name) ?? { n: 0, ms: 0, max: 0, cpu: 0, maxCpu: 0, elements: 0 };
    row.cpu += (e.tdur ?? 0) / 1000;
    row.maxCpu = Math.max(row.maxCpu, (e.tdur ?? 0) / 1000);
    row.n++;
    row.ms += (e.dur ?? 0) / 1000;
    row.max = Math.max(row.max, (e.dur ?? 0) / 1000);
    row.elements += Number(
      (e.args as { elementCount?: number; beginData?: { dirtyObjects?: number } } | undefined)?.elementCount ??
        (e.args as { beginData?: { dirtyObjects?: number } } | undefined)?.beginData?.dirtyObjects ??
        0,
    );
    by.set(e.name, row);
  }
  console.log('main-thread work: count, wall ms (total, longest), CPU ms (total, longest), elements or dirty objects on average');
  for (const [name, r] of [...by].sort((a, b) => b[1].ms - a[1].ms)) {
    console.log(
      `  ${name.padEnd(18)} ${String(r.n).padStart(6)} ${r.ms.toFixed(0).padStart(7)} ${r.max.toFixed(1).padStart(7)} ${r.cpu.toFixed(0).padStart(7)} ${r.maxCpu.toFixed(1).padStart(7)} ${(r.elements / r.n).toFixed(0).padStart(7)}`,
    );
  }
}

const [rate = 2000, seconds = 6] = process.argv.slice(2, 4).map(Number);
const pane = process.argv[4] ?? 'Traffic';
const burst = Number(process.argv[5] ?? 0);
const outDir = path.join(ROOT, 'bench-results');
const chromium = findChromiumOrExit();
const loupe = await startLoupe(undefined, undefined, LONG_LIVE_SESSIONS);
const bb = await launchChromium(chromium);
try {
  const client = await PageClient.connect(loupe.url);
  const context = await newBenchContext(bb.browser);
  await client.call({
    type: 'connections/save',
    connection: { id: 'profile', name: 'stream-rate fixture', transport: 'stdio', command: process.execPath, args: [STREAM_SERVER], env: {} },
  });
  const page = await context.newPage();
  await page.goto(loupe.url);
  await page.getByRole('button', { name: 'Connect stream-rate fixture', exact: true }).click();
  const sessionId = await page
    .waitForFunction(() => (JSON.parse(sessionStorage.getItem('loupe.tabs') ?? '{}') as { activeTab?: string }).activeTab)
    .then((h) => h.jsonValue() as Promise<string>);
  await client.ready(sessionId);
  if (burst > 0) {
    const r = await client.call(
      { type: 'session/request', sessionId, method: 'tools/call', params: { name: 'burst', arguments: { count: burst } }, timeoutMs: 600_000 },
      600_000,
    );
    if (r.type !== 'request/result' || r.error) throw new Error(`burst failed: ${JSON.stringify(r)}`);
    await page.waitForFunction((n) => Number(document.querySelector('[role="grid"][aria-label="Traffic"]')?.getAttribute('aria-rowcount')) - 1 >= n, burst, {
      timeout: 180_000,
      polling: 250,
    });
    await page.waitForTimeout(2000);
  }
  if (pane !== 'Traffic') await page.getByRole('tab', { name: pane }).click();
  await page.evaluate(() => {
    const w = window as unknown as { __loafs: unknown[] };
    w.__loafs = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.__loafs.push(e.toJSON());
    }).observe({ type: 'long-animation-frame' });
  });
  await bb.browser.startTracing(page, { categories: MAIN_THREAD_CATEGORIES });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const reply = await client.call(
    { type: 'session/request', sessionId, method: 'tools/call', params: { name: 'stream', arguments: { rate, seconds } }, timeoutMs: 600_000 },
    600_000,
  );
  if (reply.type !== 'request/result' || reply.error) throw new Error(`stream failed: ${JSON.stringify(reply)}`);
  await page.waitForTimeout(1000);
  const { profile } = await cdp.send('Profiler.stop');
  const traceText = (await bb.browser.stopTracing()).toString();
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'stream-trace.json'), traceText);
  const traceEvents = JSON.parse(traceText).traceEvents as TraceEvent[];
  summariseRendering(traceEvents);
  frameCpu(traceEvents);
  const loafs = (await page.evaluate(() => (window as unknown as { __loafs: unknown[] }).__loafs)) as Loaf[];
  writeFileSync(path.join(outDir, 'stream.cpuprofile'), JSON.stringify(profile));
  const long = loafs.filter((l) => l.duration > 50).sort((a, b) => b.duration - a.duration);
  console.log(`long animation frames: ${loafs.length}, over 50 ms: ${long.length}`);
  for (const l of long.slice(0, 8)) {
    const render = l.startTime + l.duration - l.renderStart;
    console.log(`${l.duration.toFixed(0)} ms (blocking ${l.blockingDuration.toFixed(0)}, render+layout ${l.renderStart ? render.toFixed(0) : '-'} ms)`);
    for (const s of l.scripts)
      console.log(`   ${s.duration.toFixed(0)} ms ${s.invoker ?? ''} ${s.sourceFunctionName ?? ''} layout ${s.forcedStyleAndLayoutDuration?.toFixed(0) ?? 0}`);
  }
  // Self time per function, heaviest first.
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const dt = profile.timeDeltas ?? [];
  profile.samples?.forEach((id, i) => {
    const n = nodes.get(id)!;
    const key = `${n.callFrame.functionName || '(anon)'} ${path.basename(n.callFrame.url)}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`\nself time, ${(total / 1000).toFixed(1)} s sampled:`);
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${ms.toFixed(0).padStart(7)} ms  ${k}`);
  client.close();
  await context.close();
} finally {
  await bb.close();
  await loupe.stop();
}
