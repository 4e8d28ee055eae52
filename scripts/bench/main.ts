/**
 * `npm run bench`: prints Loupe's performance figures beside their targets and
 * writes them to bench-results/latest.json. Figures only: nothing here passes or fails.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UsageError, parseOwnArgs, positiveInteger } from '../../proxy/cli/shared/args';
import { LOUPE_VERSION } from '../../lib/version';
import { ROOT } from './paths';
import { PING_TARGET_MS, pingBench, renderPingBench } from './pings';
import { floodAlone, floodThroughLoupe } from './flood';
import { analyserThroughput, cpuTimeUs, TOUR, WARMUP_FRAMES } from './analyser';
import { measureThroughput } from './analyser-mix';
import { LONG_LIVE_SESSIONS, startLoupe } from './loupe-process';
import { PageClient } from './page-client';
import { perSecond, renderTable } from './table';
import { PAGE_DEFAULTS, pageBench } from './page';
import { FLOOD_ROUNDS, renderTapBench, tapBench } from './tap';
import { redactionThroughput } from './redaction';
import { traceReadingThroughput } from './trace-reading';
import { storeThroughput } from './store';
import { renderStoredWindowBench, storedWindowBench, STORED_WINDOW_TARGETS } from './stored-window';
import { benchInstalledPackage, PACKAGE_TARGETS, renderPackageBench } from './package';
import { RECORD_TARGETS, recordLarge, renderRecordLarge, tapLarge } from './record-large';

const USAGE = `usage: npm run bench -- [--pings N] [--warmup N] [--ping-runs N] [--flood N] [--tap-runs N] [--flood-rounds N] [--analyser-seconds S] [--analyser-warmup N] [--synthetic-frames N] [--redaction-mb N] [--trace-mb N] [--store-frames N] [--window-frames N] [--record-frames N] [--out FILE] [--app-clicks N] [--no-page] [--no-package]

  --pings N              timed sequential pings per client (default 3000)
  --warmup N             untimed pings first (default 200)
  --ping-runs N          runs of the page's ping beside a direct client and the bare relay, each
                         with a fresh Loupe and its load average (default 3)
  --flood N              notifications in the flood (default 50000)
  --tap-runs N           runs of the stdio tap's pings and floods, each with its load average (default 3)
  --flood-rounds N       floods through each way in a tap run, in turns (default ${FLOOD_ROUNDS})
  --analyser-seconds S   how long to run the analyser over the mix (default 3)
  --analyser-warmup N    frames each recorded session is analysed over before timing (default ${WARMUP_FRAMES})
  --synthetic-frames N   frames in the analyser's synthetic busy-session mix (default 100000)
  --redaction-mb N       size of each pathological input redacted (default 4)
  --trace-mb N           size of each trace file read, one long line and 1 KB frames (default 30)
  --store-frames N       small log notifications written to the session store and read back
                         (default 1000000)
  --window-frames N      frames of the stored session a running Loupe opens a window onto,
                         jumps through and searches (default 10000000, about 1.2 GB on disk)
  --record-frames N      log notifications of the flood fixture recorded by \`loupe record\`, and
                         through \`loupe tap\` (the built CLI, dist/): peak RSS, frames/s, file size
                         (default 200000; 10,000,000: npx tsx scripts/bench/record-large.ts 10000000)
  --out FILE             where to write the figures (default bench-results/latest.json)
  --app-clicks N         forwarded tools/calls of an MCP App timed with its bridge recorded and as
                         many without, in alternating rounds of 5 (page section; default 300)
  --no-page              skip the page section (a real chromium on the built page; its figures
                         go to bench-results/page.json)
  --no-package           skip the installed package's figures (npm pack, npm install --omit=dev
                         of it, loupe start and loupe tap from that install; needs the registry)`;

/** Redaction runs in linear time, so a floor in MB/s on inputs built against backtracking says so
 *  at any size: the quadratic pattern this replaced did 0.1 MB of backslashes in 21 s. Reading a
 *  trace is linear too, however its lines fall across chunks: a 30 MB trace of one line took
 *  `loupe check` 28.6 s when each chunk was searched from the line's start. */
const TARGETS = {
  addedMedianMs: PING_TARGET_MS,
  floodFramesPerSecond: 20_000,
  analyserFramesPerSecond: 100_000,
  redactionMbPerSecond: 1,
  traceReadMbPerSecond: 50,
  /** Five times the flood's rate through Loupe: writing to disk is never what holds a session back. */
  storeFramesPerSecond: 100_000,
  /** A session on disk is about the size of what crossed the wire (the trace format doubles it). */
  storeDiskPerWireByte: 1.2,
  /** At 10,000,000 frames: a text search over all of them, and a jump to any seq. */
  storeSearchSeconds: 3,
  storeJumpMs: 300,
  storedWindow: STORED_WINDOW_TARGETS,
  package: PACKAGE_TARGETS,
  /** `loupe record` and `loupe tap` keep every frame on disk, not in memory: a flood of any length stays under it. */
  record: RECORD_TARGETS,
};

/** A bench that hangs should say where, rather than sit silent until CI gives up. */
const WATCHDOG_MS = 15 * 60_000;
let step = 'starting';

function progress(text: string): void {
  step = text;
  process.stderr.write(`bench: ${text}\n`);
}

interface BenchOptions {
  pings: number;
  warmup: number;
  pingRuns: number;
  flood: number;
  tapRuns: number;
  floodRounds: number;
  analyserSeconds: number;
  analyserWarmup: number;
  syntheticFrames: number;
  redactionMb: number;
  traceMb: number;
  storeFrames: number;
  windowFrames: number;
  recordFrames: number;
  out: string;
  appClicks: number;
  page: boolean;
  package: boolean;
}

export async function run(argv: string[]): Promise<number> {
  let opts: BenchOptions;
  try {
    const { values, positionals } = parseOwnArgs(argv, {
      pings: { type: 'string' },
      warmup: { type: 'string' },
      'ping-runs': { type: 'string' },
      flood: { type: 'string' },
      'analyser-seconds': { type: 'string' },
      'redaction-mb': { type: 'string' },
      'trace-mb': { type: 'string' },
      'store-frames': { type: 'string' },
      'window-frames': { type: 'string' },
      'record-frames': { type: 'string' },
      'tap-runs': { type: 'string' },
      'flood-rounds': { type: 'string' },
      'analyser-warmup': { type: 'string' },
      'synthetic-frames': { type: 'string' },
      out: { type: 'string' },
      'app-clicks': { type: 'string' },
      'no-page': { type: 'boolean' },
      'no-package': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (positionals.length) throw new UsageError(`unexpected '${positionals[0]}'`);
    opts = {
      pings: positiveInteger('--pings', values.pings, 3000),
      warmup: positiveInteger('--warmup', values.warmup, 200),
      pingRuns: positiveInteger('--ping-runs', values['ping-runs'], 3),
      flood: positiveInteger('--flood', values.flood, 50_000),
      tapRuns: positiveInteger('--tap-runs', values['tap-runs'], 3),
      floodRounds: positiveInteger('--flood-rounds', values['flood-rounds'], FLOOD_ROUNDS),
      analyserSeconds: positiveInteger('--analyser-seconds', values['analyser-seconds'], 3),
      analyserWarmup: positiveInteger('--analyser-warmup', values['analyser-warmup'], WARMUP_FRAMES),
      syntheticFrames: positiveInteger('--synthetic-frames', values['synthetic-frames'], 100_000),
      redactionMb: positiveInteger('--redaction-mb', values['redaction-mb'], 4),
      traceMb: positiveInteger('--trace-mb', values['trace-mb'], 30),
      storeFrames: positiveInteger('--store-frames', values['store-frames'], 1_000_000),
      windowFrames: positiveInteger('--window-frames', values['window-frames'], 10_000_000),
      recordFrames: positiveInteger('--record-frames', values['record-frames'], 200_000),
      out: values.out ?? path.join(ROOT, 'bench-results', 'latest.json'),
      appClicks: positiveInteger('--app-clicks', values['app-clicks'], PAGE_DEFAULTS.appClicks),
      page: !values['no-page'],
      package: !values['no-package'],
    };
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`bench: ${e.message}\n\n${USAGE}`);
    return 2;
  }

  const watchdog = setTimeout(() => {
    console.error(`bench: no progress for ${WATCHDOG_MS / 60_000} minutes, stuck at: ${step}`);
    process.exit(1);
  }, WATCHDOG_MS);
  watchdog.unref();
  const pings = await pingBench({ runs: opts.pingRuns, pings: opts.pings, warmup: opts.warmup }, progress);
  progress('starting loupe start --port 0');
  const loupe = await startLoupe(undefined, undefined, LONG_LIVE_SESSIONS);
  let flood;
  try {
    const page = await PageClient.connect(loupe.url);
    progress(`flood of ${opts.flood} notifications through the proxy and the WebSocket`);
    flood = await floodThroughLoupe(page, opts.flood);
    page.close();
  } finally {
    await loupe.stop();
  }
  progress('flood server alone, for context');
  const alone = await floodAlone(opts.flood);
  const tap = await tapBench({ runs: opts.tapRuns, pings: opts.pings, warmup: opts.warmup, flood: opts.flood, floodRounds: opts.floodRounds }, progress);
  progress('recording the mix and running the analyser');
  const analyser = await analyserThroughput(1000, opts.analyserSeconds, opts.analyserWarmup);
  progress('running the analyser on its synthetic mix (lib/analyze/mix.ts)');
  const synthetic = measureThroughput(cpuTimeUs, opts.syntheticFrames, 3);
  progress(`redacting pathological inputs of ${opts.redactionMb} MB each`);
  const redaction = redactionThroughput(opts.redactionMb * 1_000_000);
  progress(`reading trace files of ${opts.traceMb} MB, one long line and 1 KB frames`);
  const traceReading = await traceReadingThroughput(opts.traceMb * 1_000_000);
  progress(`writing ${opts.storeFrames} log notifications to the session store and reading them back`);
  const stored = storeThroughput(opts.storeFrames);
  const storedWindow = await storedWindowBench(opts.windowFrames, progress);
  progress(`recording ${opts.recordFrames} log notifications with loupe record`);
  const recorded = await recordLarge(opts.recordFrames);
  progress('the same flood through loupe tap');
  const tapped = await tapLarge(opts.recordFrames);
  if (opts.package) progress('packing Loupe, installing the tarball with --omit=dev, timing loupe start and loupe tap from it');
  const installed = opts.package ? await benchInstalledPackage(ROOT) : undefined;

  const load = os.loadavg()[0];
  console.log(
    `Loupe ${LOUPE_VERSION} bench — node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'}), load average ${load.toFixed(2)}\n`,
  );
  console.log(renderPingBench(pings, opts));
  console.log();
  console.log(renderTapBench(tap, opts));
  console.log();
  console.log(
    renderTable(
      `Flood: ${opts.flood} notifications from the flood fixture`,
      ['frames', 'seconds', 'rate'],
      [
        {
          label: 'recorded and delivered to a WebSocket client',
          cells: [String(flood.frames), flood.seconds.toFixed(2), perSecond(flood.framesPerSecond)],
          target: `>= ${perSecond(TARGETS.floodFramesPerSecond)}`,
          meets: flood.framesPerSecond >= TARGETS.floodFramesPerSecond,
        },
        { label: 'the fixture alone, read by a line counter', cells: [String(alone.frames), alone.seconds.toFixed(2), perSecond(alone.framesPerSecond)] },
      ],
    ),
  );
  console.log();
  const tour = analyser.mix.find((m) => m.name === TOUR);
  console.log(
    renderTable(
      `Analyser (the SessionModel), offline, one thread. Recorded mix, each session analysed from scratch in turn: ${analyser.mix.map((m) => `${m.name} (${m.frames} frames)`).join(', ')}`,
      ['frames', 'rate (wall)', 'rate (CPU)'],
      [
        {
          label: 'recorded mix',
          cells: [String(analyser.frames), perSecond(analyser.framesPerSecond), perSecond(analyser.framesPerCpuSecond)],
          target: `>= ${perSecond(TARGETS.analyserFramesPerSecond)} (CPU)`,
          meets: analyser.framesPerCpuSecond >= TARGETS.analyserFramesPerSecond,
        },
        ...(tour
          ? [
              {
                label: `${TOUR} alone`,
                cells: [String(tour.frames), '', perSecond(tour.framesPerCpuSecond)],
                target: `>= ${perSecond(TARGETS.analyserFramesPerSecond)} (CPU)`,
                meets: tour.framesPerCpuSecond >= TARGETS.analyserFramesPerSecond,
              },
            ]
          : []),
        {
          label: 'synthetic busy-session mix, best of 3',
          cells: [String(synthetic.frames), perSecond(synthetic.framesPerWallSecond), perSecond(synthetic.framesPerCpuSecond)],
          target: `>= ${perSecond(TARGETS.analyserFramesPerSecond)} (CPU)`,
          meets: synthetic.framesPerCpuSecond >= TARGETS.analyserFramesPerSecond,
        },
      ],
    ),
  );
  console.log(`  per recorded session (CPU): ${analyser.mix.map((m) => `${m.name} ${perSecond(m.framesPerCpuSecond)}`).join(', ')}`);
  console.log("  (CPU rate: frames per second of this process's CPU time, which other processes cannot steal)");
  console.log();
  console.log(
    renderTable(
      `Redaction of one ${opts.redactionMb} MB stderr frame built against backtracking (built-in rules, a custom rule, a connection's secrets)`,
      ['MB', 'seconds', 'MB/s'],
      redaction.map((r) => ({
        label: r.name,
        cells: [(r.bytes / 1e6).toFixed(2), r.seconds.toFixed(3), r.mbPerSecond.toFixed(1)],
        target: `>= ${TARGETS.redactionMbPerSecond} MB/s`,
        meets: r.mbPerSecond >= TARGETS.redactionMbPerSecond,
      })),
    ),
  );
  console.log();
  console.log(
    renderTable(
      `Reading a trace file of ${opts.traceMb} MB (lib/trace/reader.ts), as the CLI opens it and as the page does`,
      ['MB', 'frames', 'seconds', 'MB/s'],
      traceReading.map((r) => ({
        label: r.name,
        cells: [(r.bytes / 1e6).toFixed(2), String(r.frames), r.seconds.toFixed(3), r.mbPerSecond.toFixed(1)],
        target: `>= ${TARGETS.traceReadMbPerSecond} MB/s`,
        meets: r.mbPerSecond >= TARGETS.traceReadMbPerSecond,
      })),
    ),
  );

  console.log();
  const diskPerWire = stored.folderBytes / stored.wireBytes;
  console.log(
    renderTable(
      `Session store (proxy/store): ${stored.frames.toLocaleString('en-US')} small log notifications, ${(stored.wireBytes / 1e6).toFixed(1)} MB on the wire`,
      ['frames', 'seconds', 'rate', 'MB'],
      [
        {
          label: 'written (batched appends, then close)',
          cells: [String(stored.frames), stored.writeSeconds.toFixed(2), perSecond(stored.framesPerSecond), (stored.folderBytes / 1e6).toFixed(1)],
          target: `>= ${perSecond(TARGETS.storeFramesPerSecond)}`,
          meets: stored.framesPerSecond >= TARGETS.storeFramesPerSecond,
        },
        {
          label: 'read back, every frame',
          cells: [String(stored.frames), stored.readSeconds.toFixed(2), perSecond(stored.readFramesPerSecond), ''],
        },
        {
          label: 'bytes on disk per byte on the wire',
          cells: ['', '', diskPerWire.toFixed(3), ''],
          target: `<= ${TARGETS.storeDiskPerWireByte}`,
          meets: diskPerWire <= TARGETS.storeDiskPerWireByte,
        },
        { label: 'the same frames as trace-format lines, per wire byte', cells: ['', '', (stored.traceBytes / stored.wireBytes).toFixed(3), ''] },
        {
          label: 'a text search over every frame (one frame holds it)',
          cells: [String(stored.frames), stored.searchSeconds.toFixed(2), perSecond(stored.frames / stored.searchSeconds), ''],
          target: `<= ${TARGETS.storeSearchSeconds} s at 10M frames`,
          meets: stored.searchSeconds * (10_000_000 / stored.frames) <= TARGETS.storeSearchSeconds,
        },
        {
          label: "a common text's first 1,000 frames",
          cells: ['1000', stored.searchFirstPageSeconds.toFixed(3), '', ''],
        },
        {
          label: 'a jump to a random seq (median of 21, ms)',
          cells: ['1', (stored.jumpMedianMs / 1000).toFixed(4), '', ''],
          target: `<= ${TARGETS.storeJumpMs} ms`,
          meets: stored.jumpMedianMs <= TARGETS.storeJumpMs,
        },
      ],
    ),
  );

  console.log();
  console.log(renderStoredWindowBench(storedWindow));
  console.log(renderRecordLarge(recorded));
  console.log(renderRecordLarge(tapped));

  if (installed) {
    console.log();
    console.log(renderPackageBench(installed));
  }

  const figures = {
    loupeVersion: LOUPE_VERSION,
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: load,
    options: opts,
    targets: TARGETS,
    pings,
    tap,
    flood: { viaLoupe: flood, alone },
    analyser,
    analyserSynthetic: synthetic,
    redaction,
    traceReading,
    store: { ...stored, diskPerWireByte: diskPerWire },
    storedWindow,
    record: recorded,
    tapFlood: tapped,
    package: installed,
  };
  mkdirSync(path.dirname(opts.out), { recursive: true });
  writeFileSync(opts.out, JSON.stringify(figures, null, 2) + '\n');
  clearTimeout(watchdog);
  console.log(`\nfigures written to ${path.relative(process.cwd(), opts.out) || opts.out}`);
  if (opts.page) await pageBench({ appClicks: opts.appClicks, storedFrames: opts.windowFrames });
  return 0;
}
