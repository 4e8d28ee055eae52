/**
 * The proxy's memory while a server floods stderr, with and without a session budget:
 *   npx tsx scripts/bench/memory-flood.ts [stderrMiB=400] [budget=256MiB ...]
 * Each run is its own Node process holding one real Session on the flood fixture (a budget of
 * `none` is the behaviour before budgets existed). Prints peak RSS, heap and the recorder's own
 * accounting, then RSS and heap after a full GC, once every line has been recorded. Figures only: nothing here passes or fails.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseByteSize } from '../../proxy/shared/sizes';
import { sessionFor } from '../../proxy/sessions/sources';
import { fixtureServer } from '../../proxy/sessions/test-support';

const MiB = 1024 * 1024;
const mb = (n: number) => `${(n / MiB).toFixed(0)} MiB`;

async function one(stderrMiB: number, budget: string): Promise<void> {
  const budgetBytes = budget === 'none' ? Number.MAX_SAFE_INTEGER : parseByteSize(budget);
  if (typeof budgetBytes === 'string') throw new Error(budgetBytes);
  const conn = fixtureServer('stdio-flood-output.mjs');
  conn.args = [...conn.args, String(stderrMiB), '0', '0'];
  const s = sessionFor('bench', conn, { protocolVersion: '2025-11-25', clientCapabilities: {} }, { budgetBytes });
  const started = Date.now();
  await s.start();
  const lines = stderrMiB * 1024 + 1; // 1 KiB lines, then `flood done`
  let peakRss = 0;
  let peakHeap = 0;
  for (;;) {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    if (s.frames().filter((f) => f.lane === 'stderr').length >= lines) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const u = s.textBudget();
  (globalThis as { gc?: () => void }).gc?.();
  const settled = process.memoryUsage();
  console.log(
    `stderr ${stderrMiB} MiB, budget ${budget}: peak RSS ${mb(peakRss)}, peak heap ${mb(peakHeap)}, after GC RSS ${mb(settled.rss)} heap ${mb(settled.heapUsed)}, frames ${s.frames().length}, ` +
      `text kept ${mb(u.keptBytes)}, text dropped from ${u.droppedFrames} frames (${mb(u.droppedBytes)}), ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await s.close();
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === '--one') {
  await one(Number(rest[0]), rest[1]);
} else {
  const stderrMiB = Number(mode ?? 400);
  const budgets = rest.length ? rest : ['none', '256MiB', '64MiB'];
  const self = fileURLToPath(import.meta.url);
  for (const b of budgets) {
    // A fresh process per figure, so one run's garbage does not count in the next.
    spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, '--one', String(stderrMiB), b], { stdio: 'inherit' });
  }
}
