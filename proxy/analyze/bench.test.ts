import { expect, it } from 'vitest';
import { measureThroughput } from '../../lib/analyze/bench';

it('analyses at least 100,000 frames per CPU-second on the realistic mix', () => {
  const cpuUs = () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  };
  const r = measureThroughput(cpuUs, 100_000, 5);
  console.log(`analyser throughput: ${r.framesPerCpuSecond} frames per CPU-second (${r.framesPerWallSecond} per wall-second)`);
  expect(r.framesPerCpuSecond).toBeGreaterThanOrEqual(100_000);
}, 120_000);
