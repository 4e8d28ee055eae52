/**
 * The proxy's memory while a server floods, with and without a session budget:
 *   npx tsx scripts/bench/memory-flood.ts [--stdout|--tiny] [--store] [MiB=400] [budget=default ...]
 * Each run is its own Node process holding one real Session on a flood fixture until its server
 * exits (a budget of `none` is the behaviour before budgets existed, `default` the one `loupe
 * start` uses). What floods:
 * - stderr (the default): 1 KiB log lines, several to a frame when they come together in one read;
 * - `--stdout`: 1 KiB notifications, a frame each: the most text and the most frames at once, so
 *   the session reaches both of its budget's limits (the worst case for its memory);
 * - `--tiny`: `{}\n` and `x\n` lines on stdout, a frame each: millions of frames of next to no text.
 * `--store` writes the session to disk as `loupe start` does. Prints peak RSS, heap and the
 * recorder's own accounting, then RSS and heap after a full GC. Figures only: nothing here passes or fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseByteSize } from '../../proxy/shared/sizes';
import { DEFAULT_SESSION_BUDGET_BYTES } from '../../proxy/sessions/budget';
import { sessionFor } from '../../proxy/sessions/sources';
import { fixtureServer } from '../../proxy/sessions/test-support';
import { SessionStore } from '../../proxy/store/store';

const MiB = 1024 * 1024;
const mb = (n: number) => `${(n / MiB).toFixed(0)} MiB`;
type Flood = 'stderr' | 'stdout' | 'tiny';

function server(flood: Flood, mib: number) {
  if (flood === 'tiny') {
    const conn = fixtureServer('stdio-tiny-lines.mjs');
    return { ...conn, args: [...conn.args, 'stdout', String(mib)] };
  }
  const conn = fixtureServer('stdio-flood-output.mjs');
  // `crash`: the server exits once its flood is written, so the run knows when it is over.
  const [stderr, stdout] = flood === 'stderr' ? [mib, 0] : [0, mib];
  return { ...conn, args: [...conn.args, String(stderr), String(stdout), '0', 'crash'] };
}

async function one(flood: Flood, mib: number, budget: string, stored: boolean): Promise<void> {
  const budgetBytes = budget === 'none' ? Number.MAX_SAFE_INTEGER : budget === 'default' ? DEFAULT_SESSION_BUDGET_BYTES : parseByteSize(budget);
  if (typeof budgetBytes === 'string') throw new Error(budgetBytes);
  const dir = stored ? mkdtempSync(path.join(os.tmpdir(), 'loupe-memory-flood-')) : undefined;
  const store = dir ? new SessionStore(dir) : undefined;
  const s = sessionFor('bench', server(flood, mib), { protocolVersion: '2025-11-25', clientCapabilities: {} }, { budgetBytes, ...(store ? { store } : {}) });
  const started = Date.now();
  await s.start();
  let peakRss = 0;
  let peakHeap = 0;
  while (!s.recording.ended) {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    await new Promise((r) => setTimeout(r, 100));
  }
  const u = s.textBudget();
  (globalThis as { gc?: () => void }).gc?.();
  const settled = process.memoryUsage();
  const onDisk = store ? `, ${store.list()[0]?.frames ?? 0} frames on disk` : '';
  console.log(
    `${flood} ${mib} MiB, budget ${budget} (${mb(u.limitBytes)}, ${u.maxFrames} frames)${stored ? ', stored' : ''}: peak RSS ${mb(peakRss)}, peak heap ${mb(peakHeap)}, ` +
      `after GC RSS ${mb(settled.rss)} heap ${mb(settled.heapUsed)}, frames ${s.frames().length} kept${onDisk}, text kept ${mb(u.keptBytes)}, ` +
      `text dropped from ${u.droppedFrames} frames (${mb(u.droppedBytes)}), ${u.notKeptFrames} frames not kept, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await s.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}

const args = process.argv.slice(2);
if (args[0] === '--one') {
  await one(args[1] as Flood, Number(args[2]), args[3], args[4] === 'stored');
} else {
  const flag = (name: string) => args.includes(name);
  const flood: Flood = flag('--stdout') ? 'stdout' : flag('--tiny') ? 'tiny' : 'stderr';
  const [mib = '400', ...rest] = args.filter((a) => !a.startsWith('--'));
  const budgets = rest.length ? rest : ['none', 'default', '64MiB'];
  const self = fileURLToPath(import.meta.url);
  for (const b of budgets) {
    // A fresh process per figure, so one run's garbage does not count in the next.
    const argv = ['--expose-gc', '--import', 'tsx', self, '--one', flood, mib, b, flag('--store') ? 'stored' : 'memory'];
    spawnSync(process.execPath, argv, { stdio: 'inherit' });
  }
}
