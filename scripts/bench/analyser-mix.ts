/**
 * Offline throughput on the realistic mix, in frames per second of CPU time on one core. CPU time
 * (not wall time) keeps the number honest on a shared machine where other work steals the core.
 */
import { analyze } from '../../lib/analyze/engine';
import { realisticMix } from '../../lib/analyze/mix';

export interface Throughput {
  frames: number;
  /** Frames per second of this thread's CPU time, best of the rounds. */
  framesPerCpuSecond: number;
  /** Frames per second of wall time, best of the rounds (lower when the machine is busy). */
  framesPerWallSecond: number;
  annotations: number;
}

export function measureThroughput(cpuTimeUs: () => number, frameCount = 100_000, rounds = 3): Throughput {
  const frames = realisticMix(frameCount);
  analyze(frames.slice(0, 5000)); // warm up the JIT
  let bestCpu = Infinity;
  let bestWall = Infinity;
  let annotations = 0;
  for (let r = 0; r < rounds; r++) {
    const wall = performance.now();
    const cpu = cpuTimeUs();
    annotations = analyze(frames).annotations.length;
    bestCpu = Math.min(bestCpu, (cpuTimeUs() - cpu) / 1e6);
    bestWall = Math.min(bestWall, (performance.now() - wall) / 1000);
  }
  return { frames: frameCount, framesPerCpuSecond: Math.round(frameCount / bestCpu), framesPerWallSecond: Math.round(frameCount / bestWall), annotations };
}
