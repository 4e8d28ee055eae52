/**
 * `loupe record` of a long flood: peak RSS, frames per second and the trace file's size, beside
 * the memory target. The flood fixture is recorded with a script that calls its `flood` tool for
 * N log notifications; the command is the built CLI in its own process (dist/ must be built:
 * `npx tsx scripts/build.ts --dist-only`), with a throw-away config folder, its RSS high-water
 * mark sampled from /proc. The same flood through `loupe tap`, read by a host that counts lines,
 * measures the tap's process (its recorder is a thread of it) until it has written every frame
 * and exited. `npm run bench` runs both at --record-frames (default 200,000); alone:
 *   npx tsx scripts/bench/record-large.ts [notifications=1000000] [record|tap|both=both]
 *   npx tsx scripts/bench/record-large.ts 10000000     # the 10,000,000-frame figures (minutes)
 *   npx tsx scripts/bench/record-large.ts 300000 record --otlp   # streaming spans to a local receiver too
 * Figures only: nothing here passes or fails.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FLOOD_SERVER, ROOT } from './paths';
import { sampleProcess } from './proc';
import { SessionStore } from '../../proxy/store/store';
import { sessionsDir } from '../../proxy/store/layout';
import { perSecond, renderTable } from './table';
import { OtlpReceiver } from '../../proxy/telemetry/testing/otlp-receiver';

export const RECORD_TARGETS = { peakRssMb: 300, diskToWire: 1.2 };
const LOUPE = path.join(ROOT, 'bin/loupe.mjs');
const MB = 1024 * 1024;

export interface RecordLargeFigures {
  /** `loupe record`, or `loupe tap` with a host in front of it. */
  command: 'record' | 'tap';
  /** Spans and metrics were streamed to a local OTLP receiver (`--otlp`), and how many spans it got. */
  otlpSpans?: number;
  notifications: number;
  /** Frames in the trace file (the stored session's, for the tap), as Loupe counted them. */
  frames: number;
  seconds: number;
  framesPerSecond: number;
  cpuSeconds: number;
  peakRssMb: number;
  traceBytes: number;
  /** What the recording keeps on disk (the stored session and, for the tap, its tap file), and
   *  the bytes that crossed the wire (every frame's size but lifecycle notes): at most 1.2 times. */
  disk: { bytes: number; wireBytes: number };
  /** The tap's: bytes it passed on but did not record (its recorder fell behind and its spool
   *  could not be written; the gap is written down as a note). */
  skippedBytes?: number;
  /** The tap's: seconds from the host having every byte (the tool's answer, then the end of the
   *  tap's stdout) to the tap's exit, once its recorder has caught up and counted the findings. */
  hostDoneSeconds?: number;
  stdoutEndedSeconds?: number;
  /** The tap's: the largest its recorder's spool (`….backlog`) was seen, sampled every 200 ms. */
  peakSpoolBytes?: number;
  load: number;
}

function folderBytes(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) n += e.isDirectory() ? folderBytes(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).size;
  return n;
}

/** The disk a recording took in its config folder (its stored session; a tap's tap file too), beside the wire bytes of its frames. */
function diskOf(configDir: string): RecordLargeFigures['disk'] {
  const store = new SessionStore(sessionsDir(configDir));
  let wireBytes = 0;
  for (const id of store.ids()) for (const f of store.open(id).frames()) if (f.lane !== 'lifecycle') wireBytes += f.size;
  return { bytes: folderBytes(configDir), wireBytes };
}

function withRate(f: Omit<RecordLargeFigures, 'framesPerSecond'>): RecordLargeFigures {
  return { ...f, framesPerSecond: f.frames / f.seconds };
}

/** Records the flood fixture sending `notifications` log notifications through `loupe record`;
 *  with `otlp`, its spans and metrics stream to a receiver in this process (`--otlp`) as well. */
export async function recordLarge(notifications: number, otlp = false): Promise<RecordLargeFigures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-record-large-'));
  const receiver = otlp ? await OtlpReceiver.start() : undefined;
  try {
    const script = path.join(dir, 'script.json');
    const out = path.join(dir, 'flood.loupe.ndjson');
    writeFileSync(script, JSON.stringify([{ method: 'tools/call', params: { name: 'flood', arguments: { count: notifications } } }]));
    const load = os.loadavg()[0];
    const started = performance.now();
    // The tool answers after its last notification: the wait for it must cover the whole flood.
    const args = [LOUPE, 'record', '--out', out, '--config-dir', path.join(dir, 'config'), '--script', script, '--timeout', '3600000'];
    if (receiver) args.push('--otlp', receiver.url);
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
    const otlpSpans = receiver ? { otlpSpans: receiver.spans.length } : {};
    const disk = diskOf(path.join(dir, 'config'));
    return withRate({ command: 'record', notifications, frames, seconds, cpuSeconds, peakRssMb, traceBytes, disk, load, ...otlpSpans });
  } finally {
    await receiver?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The flood through `loupe tap`, as a host meets it: initialize, the tool call, every line read
 * until its answer, then stdin closed; timed until the tap's process exits, which it does once its
 * recorder has written the last frame to its stored session.
 */
export async function tapLarge(notifications: number): Promise<RecordLargeFigures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-tap-large-'));
  try {
    const configDir = path.join(dir, 'config');
    const load = os.loadavg()[0];
    const started = performance.now();
    const child = spawn(process.execPath, [LOUPE, 'tap', '--config-dir', configDir, '--', process.execPath, FLOOD_SERVER], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const sample = sampleProcess(child.pid!);
    const taps = path.join(configDir, 'taps');
    let peakSpoolBytes = 0;
    const spool = setInterval(() => {
      try {
        for (const name of readdirSync(taps).filter((n) => n.endsWith('.backlog'))) {
          peakSpoolBytes = Math.max(peakSpoolBytes, statSync(path.join(taps, name)).size);
        }
      } catch {
        /* the folder is not made yet, or the spool was removed meanwhile */
      }
    }, 200);
    const exited = once(child, 'exit') as Promise<[number | null]>;
    const send = (m: unknown) => child.stdin.write(JSON.stringify(m) + '\n');
    const lines = createInterface({ input: child.stdout });
    let hostDone = 0;
    let stdoutEnded = 0;
    lines.on('line', (line) => {
      if (line.startsWith('{"jsonrpc":"2.0","id":1,')) {
        send({ jsonrpc: '2.0', method: 'notifications/initialized' });
        send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'flood', arguments: { count: notifications } } });
      } else if (line.startsWith('{"jsonrpc":"2.0","id":2,')) {
        hostDone = performance.now();
        child.stdin.end();
      }
    });
    child.stdout.once('end', () => (stdoutEnded = performance.now()));
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    });
    const [code] = await exited;
    clearInterval(spool);
    const { peakRssMb, cpuSeconds } = sample.stop();
    const exitedAt = performance.now();
    const seconds = (exitedAt - started) / 1000;
    if (code !== 0) throw new Error(`loupe tap exited ${code}: ${stderr}`);
    const store = new SessionStore(sessionsDir(configDir));
    const [id] = store.ids();
    if (!id) throw new Error(`the tap stored no session: ${stderr}`);
    const stored = store.open(id);
    let skippedBytes = 0;
    for (const f of stored.frames({ dir: 'local' })) skippedBytes += Number(/^(\d+) bytes of .* not recorded/.exec(f.raw)?.[1] ?? 0);
    const frames = stored.meta.end?.frames ?? 0;
    const traceBytes = readdirSync(taps).reduce((n, name) => n + statSync(path.join(taps, name)).size, 0);
    const after = { peakSpoolBytes, hostDoneSeconds: (exitedAt - hostDone) / 1000, stdoutEndedSeconds: (exitedAt - stdoutEnded) / 1000 };
    const disk = diskOf(configDir);
    return withRate({ command: 'tap', notifications, frames, seconds, cpuSeconds, peakRssMb, traceBytes, disk, skippedBytes, load, ...after });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function renderRecordLarge(f: RecordLargeFigures): string {
  const what = f.command === 'record' ? (f.otlpSpans === undefined ? 'loupe record' : 'loupe record --otlp') : 'loupe tap';
  return renderTable(
    `${what} of the flood fixture: ${f.notifications.toLocaleString('en-US')} log notifications (load average ${f.load.toFixed(1)})`,
    ['figure', 'wall', 'per CPU second'],
    [
      { label: 'frames recorded', cells: [perSecond(f.framesPerSecond), `${f.seconds.toFixed(1)} s`, perSecond(f.frames / f.cpuSeconds)] },
      {
        label: `peak RSS of ${what}`,
        cells: [`${f.peakRssMb.toFixed(0)} MB`, '', ''],
        target: `< ${RECORD_TARGETS.peakRssMb} MB`,
        meets: f.peakRssMb < RECORD_TARGETS.peakRssMb,
      },
      ...(f.skippedBytes === undefined ? [] : [{ label: 'passed on, not recorded (no spool)', cells: [`${(f.skippedBytes / MB).toFixed(1)} MiB`, '', ''] }]),
      ...(f.peakSpoolBytes === undefined
        ? []
        : [{ label: "the recorder's spool at its largest", cells: [`${(f.peakSpoolBytes / MB).toFixed(0)} MiB`, '', ''] }]),
      ...(f.hostDoneSeconds === undefined
        ? []
        : [
            {
              label: 'exit after the host had everything',
              cells: [`${f.hostDoneSeconds.toFixed(1)} s`, `stdout ended ${f.stdoutEndedSeconds!.toFixed(1)} s before exit`, ''],
            },
          ]),
      ...(f.otlpSpans === undefined ? [] : [{ label: 'spans the OTLP receiver got', cells: [f.otlpSpans.toLocaleString('en-US'), '', ''] }]),
      {
        label: f.command === 'record' ? 'trace file (--out)' : 'tap file',
        cells: [`${(f.traceBytes / MB).toFixed(f.traceBytes < MB ? 3 : 0)} MiB`, `${f.frames.toLocaleString('en-US')} frames`, ''],
      },
      {
        label: f.command === 'record' ? 'disk kept (the stored session)' : 'disk kept (stored session and tap file)',
        cells: [
          `${(f.disk.bytes / MB).toFixed(0)} MiB`,
          `${(f.disk.bytes / f.disk.wireBytes).toFixed(2)}× the ${(f.disk.wireBytes / MB).toFixed(0)} MiB on the wire`,
          '',
        ],
        target: `≤ ${RECORD_TARGETS.diskToWire}× the wire`,
        meets: f.disk.bytes <= RECORD_TARGETS.diskToWire * f.disk.wireBytes,
      },
    ],
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const notifications = Number(process.argv[2] ?? 1_000_000);
  const which = process.argv[3] ?? 'both';
  const otlp = process.argv[4] === '--otlp';
  if (!Number.isInteger(notifications) || notifications < 1 || !['record', 'tap', 'both'].includes(which) || (process.argv[4] !== undefined && !otlp)) {
    console.error('usage: npx tsx scripts/bench/record-large.ts [notifications >= 1] [record|tap|both] [--otlp]');
    process.exit(2);
  }
  if (which !== 'tap') console.log(renderRecordLarge(await recordLarge(notifications, otlp)));
  if (which !== 'record') console.log(renderRecordLarge(await tapLarge(notifications)));
}
