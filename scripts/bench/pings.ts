/**
 * Only the ping rows of `npm run bench`: an SDK client pinging server-everything directly, the
 * same pings through a bare WebSocket-to-stdio relay (the floor: relay-pings.ts) and through Loupe
 * as the page sends them, in alternating rounds, several runs, each with the load average it ran
 * under, and the CPU each relay's JavaScript thread spent per ping.
 *
 *   npx tsx scripts/bench/pings.ts [--runs N] [--pings N] [--warmup N] [--compare DIR]
 *
 * `--compare DIR` also runs the Loupe of another checkout (DIR holds its bin/loupe.mjs and
 * node_modules) in the same rounds, so a change is measured before and after under the same load.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError, parseOwnArgs, positiveInteger } from '../../proxy/cli/shared/args';
import { directPinger } from './direct-pings';
import { startLoupe, type LoupeProcess } from './loupe-process';
import { PageClient } from './page-client';
import { proxyPinger } from './proxy-pings';
import { relayPinger } from './relay-pings';
import { addedPerRound, ROUND, summarize, timeInTurns, type Pinger, type Summary } from './stats';
import { ms, renderTable, type Row } from './table';

/** What the page's path may add to a ping over a direct client (the official inspector adds ~1.4 ms). */
export const PING_TARGET_MS = 0.25;

interface Contender {
  label: string;
  root?: string;
}

export interface PingRun {
  load: { before: number; after: number };
  /** `cpuUs`: microseconds of CPU the relay's JavaScript thread spent per ping (Linux only).
   *  The rows are the direct client, the bare relay (the floor), then each Loupe. */
  rows: Array<{ label: string; samples: number[]; cpuUs?: number }>;
}

/**
 * CPU time (ms) the process's main thread, where Loupe's JavaScript runs, has used so far; from
 * /proc, so undefined elsewhere. Unlike a latency, it hardly moves with the machine's load: a
 * change to Loupe's own code shows in it under a load that hides it in the medians.
 */
function mainThreadCpuMs(pid: number): number | undefined {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

/** One run: a direct client, the bare relay and one Loupe per contender, `pings` each, in alternating rounds. */
export async function pingRun(contenders: Contender[], pings: number, warmup: number): Promise<PingRun> {
  const loupes: LoupeProcess[] = [];
  const pages: PageClient[] = [];
  const pingers: Pinger[] = [];
  try {
    pingers.push(await directPinger());
    const relay = await relayPinger();
    pingers.push(relay);
    for (const c of contenders) {
      const loupe = await startLoupe(undefined, c.root);
      loupes.push(loupe);
      const page = await PageClient.connect(loupe.url);
      pages.push(page);
      pingers.push(await proxyPinger(page));
    }
    const before = os.loadavg()[0];
    const pids = [relay.pid, ...loupes.map((l) => l.pid)];
    const cpuBefore = pids.map(mainThreadCpuMs);
    const samples = await timeInTurns(pingers, pings, warmup);
    const cpuUs = pids.map((pid, i) => {
      const [was, now] = [cpuBefore[i], mainThreadCpuMs(pid)];
      return was === undefined || now === undefined ? undefined : ((now - was) * 1000) / (pings + warmup);
    });
    return {
      load: { before, after: os.loadavg()[0] },
      rows: [
        { label: 'SDK client, direct', samples: samples[0] },
        { label: 'bare WebSocket relay (floor)', samples: samples[1], cpuUs: cpuUs[0] },
        ...contenders.map((c, i) => ({ label: c.label, samples: samples[i + 2], cpuUs: cpuUs[i + 1] })),
      ],
    };
  } finally {
    for (const p of pingers) await p.close().catch(() => undefined);
    for (const p of pages) p.close();
    for (const l of loupes) await l.stop();
  }
}

export function renderPingRun(run: PingRun, pings: number, warmup: number): string {
  const [direct, floor, ...loupes] = run.rows;
  const base = summarize(direct.samples);
  const floorMedian = summarize(floor.samples).median;
  const rows: Row[] = [{ label: direct.label, cells: [ms(base.median), ms(base.p90), ms(base.p99), '', ''] }];
  for (const l of [floor, ...loupes]) {
    const s = summarize(l.samples);
    const added = s.median - base.median;
    rows.push({
      label: l.label,
      cells: [ms(s.median), ms(s.p90), ms(s.p99), ms(addedPerRound(direct.samples, l.samples)), l.cpuUs === undefined ? '' : `${l.cpuUs.toFixed(1)} us`],
    });
    if (l === floor) {
      rows.push({ label: '  added by it', cells: [ms(added), ms(s.p90 - base.p90), ms(s.p99 - base.p99), '', ''] });
      continue;
    }
    rows.push({
      label: '  added by it',
      cells: [ms(added), ms(s.p90 - base.p90), ms(s.p99 - base.p99), '', ''],
      target: `<= ${PING_TARGET_MS} ms at the median`,
      meets: added <= PING_TARGET_MS,
    });
    rows.push({ label: '  above the floor', cells: [ms(s.median - floorMedian), '', '', ms(addedPerRound(floor.samples, l.samples)), ''] });
  }
  return renderTable(
    `Pings, ${pings} per client after ${warmup} warm-up, rounds of ${ROUND}; load average ${run.load.before.toFixed(2)} before, ${run.load.after.toFixed(2)} after`,
    ['median', 'p90', 'p99', "rounds' diff", 'its CPU/ping'],
    rows,
  );
}

/** One run's figures, from its rows: what each relay adds over the direct client. */
export interface PingFigures {
  loadAverage: { before: number; after: number };
  direct: Summary;
  floor: Summary;
  viaLoupe: Summary;
  /** Loupe's median minus the direct client's: the figure the target is for. */
  addedMs: number;
  /** The median over the rounds of the difference of the rounds' medians (stats.ts). */
  addedRoundsMs: number;
  floorAddedMs: number;
  /** Microseconds of CPU the proxy's JavaScript thread spent per ping (Linux only). */
  loupeCpuUs?: number;
}

export function pingFigures(run: PingRun): PingFigures {
  const [direct, floor, loupe] = run.rows;
  const s = { direct: summarize(direct.samples), floor: summarize(floor.samples), viaLoupe: summarize(loupe.samples) };
  return {
    loadAverage: run.load,
    ...s,
    addedMs: s.viaLoupe.median - s.direct.median,
    addedRoundsMs: addedPerRound(direct.samples, loupe.samples),
    floorAddedMs: s.floor.median - s.direct.median,
    loupeCpuUs: loupe.cpuUs,
  };
}

/** The ping rows of `npm run bench`: `runs` runs, each with a fresh Loupe; the figure is the median over the runs. */
export async function pingBench(
  o: { runs: number; pings: number; warmup: number },
  progress: (text: string) => void = () => {},
): Promise<{ runs: PingFigures[]; addedMedianMs: number }> {
  const runs: PingFigures[] = [];
  for (let i = 1; i <= o.runs; i++) {
    progress(
      `ping run ${i}/${o.runs} (load average ${os.loadavg()[0].toFixed(2)}): ${o.pings} pings each, an SDK client direct, the bare relay and Loupe, taking turns`,
    );
    runs.push(pingFigures(await pingRun([{ label: 'through Loupe' }], o.pings, o.warmup)));
  }
  return { runs, addedMedianMs: summarize(runs.map((r) => r.addedMs)).median };
}

export function renderPingBench(b: { runs: PingFigures[]; addedMedianMs: number }, o: { pings: number; warmup: number }): string {
  const perRun = renderTable(
    `Sequential pings to server-everything over stdio, ${b.runs.length} runs: ${o.pings} timed per client per run after ${o.warmup} warm-up, in alternating rounds of ${ROUND}; a direct SDK client, a bare WebSocket-to-stdio relay that records nothing (the floor), and Loupe as the page uses it (a fresh one each run)`,
    ['load', 'direct p50', 'floor added', 'Loupe p50', 'Loupe p99', 'added by Loupe', "rounds' diff", 'above the floor', 'Loupe CPU/ping'],
    b.runs.map((r, i) => ({
      label: `run ${i + 1}`,
      cells: [
        r.loadAverage.before.toFixed(2),
        ms(r.direct.median),
        ms(r.floorAddedMs),
        ms(r.viaLoupe.median),
        ms(r.viaLoupe.p99),
        ms(r.addedMs),
        ms(r.addedRoundsMs),
        ms(r.viaLoupe.median - r.floor.median),
        r.loupeCpuUs === undefined ? '' : `${r.loupeCpuUs.toFixed(1)} us`,
      ],
    })),
  );
  const over = (f: (r: PingFigures) => number) => summarize(b.runs.map(f)).median;
  const summary = renderTable(
    "Loupe's ping path, median over the runs",
    ['figure'],
    [
      {
        label: 'added by Loupe (median)',
        cells: [ms(b.addedMedianMs)],
        target: `<= ${PING_TARGET_MS} ms at the median`,
        meets: b.addedMedianMs <= PING_TARGET_MS,
      },
      { label: "added, median of the rounds' own differences", cells: [ms(over((r) => r.addedRoundsMs))] },
      { label: 'added by the floor (a relay that records nothing)', cells: [ms(over((r) => r.floorAddedMs))] },
    ],
  );
  return `${perRun}\n${summary}`;
}

const USAGE = 'usage: npx tsx scripts/bench/pings.ts [--runs N] [--pings N] [--warmup N] [--compare DIR]';

async function main(argv: string[]): Promise<number> {
  let runs: number, pings: number, warmup: number, compare: string | undefined;
  try {
    const { values, positionals } = parseOwnArgs(argv, {
      runs: { type: 'string' },
      pings: { type: 'string' },
      warmup: { type: 'string' },
      compare: { type: 'string' },
    });
    if (positionals.length) throw new UsageError(`unexpected '${positionals[0]}'`);
    runs = positiveInteger('--runs', values.runs, 3);
    pings = positiveInteger('--pings', values.pings, 3000);
    warmup = positiveInteger('--warmup', values.warmup, 200);
    compare = values.compare === undefined ? undefined : path.resolve(values.compare);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`pings: ${e.message}\n${USAGE}`);
    return 2;
  }
  const contenders: Contender[] = [{ label: 'through Loupe (this checkout)' }, ...(compare ? [{ label: `through Loupe (${compare})`, root: compare }] : [])];
  for (let i = 0; i < runs; i++) {
    console.log(renderPingRun(await pingRun(contenders, pings, warmup), pings, warmup));
    console.log();
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main(process.argv.slice(2));
