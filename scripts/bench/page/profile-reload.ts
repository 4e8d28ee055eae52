/**
 * Where a live reload's time goes in the page:
 *   npx tsx scripts/bench/page/profile-reload.ts [frames]
 * brings the stream-rate fixture's session to `frames` frames (100,000 by default), reloads the page
 * under a Chrome trace and prints, for the span from the page asking for the session to the newest
 * row drawn, how busy the page's main thread was and with what (the snapshot's message events,
 * their JSON parsing, garbage collection, rendering), so the time the page spends on the snapshot
 * can be told from the time it waits for it. Writes the trace to bench-results/reload-trace.json.
 * Set LOUPE_BENCH_PROXY_ARGS='--cpu-prof --cpu-prof-dir=DIR' to profile the proxy beside it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../paths';
import { LONG_LIVE_SESSIONS, startLoupe } from '../loupe-process';
import { findChromiumOrExit } from '../../find-chromium';
import { launchChromium, newBenchContext } from './browser';
import { busiestMainThread, MAIN_THREAD_CATEGORIES, type TraceEvent } from './main-thread';
import { measureReload } from './reload';
import { openStreamSession } from './stream-session';

const [frames = 100_000] = process.argv.slice(2).map(Number);
const chromium = findChromiumOrExit();
const loupe = await startLoupe(undefined, undefined, LONG_LIVE_SESSIONS);
const bb = await launchChromium(chromium);
try {
  const context = await newBenchContext(bb.browser);
  const session = await openStreamSession(context, loupe.url);
  const held = await session.fill(frames);
  await bb.browser.startTracing(session.page, { categories: [...MAIN_THREAD_CATEGORIES, 'v8', 'blink.user_timing'] });
  const cdp = await context.newCDPSession(session.page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const r = await measureReload(session.page, held);
  const { profile } = await cdp.send('Profiler.stop');
  const traceText = (await bb.browser.stopTracing()).toString();
  const outDir = path.join(ROOT, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'reload-trace.json'), traceText);
  const events = JSON.parse(traceText).traceEvents as TraceEvent[];
  const main = busiestMainThread(events);
  // performance.now() is relative to navigation start; the trace's navigationStart mark anchors it.
  // The reload's own navigationStart names the page's URL (later ones, without, are not its origin).
  const nav =
    events
      .filter((e) => e.name === 'navigationStart' && e.pid === main[0]?.pid && (e.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL)
      .map((e) => e.ts)
      .sort((a, b) => b - a)[0] ?? main[0].ts;
  const from = nav + (r.attachSentMs ?? 0) * 1000;
  const to = nav + r.tableFirstRenderMs * 1000;
  console.log(
    `load average ${os.loadavg()[0].toFixed(2)}; reload ${r.tableFirstRenderMs.toFixed(0)} ms: attach sent at ${r.attachSentMs?.toFixed(0)}, snapshot first ${r.snapshotFirstMs?.toFixed(0)}, last ${r.snapshotLastMs?.toFixed(0)}`,
  );
  const inWindow = main.filter((e) => e.ph === 'X' && e.ts >= from && e.ts < to);
  const tasks = inWindow.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const busyUs = tasks.reduce((a, e) => a + (e.dur ?? 0), 0);
  console.log(
    `main thread from attach to the newest row: ${((to - from) / 1000).toFixed(0)} ms, busy in tasks ${(busyUs / 1000).toFixed(0)} ms (${tasks.length} tasks)`,
  );
  const by = new Map<string, { n: number; ms: number }>();
  for (const e of inWindow) {
    if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') continue;
    const type = (e.args?.data as { type?: string } | undefined)?.type;
    const key = type ? `${e.name} (${type})` : e.name;
    const row = by.get(key) ?? { n: 0, ms: 0 };
    row.n++;
    row.ms += (e.dur ?? 0) / 1000;
    by.set(key, row);
  }
  console.log('events inside that span (nested ones count in their parents too): count, wall ms');
  for (const [k, v] of [...by].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25))
    console.log(`${v.ms.toFixed(0).padStart(7)} ms ${String(v.n).padStart(6)}  ${k}`);
  writeFileSync(path.join(outDir, 'reload.cpuprofile'), JSON.stringify(profile));
  // Self time per function in the page's JavaScript, heaviest first (build the page with
  // `npx next build --no-mangling` for readable names).
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples?.forEach((id, i) => {
    const c = nodes.get(id)!.callFrame;
    const key = `${c.functionName || '(anon)'} ${path.basename(c.url)}:${c.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  console.log('page JavaScript, self time (ms) over the whole reload:');
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${ms.toFixed(0).padStart(7)} ms  ${k}`);
  await session.close();
  await context.close();
} finally {
  await bb.close();
  await loupe.stop();
}
