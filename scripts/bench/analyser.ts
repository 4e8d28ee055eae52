/**
 * The analyser's offline throughput on a recorded mix: real sessions recorded headlessly (the
 * server-everything tour, a burst of log notifications, and servers that break the framing),
 * then analysed from scratch again and again on this one thread.
 */
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import { analyze } from '../../lib/analyze';
import { openHeadless, stdioConnection } from '../../proxy/cli/record/headless';
import { runSession } from '../../proxy/cli/record/run-session';
import { readScript, type ClientOptions } from '../../proxy/cli/shared/client-options';
import { EVERYTHING_ARGS, FLOOD_SERVER, ROOT } from './paths';

export interface AnalyserFigures {
  /** Each recorded session, with its own rate per CPU-second. */
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

async function recordMix(floodCount: number): Promise<Array<{ name: string; frames: Frame[] }>> {
  const fixture = (name: string) => [process.execPath, path.join(ROOT, 'e2e/fixtures/servers', `${name}.mjs`)];
  const sessions: Array<{ name: string; command: string[]; script: ClientOptions['script'] }> = [
    { name: 'server-everything tour', command: [process.execPath, ...EVERYTHING_ARGS], script: readScript(path.join(ROOT, 'scripts/bench/everything-tour.json')) },
    { name: `flood of ${floodCount} log notifications`, command: [process.execPath, FLOOD_SERVER], script: [{ method: 'tools/call', params: { name: 'flood', arguments: { count: floodCount } } }] },
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

export async function analyserThroughput(floodCount: number, minSeconds: number): Promise<AnalyserFigures> {
  const mix = await recordMix(floodCount);
  let frames = 0;
  let annotations = 0;
  for (const t of mix) annotations += analyze(t.frames).annotations.length; // warm-up, and the count
  const cpuUs = mix.map(() => 0);
  let rounds = 0;
  const t0 = performance.now();
  let elapsed = 0;
  do {
    for (const [i, t] of mix.entries()) {
      const c = cpuTimeUs();
      analyze(t.frames);
      cpuUs[i] += cpuTimeUs() - c;
      frames += t.frames.length;
    }
    rounds++;
    elapsed = (performance.now() - t0) / 1000;
  } while (elapsed < minSeconds);
  const cpuSeconds = cpuUs.reduce((a, b) => a + b, 0) / 1e6;
  return {
    mix: mix.map((t, i) => ({ name: t.name, frames: t.frames.length, framesPerCpuSecond: (t.frames.length * rounds) / (cpuUs[i] / 1e6) })),
    frames, seconds: elapsed, framesPerSecond: frames / elapsed, framesPerCpuSecond: frames / cpuSeconds, annotations,
  };
}
