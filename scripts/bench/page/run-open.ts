/**
 * Only the page bench's open figure, with each open's figures and the load average (the machine
 * may be shared):
 *   npx tsx scripts/bench/page/run-open.ts [opens] [profile-dir]
 * opens the page in a fresh context once to warm up, then `opens` times (5 by default), and prints
 * the renderer CPU and main-thread JavaScript of each open and their medians. With `profile-dir`,
 * writes each measured open's CPU profile there (sampled every 100 µs). Needs the built page
 * (`npm run build`) and a Chromium.
 */
import os from 'node:os';
import { measureOpen, renderOpen } from './open';
import { positionalCounts, startStandalone } from './standalone';

const [dir] = process.argv.slice(3);
const [opens] = positionalCounts('npx tsx scripts/bench/page/run-open.ts [opens] [profile-dir]', ['opens'], [5], process.argv.slice(2, 3));
const { loupe, bb } = await startStandalone();
const ms = (x: number | undefined) => (x === undefined ? 'n/a' : `${Math.round(x)} ms`);
try {
  const loadBefore = os.loadavg()[0];
  const f = await measureOpen(bb, loupe.url, opens, dir);
  f.runs.forEach((r, i) => console.log(`open ${i + 1} of ${opens}: renderer CPU ${ms(r.rendererCpuMs)}, main-thread JavaScript ${ms(r.mainThreadJsMs)}`));
  console.log(renderOpen(f));
  console.log(
    `medians of ${opens}: renderer CPU ${ms(f.rendererCpuMs)}, main-thread JavaScript ${ms(f.mainThreadJsMs)} (load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after, ${os.cpus().length} cores)`,
  );
} finally {
  await bb.close();
  await loupe.stop();
}
