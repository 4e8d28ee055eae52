/**
 * What /proc says of a running child process: its peak resident memory and its CPU time. Read as
 * it runs (a child's counters are gone once it is reaped), so a bench samples them on a timer.
 */
import { readFileSync } from 'node:fs';

/** Peak RSS of a process in MiB (VmHWM, the kernel's own high-water mark); 0 once it is gone. */
function peakRssMb(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** User and system CPU seconds a live process has used (/proc/PID/stat, clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Samples a child's peak RSS and CPU time every `everyMs` until `stop()`; the highest seen. */
export function sampleProcess(pid: number, everyMs = 50): { stop(): { peakRssMb: number; cpuSeconds: number } } {
  let peak = 0;
  let cpu = 0;
  const take = () => {
    peak = Math.max(peak, peakRssMb(pid));
    cpu = Math.max(cpu, cpuSecondsOf(pid));
  };
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { peakRssMb: peak, cpuSeconds: cpu };
    },
  };
}
