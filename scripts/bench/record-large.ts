/**
 * `loupe record` of a long flood: peak RSS, frames per second and the trace file's size, beside
 * the memory target. The flood fixture is recorded with a script that calls its `flood` tool for
 * N log notifications; the command is the built CLI in its own process (dist/ must be built:
 * `npx tsx scripts/build.ts --dist-only`), with a throw-away config folder, its RSS high-water
 * mark sampled from /proc. `npm run bench` runs it at --record-frames (default 200,000); alone:
 *   npx tsx scripts/bench/record-large.ts [notifications=1000000]
 *   npx tsx scripts/bench/record-large.ts 10000000     # the 10,000,000-frame figure (minutes)
 * Figures only: nothing here passes or fails.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FLOOD_SERVER, ROOT } from './paths';
import { sampleProcess } from './proc';
import { perSecond, renderTable } from './table';

export const RECORD_TARGETS = { peakRssMb: 300 };
const LOUPE = path.join(ROOT, 'bin/loupe.mjs');
const MB = 1024 * 1024;

export interface RecordLargeFigures {
  notifications: number;
  /** Frames in the trace file, as `loupe record` counted them. */
  frames: number;
  seconds: number;
  framesPerSecond: number;
  cpuSeconds: number;
  peakRssMb: number;
  traceBytes: number;
  load: number;
}

/** Records the flood fixture sending `notifications` log notifications through `loupe record`. */
export async function recordLarge(notifications: number): Promise<RecordLargeFigures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-record-large-'));
  try {
    const script = path.join(dir, 'script.json');
    const out = path.join(dir, 'flood.loupe.ndjson');
    writeFileSync(script, JSON.stringify([{ method: 'tools/call', params: { name: 'flood', arguments: { count: notifications } } }]));
    const load = os.loadavg()[0];
    const started = performance.now();
    // The tool answers after its last notification: the wait for it must cover the whole flood.
    const args = [LOUPE, 'record', '--out', out, '--config-dir', path.join(dir, 'config'), '--script', script, '--timeout', '3600000'];
    const child = spawn(process.execPath, [...args, '--', process.execPath, FLOOD_SERVER], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const sample = sampleProcess(child.pid!);
    const [code] = (await once(child, 'exit')) as [number | null];
    const { peakRssMb, cpuSeconds } = sample.stop();
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`loupe record exited ${code}: ${stderr}`);
    const m = /recorded (\d+) frames/.exec(stdout);
    if (!m) throw new Error(`loupe record did not say how many frames it recorded: ${stdout}`);
    const frames = Number(m[1]);
    if (frames < notifications) throw new Error(`loupe record wrote ${frames} frames for ${notifications} notifications`);
    const traceBytes = statSync(out).size;
    return { notifications, frames, seconds, framesPerSecond: frames / seconds, cpuSeconds, peakRssMb, traceBytes, load };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function renderRecordLarge(f: RecordLargeFigures): string {
  return renderTable(
    `loupe record of the flood fixture: ${f.notifications.toLocaleString('en-US')} log notifications (load average ${f.load.toFixed(1)})`,
    ['figure', 'wall', 'per CPU second'],
    [
      { label: 'frames recorded', cells: [perSecond(f.framesPerSecond), `${f.seconds.toFixed(1)} s`, perSecond(f.frames / f.cpuSeconds)] },
      {
        label: 'peak RSS of loupe record',
        cells: [`${f.peakRssMb.toFixed(0)} MB`, '', ''],
        target: `< ${RECORD_TARGETS.peakRssMb} MB`,
        meets: f.peakRssMb < RECORD_TARGETS.peakRssMb,
      },
      { label: 'trace file', cells: [`${(f.traceBytes / MB).toFixed(0)} MiB`, `${f.frames.toLocaleString('en-US')} frames`, ''] },
    ],
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const notifications = Number(process.argv[2] ?? 1_000_000);
  if (!Number.isInteger(notifications) || notifications < 1) {
    console.error('usage: npx tsx scripts/bench/record-large.ts [notifications >= 1]');
    process.exit(2);
  }
  console.log(renderRecordLarge(await recordLarge(notifications)));
}
