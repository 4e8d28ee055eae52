/**
 * The analyser's offline throughput on a recorded mix: real sessions recorded headlessly (the
 * server-everything tour, a burst of log notifications, and servers that break the framing),
 * then analysed from scratch again and again on this one thread, through the SessionModel as
 * `loupe check`, the exports and the page run it (each line parsed once, then classified, paired
 * and judged).
 */
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import { modelOf } from '../../lib/model/session-model';
import { openHeadless, stdioConnection } from '../../proxy/cli/record/headless';
import { runSession } from '../../proxy/cli/record/run-session';
import { readScript, type ClientOptions } from '../../proxy/cli/shared/client-options';
import { EVERYTHING_ARGS, FLOOD_SERVER, ROOT } from './paths';

export interface AnalyserFigures {
  /** Each recorded session, with its own rate per CPU-second (the median of its timed blocks). */
  mix: Array<{ name: string; frames: number; framesPerCpuSecond: number }>;
  frames: number;
  seconds: number;
  /** Per second of wall time: lower when other processes take the core. */
  framesPerSecond: number;
  /** Per second of this process's CPU time: what one core does when it is ours. */
  framesPerCpuSecond: number;
  annotations: number;
}

/** Microseconds of CPU time used by this process (user + system). */
export function cpuTimeUs(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

/** The mix's first session: the server-everything tour (scripts/bench/everything-tour.json). */
export const TOUR = 'server-everything tour';

async function recordMix(floodCount: number): Promise<Array<{ name: string; frames: Frame[] }>> {
  const fixture = (name: string) => [process.execPath, path.join(ROOT, 'e2e/fixtures/servers', `${name}.mjs`)];
  const sessions: Array<{ name: string; command: string[]; script: ClientOptions['script'] }> = [
    { name: TOUR, command: [process.execPath, ...EVERYTHING_ARGS], script: readScript(path.join(ROOT, 'scripts/bench/everything-tour.json')) },
    {
      name: `flood of ${floodCount} log notifications`,
      command: [process.execPath, FLOOD_SERVER],
      script: [{ method: 'tools/call', params: { name: 'flood', arguments: { count: floodCount } } }],
    },
    { name: 'banner on stdout', command: fixture('bad-banner'), script: [] },
    { name: 'pretty-printed JSON', command: fixture('bad-pretty-json'), script: [] },
    { name: 'invalid UTF-8', command: fixture('bad-invalid-utf8'), script: [] },
  ];
  const out: Array<{ name: string; frames: Frame[] }> = [];
  for (const s of sessions) {
    const client: ClientOptions = { protocolVersion: '2025-11-25', clientCapabilities: { roots: {} }, timeoutMs: 30_000, script: s.script, env: {} };
    const record = await runSession(openHeadless, stdioConnection(s.command), client, { name: 'loupe-bench', version: '0' });
    out.push({ name: s.name, frames: record.frames });
  }
  return out;
}

/** Frames each session is analysed over before timing starts, by default. V8 optimises hot code on
 *  a background thread, which a loaded machine starves: with a short warm-up the figure measures the
 *  interpreter (a 61-frame session analysed a few hundred times reads a third of its real rate). */
export const WARMUP_FRAMES = 60_000;
/** Each timed block analyses a session this many frames' worth (at least once), so a block is
 *  long enough for the CPU clock and short enough that many of them fit in the run. */
const BLOCK_FRAMES = 2_000;

function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/**
 * Each session's rate is the median over timed blocks taken in turns (session after session, round
 * after round), so a burst of load, a GC pause or a neighbour's build weighs on one block, not on
 * the figure; the mix's rate is all frames over all CPU time.
 */
export async function analyserThroughput(floodCount: number, minSeconds: number, warmupFrames = WARMUP_FRAMES): Promise<AnalyserFigures> {
  const mix = await recordMix(floodCount);
  let annotations = 0;
  for (const t of mix) annotations += modelOf(t.frames).annotations.length;
  const reps = mix.map((t) => Math.max(1, Math.ceil(BLOCK_FRAMES / Math.max(1, t.frames.length))));
  for (const t of mix) for (let done = 0; done < warmupFrames; done += Math.max(1, t.frames.length)) modelOf(t.frames);
  const blocks: number[][] = mix.map(() => []);
  let frames = 0;
  let cpuUs = 0;
  const t0 = performance.now();
  let elapsed = 0;
  do {
    for (const [i, t] of mix.entries()) {
      const c = cpuTimeUs();
      for (let r = 0; r < reps[i]; r++) modelOf(t.frames);
      const used = cpuTimeUs() - c;
      cpuUs += used;
      frames += t.frames.length * reps[i];
      if (used > 0) blocks[i].push((t.frames.length * reps[i]) / (used / 1e6));
    }
    elapsed = (performance.now() - t0) / 1000;
  } while (elapsed < minSeconds);
  return {
    mix: mix.map((t, i) => ({ name: t.name, frames: t.frames.length, framesPerCpuSecond: median(blocks[i]) })),
    frames,
    seconds: elapsed,
    framesPerSecond: frames / elapsed,
    framesPerCpuSecond: frames / (cpuUs / 1e6),
    annotations,
  };
}
