/**
 * What the stdio tap costs a host, measured as a host meets it: an SDK client pinging
 * server-everything through `loupe tap`, timed in alternating rounds with a direct SDK client in
 * the same run (so machine load weighs on both alike); and a flood of notifications read by a
 * host directly, through the tap with no dashboard, and through the tap while a dashboard
 * (`loupe start` on the same config dir) follows it live. Beside the tap: relays that record
 * nothing, the floors. Several runs, each with the load average it ran under. `npx tsx scripts/bench/tap.ts [runs] [pings] [flood]` prints these alone.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EVERYTHING_ARGS, FLOOD_SERVER, ROOT } from './paths';
import { addedPerRound, summarize, timeInTurns, type Pinger, type Summary } from './stats';
import type { FloodFigures } from './flood';
import { directPinger } from './direct-pings';
import { startLoupe } from './loupe-process';
import { ms, perSecond, renderTable } from './table';

const LOUPE_BIN = path.join(ROOT, 'bin/loupe.mjs');

function scratchDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'loupe-bench-tap-'));
}

/** The relays that record nothing, the floors any process between a host and its server pays:
 *  Node's stream pipe, and the cheapest relay Node can be (blocking threads, no event loop). */
export const RELAYS = { pipe: path.join(ROOT, 'scripts/bench/bare-relay.mjs'), blocking: path.join(ROOT, 'scripts/bench/blocking-relay.mjs') };
export type RelayKind = keyof typeof RELAYS;

/** How a host starts the server one way: directly, through a tap, or through a bare relay. */
interface Launch {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

function relayLaunch(relay: RelayKind, server: string[]): Launch {
  return { command: process.execPath, args: [RELAYS[relay], process.execPath, ...server] };
}

function tapLaunch(configDir: string, server: string[]): Launch {
  return { command: process.execPath, args: [LOUPE_BIN, 'tap', '--config-dir', configDir, '--', process.execPath, ...server] };
}

async function launchPinger(name: string, launch: Launch, close: () => void = () => {}): Promise<Pinger> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: launch.command, args: launch.args, env: launch.env ?? getDefaultEnvironment(), stderr: 'ignore' }));
  return {
    ping: () => client.ping(),
    close: async () => {
      await client.close();
      close();
    },
  };
}

/** The same client through a relay that records nothing. */
export async function relayPinger(relay: RelayKind = 'pipe'): Promise<Pinger> {
  return launchPinger('loupe-bench-relay', relayLaunch(relay, EVERYTHING_ARGS));
}

export async function tapPinger(): Promise<Pinger> {
  const configDir = scratchDir();
  return launchPinger('loupe-bench-tap', tapLaunch(configDir, EVERYTHING_ARGS), () => rmSync(configDir, { recursive: true, force: true }));
}

export interface HostFlood extends FloodFigures {
  /** From spawning the server (or the tap) to the answer to initialize: what starting costs a host. */
  startupMs: number;
}

/**
 * The flood fixture read by a line counter, directly or through a tap recording into `configDir`.
 * The rate is timed from the tool call, sent once initialize was answered (as a host does), so
 * it measures the stream and not the tap's start, which is reported on its own.
 */
export async function floodAsHost(count: number, tapConfigDir?: string, relay?: RelayKind): Promise<HostFlood> {
  const launch = tapConfigDir
    ? tapLaunch(tapConfigDir, [FLOOD_SERVER])
    : relay
      ? relayLaunch(relay, [FLOOD_SERVER])
      : { command: process.execPath, args: [FLOOD_SERVER] };
  const spawnedAt = performance.now();
  const child = spawn(launch.command, launch.args, { stdio: ['pipe', 'pipe', 'ignore'], env: (launch.env ?? process.env) as NodeJS.ProcessEnv });
  const lines = createInterface({ input: child.stdout });
  let seen = 0;
  let initialized!: () => void;
  const ready = new Promise<void>((r) => (initialized = r));
  const done = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the flood did not finish within 2 minutes (${seen} notifications read)`)), 120_000);
    child.once('exit', (code) => reject(new Error(`the flood exited with code ${code} after ${seen} notifications`)));
    lines.on('line', (line) => {
      if (line.includes('"id":1')) initialized();
      else if (line.includes('"id":2')) {
        clearTimeout(timer);
        resolve(performance.now());
      } else if (line.includes('notifications/message')) seen++;
    });
  });
  done.catch(() => {});
  const send = (m: unknown) => child.stdin.write(JSON.stringify(m) + '\n');
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  });
  await Promise.race([ready, done]);
  const startupMs = performance.now() - spawnedAt;
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const t0 = performance.now();
  send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'flood', arguments: { count } } });
  const end = await done;
  child.removeAllListeners('exit');
  child.stdin.end();
  await new Promise((r) => child.once('close', r));
  const seconds = (end - t0) / 1000;
  return { frames: seen, seconds, framesPerSecond: seen / seconds, startupMs };
}

/** What one way between host and server measured, in one run. */
export interface PathFigures {
  pings: Summary;
  /** Over direct, the median over rounds of the difference of the rounds' medians (stats.ts). */
  addedMs: number;
  /** Notifications per second reaching the host, the median over the flood rounds. */
  floodPerSecond: number;
  /** Of the direct rate in the same round, the median over the rounds. */
  floodShare: number;
  /** Spawn to the answer to initialize, ms, the median over the flood rounds. */
  startMs: number;
}

/** Every way between a host and its server that the bench times, in the order it takes turns. */
const WAYS = ['direct', 'tap', 'relay', 'blockingRelay'] as const;
type Way = (typeof WAYS)[number];

export type TapRun = { loadAverage: number; floodShareWithDashboard: number } & Record<Way, PathFigures>;

/** Medians over the runs, per way: added to a ping, flood share, start. */
interface WaySummary {
  addedMs: number;
  floodShare: number;
  startMs: number;
}

export interface TapBench {
  runs: TapRun[];
  /** The tap, medians over the runs. */
  addedMedianMs: number;
  floodShare: number;
  floodShareWithDashboard: number;
  /** The floors that record nothing. */
  ways: Record<Exclude<Way, 'direct' | 'tap'>, WaySummary>;
  startMs: { direct: number; tap: number };
}

const median = (xs: number[]) => summarize(xs).median;

/** Floods per way and run, by default: each round floods every way once, in turn, so load weighs alike. */
export const FLOOD_ROUNDS = 3;

async function pingerFor(way: Way): Promise<Pinger> {
  if (way === 'direct') return directPinger();
  if (way === 'tap') return tapPinger();
  return relayPinger(way === 'relay' ? 'pipe' : 'blocking');
}

async function floodVia(way: Way, count: number): Promise<HostFlood> {
  if (way === 'direct') return floodAsHost(count);
  if (way === 'relay' || way === 'blockingRelay') return floodAsHost(count, undefined, way === 'relay' ? 'pipe' : 'blocking');
  const dir = scratchDir();
  try {
    return await floodAsHost(count, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function tapBench(
  o: { runs: number; pings: number; warmup: number; flood: number; floodRounds: number },
  progress: (text: string) => void = () => {},
): Promise<TapBench> {
  const runs: TapRun[] = [];
  const ways: readonly Way[] = WAYS;
  for (let run = 1; run <= o.runs; run++) {
    const loadAverage = os.loadavg()[0];
    progress(`tap run ${run}/${o.runs} (load average ${loadAverage.toFixed(2)}): ${o.pings} pings each ${ways.join(', ')}, in turns`);
    const pingers: Pinger[] = [];
    for (const way of ways) pingers.push(await pingerFor(way));
    const samples = await timeInTurns(pingers, o.pings, o.warmup);
    for (const p of pingers) await p.close();

    progress(`tap run ${run}/${o.runs}: ${o.floodRounds} rounds of a flood of ${o.flood}, each way in turn`);
    const floods = Object.fromEntries(ways.map((w) => [w, [] as HostFlood[]])) as Record<Way, HostFlood[]>;
    for (let round = 0; round < o.floodRounds; round++) for (const way of ways) floods[way].push(await floodVia(way, o.flood));

    progress(`tap run ${run}/${o.runs}: ${o.floodRounds} rounds of the flood through the tap while a dashboard follows it, beside direct`);
    const followed = scratchDir();
    const dashboard = await startLoupe(followed);
    const withDashboard: number[] = [];
    for (let round = 0; round < o.floodRounds; round++) {
      const direct = await floodAsHost(o.flood);
      const tapped = await floodAsHost(o.flood, followed);
      withDashboard.push(tapped.framesPerSecond / direct.framesPerSecond);
    }
    await dashboard.stop();
    rmSync(followed, { recursive: true, force: true });

    const figures = (way: Way): PathFigures => {
      const i = ways.indexOf(way);
      return {
        pings: summarize(samples[i]),
        addedMs: i === 0 ? 0 : addedPerRound(samples[0], samples[i]),
        floodPerSecond: median(floods[way].map((f) => f.framesPerSecond)),
        floodShare: median(floods[way].map((f, r) => f.framesPerSecond / floods.direct[r].framesPerSecond)),
        startMs: median(floods[way].map((f) => f.startupMs)),
      };
    };
    runs.push({
      loadAverage,
      floodShareWithDashboard: median(withDashboard),
      direct: figures('direct'),
      tap: figures('tap'),
      relay: figures('relay'),
      blockingRelay: figures('blockingRelay'),
    });
  }
  const over = (f: (r: TapRun) => number) => median(runs.map(f));
  const summary = (way: Exclude<Way, 'direct' | 'tap'>): WaySummary => ({
    addedMs: over((r) => r[way].addedMs),
    floodShare: over((r) => r[way].floodShare),
    startMs: over((r) => r[way].startMs),
  });
  return {
    runs,
    addedMedianMs: over((r) => r.tap.addedMs),
    floodShare: over((r) => r.tap.floodShare),
    floodShareWithDashboard: over((r) => r.floodShareWithDashboard),
    ways: { relay: summary('relay'), blockingRelay: summary('blockingRelay') },
    startMs: { direct: over((r) => r.direct.startMs), tap: over((r) => r.tap.startMs) },
  };
}

/** What the tap may cost a host: added to a ping's round trip, and its share of a direct flood. */
export const TAP_TARGETS = { addedMs: 0.15, floodShare: 0.9 };

/** How the tables name each way beside the tap. */
const NAMES: Record<Exclude<Way, 'direct' | 'tap'>, string> = { relay: 'floor: pipe relay', blockingRelay: 'floor: blocking relay' };

export function renderTapBench(b: TapBench, o: { pings: number; warmup: number; flood: number; floodRounds: number }): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const start = (x: number) => `${Math.round(x)} ms`;
  const others = Object.keys(NAMES) as (keyof typeof NAMES)[];
  const pings = renderTable(
    `The stdio tap (loupe tap), ${b.runs.length} runs: ${o.pings} pings per client per run after ${o.warmup} warm-up, in alternating rounds of 100 (added = median over rounds of the difference to direct); beside it the floors, relays that record nothing: Node's stream pipe, blocking threads`,
    ['load', 'direct p50', 'tap p50', 'tap added', ...others.map((w) => `${NAMES[w]} added`), 'direct p99', 'tap p99'],
    b.runs.map((r, i) => ({
      label: `run ${i + 1}`,
      cells: [
        r.loadAverage.toFixed(2),
        ms(r.direct.pings.median),
        ms(r.tap.pings.median),
        ms(r.tap.addedMs),
        ...others.map((w) => ms(r[w].addedMs)),
        ms(r.direct.pings.p99),
        ms(r.tap.pings.p99),
      ],
    })),
  );
  const floods = renderTable(
    `A flood of ${o.flood} notifications, ${o.floodRounds} rounds per run, every way in turn; shares of direct in the same round (median over rounds), start = spawn to the answer to initialize`,
    ['flood direct', 'tap', 'tap + dashboard', ...others.map((w) => NAMES[w]), 'start direct', 'start tap'],
    b.runs.map((r, i) => ({
      label: `run ${i + 1}`,
      cells: [
        perSecond(r.direct.floodPerSecond),
        pct(r.tap.floodShare),
        pct(r.floodShareWithDashboard),
        ...others.map((w) => pct(r[w].floodShare)),
        start(r.direct.startMs),
        start(r.tap.startMs),
      ],
    })),
  );
  const added = (label: string, x: number) => ({ label, cells: [ms(x)] });
  const flood = (label: string, x: number) => ({ label, cells: [pct(x)] });
  const summary = renderTable(
    'The tap, median over the runs',
    ['figure'],
    [
      {
        ...added('added to a ping round trip (median)', b.addedMedianMs),
        target: `<= ${TAP_TARGETS.addedMs} ms`,
        meets: b.addedMedianMs <= TAP_TARGETS.addedMs,
      },
      {
        ...flood('flood rate through the tap, no dashboard', b.floodShare),
        target: `>= ${TAP_TARGETS.floodShare * 100}% of direct`,
        meets: b.floodShare >= TAP_TARGETS.floodShare,
      },
      flood('flood rate through the tap, a dashboard following', b.floodShareWithDashboard),
      ...others.flatMap((w) => [added(`${NAMES[w]} added to a ping`, b.ways[w].addedMs), flood(`${NAMES[w]} flood rate`, b.ways[w].floodShare)]),
      { label: 'start: direct / tap', cells: [`${start(b.startMs.direct)} / ${start(b.startMs.tap)}`] },
    ],
  );
  return `${pings}\n\n${floods}\n${summary}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [runs = 3, pings = 2000, flood = 50_000] = process.argv.slice(2).map(Number);
  const o = { runs, pings, warmup: 200, flood, floodRounds: FLOOD_ROUNDS };
  const b = await tapBench(o, (t) => process.stderr.write(`bench: ${t}\n`));
  console.log(`node ${process.version}, ${os.cpus().length} CPUs, load average now ${os.loadavg()[0].toFixed(2)}\n`);
  console.log(renderTapBench(b, o));
}
