/**
 * Only the live reload of the page bench, several times over the same session, each with the load
 * average (the machine may be shared):
 *   npx tsx scripts/bench/page/run-reload.ts [frames] [reloads]
 * brings the stream-rate fixture's session to `frames` frames (100,000 by default), reloads the page
 * `reloads` times (5), prints each first render with where its time went, and the median; writes
 * them to bench-results/reload.json. Needs the built page (`npm run build`) and a Chromium.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../paths';
import { renderTable } from '../table';
import { newBenchContext } from './browser';
import { positionalCounts, startStandalone } from './standalone';
import { measureReload, type ReloadFigures } from './reload';
import { openStreamSession } from './stream-session';
import { PAGE_DEFAULTS } from './index';
import { reloadRows } from './report';

const [frames, reloads] = positionalCounts('npx tsx scripts/bench/page/run-reload.ts [frames] [reloads]', ['frames', 'reloads'], [PAGE_DEFAULTS.frames, 5]);
const { loupe, bb } = await startStandalone();
const runs: Array<ReloadFigures & { loadAverage: number }> = [];
try {
  const context = await newBenchContext(bb.browser);
  const session = await openStreamSession(context, loupe.url);
  process.stderr.write(`bench: reload: burst to ${frames} frames\n`);
  const held = await session.fill(frames);
  for (let i = 0; i < reloads; i++) {
    const loadAverage = os.loadavg()[0];
    const r = await measureReload(session.page, held);
    runs.push({ ...r, loadAverage });
    console.log(
      renderTable(
        `reload ${i + 1} of ${reloads}, ${held.toLocaleString('en-US')} frames, load average ${loadAverage.toFixed(2)} on ${os.cpus().length} cores`,
        ['time'],
        reloadRows(r),
      ),
    );
  }
  await session.close();
  await context.close();
} finally {
  await bb.close();
  await loupe.stop();
}
const sorted = runs.map((r) => r.tableFirstRenderMs).sort((a, b) => a - b);
console.log(
  `\nreload to the newest row drawn: median ${Math.round(sorted[Math.floor(sorted.length / 2)]).toLocaleString('en-US')} ms; each: ${runs.map((r) => `${Math.round(r.tableFirstRenderMs)} (load ${r.loadAverage.toFixed(1)})`).join(', ')}`,
);
const out = path.join(ROOT, 'bench-results', 'reload.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, frames, runs }, null, 2) + '\n');
