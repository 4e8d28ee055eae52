/**
 * What the stdio tap costs a host, measured as a host meets it: an SDK client pinging
 * server-everything through `loupe tap`, timed in alternating rounds with a direct SDK client in
 * the same run (so machine load weighs on both alike); and a flood of notifications read by a
 * host directly, through the tap with no dashboard, and through the tap while a dashboard
 * (`loupe start` on the same config dir) follows it live. Several runs, each with the load
 * average it ran under. `npx tsx scripts/bench/tap.ts [runs] [pings] [flood]` prints these alone.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EVERYTHING_ARGS, FLOOD_SERVER, ROOT } from './paths';
import { summarize, timeInTurns, type Pinger, type Summary } from './stats';
import type { FloodFigures } from './flood';
import { directPinger } from './direct-pings';
import { startLoupe } from './loupe-process';
import { ms, perSecond, renderTable } from './table';

const LOUPE_BIN = path.join(ROOT, 'bin/loupe.mjs');

export const TAP_TARGETS = { addedMedianMs: 0.05, floodShare: 0.9 };

function tapArgv(configDir: string, server: string[]): string[] {
  return [LOUPE_BIN, 'tap', '--config-dir', configDir, '--', process.execPath, ...server];
}

function scratchDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'loupe-bench-tap-'));
}

/** The same client through a relay that records nothing: the floor any process between pays. */
export async function relayPinger(): Promise<Pinger> {
  const client = new Client({ name: 'loupe-bench-relay', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [path.join(ROOT, 'scripts/bench/bare-relay.mjs'), process.execPath, ...EVERYTHING_ARGS], stderr: 'ignore' }));
  return { ping: () => client.ping(), close: () => client.close() };
}

export async function tapPinger(): Promise<Pinger> {
  const configDir = scratchDir();
  const client = new Client({ name: 'loupe-bench-tap', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: tapArgv(configDir, EVERYTHING_ARGS), stderr: 'ignore' }));
  return {
    ping: () => client.ping(),
    close: async () => {
      await client.close();
      rmSync(configDir, { recursive: true, force: true });
    },
  };
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
export async function floodAsHost(count: number, tapConfigDir?: string): Promise<HostFlood> {
  const argv = tapConfigDir ? tapArgv(tapConfigDir, [FLOOD_SERVER]) : [FLOOD_SERVER];
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, argv, { stdio: ['pipe', 'pipe', 'ignore'] });
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

export interface TapRun {
  loadAverage: number;
  direct: Summary;
  tap: Summary;
  relay: Summary;
  addedMedianMs: number;
  flood: { direct: number; tap: number; tapWithDashboard: number };
  /** Spawn to the answer to initialize, ms. */
  startupMs: { direct: number; tap: number };
}

export interface TapBench {
  runs: TapRun[];
  /** Medians over the runs. */
  addedMedianMs: number;
  floodShare: number;
  floodShareWithDashboard: number;
}

const median = (xs: number[]) => summarize(xs).median;

export async function tapBench(o: { runs: number; pings: number; warmup: number; flood: number }, progress: (text: string) => void = () => {}): Promise<TapBench> {
  const runs: TapRun[] = [];
  for (let run = 1; run <= o.runs; run++) {
    const loadAverage = os.loadavg()[0];
    progress(`tap run ${run}/${o.runs} (load average ${loadAverage.toFixed(2)}): ${o.pings} pings direct, through loupe tap and through a bare relay, in turns`);
    const pingers = [await directPinger(), await tapPinger(), await relayPinger()];
    const [directSamples, tapSamples, relaySamples] = await timeInTurns(pingers, o.pings, o.warmup);
    for (const p of pingers) await p.close();
    const direct = summarize(directSamples);
    const tap = summarize(tapSamples);
    const relay = summarize(relaySamples);
    progress(`tap run ${run}/${o.runs}: a flood of ${o.flood} read directly, through the tap, and through the tap with a dashboard following it`);
    const directFlood = await floodAsHost(o.flood);
    const bare = scratchDir();
    const tapFlood = await floodAsHost(o.flood, bare);
    rmSync(bare, { recursive: true, force: true });
    const followed = scratchDir();
    const dashboard = await startLoupe(followed);
    const tapWithDashboard = await floodAsHost(o.flood, followed);
    await dashboard.stop();
    rmSync(followed, { recursive: true, force: true });
    runs.push({ loadAverage, direct, tap, relay, addedMedianMs: tap.median - direct.median, flood: { direct: directFlood.framesPerSecond, tap: tapFlood.framesPerSecond, tapWithDashboard: tapWithDashboard.framesPerSecond }, startupMs: { direct: directFlood.startupMs, tap: tapFlood.startupMs } });
  }
  return {
    runs,
    addedMedianMs: median(runs.map((r) => r.addedMedianMs)),
    floodShare: median(runs.map((r) => r.flood.tap / r.flood.direct)),
    floodShareWithDashboard: median(runs.map((r) => r.flood.tapWithDashboard / r.flood.direct)),
  };
}

export function renderTapBench(b: TapBench, o: { pings: number; warmup: number; flood: number }): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const perRun = renderTable(`The stdio tap (loupe tap), ${b.runs.length} runs: ${o.pings} pings per client per run after ${o.warmup} warm-up, in alternating rounds of 100; a flood of ${o.flood} notifications`, ['load', 'direct p50', 'tap p50', 'added p50', 'relay added', 'direct p99', 'tap p99', 'flood direct', 'tap', 'tap + dashboard', 'start direct', 'start tap'],
    b.runs.map((r, i) => ({
      label: `run ${i + 1}`,
      cells: [r.loadAverage.toFixed(2), ms(r.direct.median), ms(r.tap.median), ms(r.addedMedianMs), ms(r.relay.median - r.direct.median), ms(r.direct.p99), ms(r.tap.p99), perSecond(r.flood.direct), pct(r.flood.tap / r.flood.direct), pct(r.flood.tapWithDashboard / r.flood.direct), `${Math.round(r.startupMs.direct)} ms`, `${Math.round(r.startupMs.tap)} ms`],
    })));
  const summary = renderTable('The tap, median over the runs', ['figure'], [
    { label: 'added to a ping round trip (median)', cells: [ms(b.addedMedianMs)], target: `<= ${TAP_TARGETS.addedMedianMs} ms`, meets: b.addedMedianMs <= TAP_TARGETS.addedMedianMs },
    { label: 'flood rate through the tap, no dashboard', cells: [pct(b.floodShare)], target: `>= ${pct(TAP_TARGETS.floodShare)} of direct`, meets: b.floodShare >= TAP_TARGETS.floodShare },
    { label: 'flood rate through the tap, a dashboard following', cells: [pct(b.floodShareWithDashboard)], target: `>= ${pct(TAP_TARGETS.floodShare)} of direct`, meets: b.floodShareWithDashboard >= TAP_TARGETS.floodShare },
  ]);
  return `${perRun}\n${summary}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [runs = 3, pings = 2000, flood = 50_000] = process.argv.slice(2).map(Number);
  const o = { runs, pings, warmup: 200, flood };
  const b = await tapBench(o, (t) => process.stderr.write(`bench: ${t}\n`));
  console.log(`node ${process.version}, ${os.cpus().length} CPUs, load average now ${os.loadavg()[0].toFixed(2)}\n`);
  console.log(renderTapBench(b, o));
}
