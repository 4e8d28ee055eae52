/**
 * What the stdio tap costs a host, measured as a host meets it: an SDK client pinging
 * server-everything through `loupe tap`, timed in alternating rounds with a direct SDK client in
 * the same run (so machine load weighs on both alike); and a flood of notifications read by a
 * host directly, through the tap with no dashboard, and through the tap while a dashboard
 * (`loupe start` on the same config dir) follows it live. Beside the tap (its default, native
 * relay): the same tap with its reader of answers never spinning (what the spin buys), the tap
 * forced onto its Node relay, and relays that record nothing, the floors. Several
 * runs, each with the load average it ran under. `npx tsx scripts/bench/tap.ts [runs] [pings] [flood]` prints these alone.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EVERYTHING_ARGS, FLOOD_SERVER, ROOT } from './paths';
import { compiled } from '../../proxy/tap/native/relay-build';
import { addedPerRound, summarize, timeInTurns, type Pinger, type Summary } from './stats';
import type { FloodFigures } from './flood';
import { directPinger } from './direct-pings';
import { startLoupe } from './loupe-process';
import { ms, perSecond, renderTable } from './table';

const LOUPE_BIN = path.join(ROOT, 'bin/loupe.mjs');

export const TAP_TARGETS = { addedMedianMs: 0.05, floodShare: 0.9 };

function scratchDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'loupe-bench-tap-'));
}

/** The relays that record nothing, the floors any process between a host and its server pays:
 *  Node's stream pipe, the cheapest relay Node can be (blocking threads, no event loop), and a
 *  relay in C (compiled like the tap's native relay; absent where there is no compiler). */
export const RELAYS = { pipe: path.join(ROOT, 'scripts/bench/bare-relay.mjs'), blocking: path.join(ROOT, 'scripts/bench/blocking-relay.mjs') };
const C_FLOOR = path.join(ROOT, 'scripts/bench/c-relay-floor.c');
export type RelayKind = keyof typeof RELAYS | 'c';
/** The tap with its default relay (native where it can be built), that relay with its reader of
 *  answers never spinning (LOUPE_TAP_SPIN_US=0: what the spin buys, in the same run), and forced onto Node's. */
type TapKind = 'default' | 'noSpin' | 'node';
const TAP_ENV: Record<TapKind, Record<string, string>> = { default: {}, noSpin: { LOUPE_TAP_SPIN_US: '0' }, node: { LOUPE_TAP_RELAY: 'node' } };

/** How a host starts the server one way: directly, through a tap, or through a bare relay. */
interface Launch {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

async function cFloor(): Promise<string | undefined> {
  const built = await compiled(C_FLOOR, 'c-relay-floor');
  return built.ok ? built.path : undefined;
}

async function relayLaunch(relay: RelayKind, server: string[]): Promise<Launch> {
  if (relay === 'c') {
    const binary = await cFloor();
    if (!binary) throw new Error('the C floor cannot be built here (no cc)');
    return { command: binary, args: [process.execPath, ...server] };
  }
  return { command: process.execPath, args: [RELAYS[relay], process.execPath, ...server] };
}

function tapLaunch(tap: TapKind, configDir: string, server: string[]): Launch {
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && e[0] !== 'LOUPE_TAP_RELAY'));
  return { command: process.execPath, args: [LOUPE_BIN, 'tap', '--config-dir', configDir, '--', process.execPath, ...server], env: { ...env, ...TAP_ENV[tap] } };
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
  return launchPinger('loupe-bench-relay', await relayLaunch(relay, EVERYTHING_ARGS));
}

/** Which relay a tap's trace says carried it. */
function relayOf(configDir: string): string {
  try {
    const dir = path.join(configDir, 'taps');
    const header = JSON.parse(readFileSync(path.join(dir, readdirSync(dir)[0]), 'utf8').split('\n')[0]) as { tap?: { relay?: string } };
    return header.tap?.relay ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export async function tapPinger(tap: TapKind = 'default', onRelay: (relay: string) => void = () => {}): Promise<Pinger> {
  const configDir = scratchDir();
  return launchPinger('loupe-bench-tap', tapLaunch(tap, configDir, EVERYTHING_ARGS), () => {
    onRelay(relayOf(configDir));
    rmSync(configDir, { recursive: true, force: true });
  });
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
export async function floodAsHost(count: number, tapConfigDir?: string, relay?: RelayKind, tap: TapKind = 'default'): Promise<HostFlood> {
  const launch = tapConfigDir ? tapLaunch(tap, tapConfigDir, [FLOOD_SERVER]) : relay ? await relayLaunch(relay, [FLOOD_SERVER]) : { command: process.execPath, args: [FLOOD_SERVER] };
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
  send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
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
const WAYS = ['direct', 'tap', 'tapNoSpin', 'nodeTap', 'relay', 'blockingRelay', 'cRelay'] as const;
type Way = (typeof WAYS)[number];

export type TapRun = { loadAverage: number; floodShareWithDashboard: number; tapRelay: string } & Record<Exclude<Way, 'cRelay'>, PathFigures> & { cRelay?: PathFigures };

/** Medians over the runs, per way: added to a ping, flood share, start. */
interface WaySummary {
  addedMs: number;
  floodShare: number;
  startMs: number;
}

export interface TapBench {
  runs: TapRun[];
  /** The tap with its default relay, medians over the runs. */
  addedMedianMs: number;
  floodShare: number;
  floodShareWithDashboard: number;
  /** Which relay the default tap ran with (its trace header says): native unless it could not be built. */
  tapRelay: string;
  /** The tap forced onto the Node relay, and the floors that record nothing. */
  ways: Partial<Record<Exclude<Way, 'direct' | 'tap'>, WaySummary>>;
  startMs: { direct: number; tap: number };
}

const median = (xs: number[]) => summarize(xs).median;

/** Floods per way and run: each round floods every way once, in turn, so load weighs alike. */
export const FLOOD_ROUNDS = 3;

async function pingerFor(way: Way, onRelay: (relay: string) => void): Promise<Pinger> {
  if (way === 'direct') return directPinger();
  if (way === 'tap') return tapPinger('default', onRelay);
  if (way === 'tapNoSpin') return tapPinger('noSpin');
  if (way === 'nodeTap') return tapPinger('node');
  return relayPinger(way === 'relay' ? 'pipe' : way === 'blockingRelay' ? 'blocking' : 'c');
}

async function floodVia(way: Way, count: number): Promise<HostFlood> {
  if (way === 'direct') return floodAsHost(count);
  if (way === 'relay' || way === 'blockingRelay' || way === 'cRelay') return floodAsHost(count, undefined, way === 'relay' ? 'pipe' : way === 'blockingRelay' ? 'blocking' : 'c');
  const dir = scratchDir();
  try {
    return await floodAsHost(count, dir, undefined, way === 'nodeTap' ? 'node' : way === 'tapNoSpin' ? 'noSpin' : 'default');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function tapBench(o: { runs: number; pings: number; warmup: number; flood: number }, progress: (text: string) => void = () => {}): Promise<TapBench> {
  const runs: TapRun[] = [];
  // The C floor takes part where a compiler can build it.
  const ways = WAYS.filter((w) => w !== 'cRelay') as Way[];
  if (await cFloor()) ways.push('cRelay');
  for (let run = 1; run <= o.runs; run++) {
    const loadAverage = os.loadavg()[0];
    progress(`tap run ${run}/${o.runs} (load average ${loadAverage.toFixed(2)}): ${o.pings} pings each ${ways.join(', ')}, in turns`);
    let tapRelay = 'unknown';
    const pingers: Pinger[] = [];
    for (const way of ways) pingers.push(await pingerFor(way, (r) => (tapRelay = r)));
    const samples = await timeInTurns(pingers, o.pings, o.warmup);
    for (const p of pingers) await p.close();

    progress(`tap run ${run}/${o.runs}: ${FLOOD_ROUNDS} rounds of a flood of ${o.flood}, each way in turn`);
    const floods = Object.fromEntries(ways.map((w) => [w, [] as HostFlood[]])) as Record<Way, HostFlood[]>;
    for (let round = 0; round < FLOOD_ROUNDS; round++) for (const way of ways) floods[way].push(await floodVia(way, o.flood));

    progress(`tap run ${run}/${o.runs}: ${FLOOD_ROUNDS} rounds of the flood through the tap while a dashboard follows it, beside direct`);
    const followed = scratchDir();
    const dashboard = await startLoupe(followed);
    const withDashboard: number[] = [];
    for (let round = 0; round < FLOOD_ROUNDS; round++) {
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
      loadAverage, floodShareWithDashboard: median(withDashboard), tapRelay,
      direct: figures('direct'), tap: figures('tap'), tapNoSpin: figures('tapNoSpin'), nodeTap: figures('nodeTap'), relay: figures('relay'), blockingRelay: figures('blockingRelay'),
      ...(ways.includes('cRelay') ? { cRelay: figures('cRelay') } : {}),
    });
  }
  const over = (f: (r: TapRun) => number) => median(runs.map(f));
  const summary = (way: Exclude<Way, 'direct' | 'tap'>): WaySummary | undefined =>
    runs[0]?.[way] && { addedMs: over((r) => r[way]!.addedMs), floodShare: over((r) => r[way]!.floodShare), startMs: over((r) => r[way]!.startMs) };
  return {
    runs,
    addedMedianMs: over((r) => r.tap.addedMs),
    floodShare: over((r) => r.tap.floodShare),
    floodShareWithDashboard: over((r) => r.floodShareWithDashboard),
    tapRelay: [...new Set(runs.map((r) => r.tapRelay))].join(', '),
    ways: Object.fromEntries((['tapNoSpin', 'nodeTap', 'relay', 'blockingRelay', 'cRelay'] as const).flatMap((w) => (summary(w) ? [[w, summary(w)]] : []))),
    startMs: { direct: over((r) => r.direct.startMs), tap: over((r) => r.tap.startMs) },
  };
}

/** How the tables name each way beside the tap. */
const NAMES: Record<Exclude<Way, 'direct' | 'tap'>, string> = { tapNoSpin: 'tap, no spin', nodeTap: 'tap, Node relay', relay: 'floor: pipe relay', blockingRelay: 'floor: blocking relay', cRelay: 'floor: C relay' };

export function renderTapBench(b: TapBench, o: { pings: number; warmup: number; flood: number }): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const start = (x: number) => `${Math.round(x)} ms`;
  const others = (Object.keys(NAMES) as (keyof typeof NAMES)[]).filter((w) => b.ways[w]);
  const pings = renderTable(
    `The stdio tap (loupe tap, ${b.tapRelay} relay), ${b.runs.length} runs: ${o.pings} pings per client per run after ${o.warmup} warm-up, in alternating rounds of 100 (added = median over rounds of the difference to direct); beside it the tap without the spin of its reader of answers (LOUPE_TAP_SPIN_US=0), forced onto its Node relay, and the floors, relays that record nothing: Node's stream pipe, blocking threads, C`,
    ['load', 'direct p50', 'tap p50', 'tap added', ...others.map((w) => `${NAMES[w]} added`), 'direct p99', 'tap p99'],
    b.runs.map((r, i) => ({
      label: `run ${i + 1}`,
      cells: [r.loadAverage.toFixed(2), ms(r.direct.pings.median), ms(r.tap.pings.median), ms(r.tap.addedMs), ...others.map((w) => ms(r[w]!.addedMs)), ms(r.direct.pings.p99), ms(r.tap.pings.p99)],
    })),
  );
  const floods = renderTable(
    `A flood of ${o.flood} notifications, ${FLOOD_ROUNDS} rounds per run, every way in turn; shares of direct in the same round (median over rounds), start = spawn to the answer to initialize`,
    ['flood direct', 'tap', 'tap + dashboard', ...others.map((w) => NAMES[w]), 'start direct', 'start tap', 'start tap, Node relay'],
    b.runs.map((r, i) => ({
      label: `run ${i + 1}`,
      cells: [perSecond(r.direct.floodPerSecond), pct(r.tap.floodShare), pct(r.floodShareWithDashboard), ...others.map((w) => pct(r[w]!.floodShare)), start(r.direct.startMs), start(r.tap.startMs), start(r.nodeTap.startMs)],
    })),
  );
  const added = (label: string, x: number) => ({ label, cells: [ms(x)], target: `<= ${TAP_TARGETS.addedMedianMs} ms`, meets: x <= TAP_TARGETS.addedMedianMs });
  const flood = (label: string, x: number) => ({ label, cells: [pct(x)], target: `>= ${pct(TAP_TARGETS.floodShare)} of direct`, meets: x >= TAP_TARGETS.floodShare });
  const summary = renderTable(`The tap (${b.tapRelay} relay), median over the runs`, ['figure'], [
    added('added to a ping round trip (median)', b.addedMedianMs),
    flood('flood rate through the tap, no dashboard', b.floodShare),
    flood('flood rate through the tap, a dashboard following', b.floodShareWithDashboard),
    ...others.flatMap((w) => [added(`${NAMES[w]} added to a ping`, b.ways[w]!.addedMs), flood(`${NAMES[w]} flood rate`, b.ways[w]!.floodShare)]),
    { label: 'start: direct / tap / tap with the Node relay', cells: [`${start(b.startMs.direct)} / ${start(b.startMs.tap)} / ${start(b.ways.nodeTap?.startMs ?? NaN)}`] },
  ]);
  return `${pings}\n\n${floods}\n${summary}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [runs = 3, pings = 2000, flood = 50_000] = process.argv.slice(2).map(Number);
  const o = { runs, pings, warmup: 200, flood };
  const b = await tapBench(o, (t) => process.stderr.write(`bench: ${t}\n`));
  console.log(`node ${process.version}, ${os.cpus().length} CPUs, load average now ${os.loadavg()[0].toFixed(2)}\n`);
  console.log(renderTapBench(b, o));
}
