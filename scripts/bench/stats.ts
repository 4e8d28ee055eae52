/** Summary statistics for latency samples (milliseconds). */
export interface Summary {
  n: number;
  median: number;
  p90: number;
  p99: number;
  mean: number;
}

/** Nearest-rank percentile of sorted samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((s, x) => s + x, 0) / (sorted.length || 1);
  return { n: sorted.length, median: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), mean };
}

/** The rounds of `timeInTurns`, `round` samples each, in order. */
function roundsOf(samples: readonly number[], round: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < samples.length; i += round) out.push(samples.slice(i, i + round));
  return out;
}

/**
 * What `slower` adds over `base`, round by round: the median over the rounds of the difference of
 * their medians. Rounds of the two ran back to back, so a change of load during the run (a
 * neighbour's build starting) shifts both sides of a difference and cancels out.
 */
export function addedPerRound(base: readonly number[], slower: readonly number[], round = ROUND): number {
  const a = roundsOf(base, round);
  const b = roundsOf(slower, round);
  const median = (xs: number[]) =>
    percentile(
      [...xs].sort((x, y) => x - y),
      50,
    );
  const diffs = a.slice(0, b.length).map((r, i) => median(b[i]) - median(r));
  return median(diffs);
}

export interface Pinger {
  ping(): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * Times sequential pings of several clients, `count` each after `warmup` untimed ones, taking
 * turns in rounds of `round` so that a change in machine load during the run weighs on every
 * client alike. Returns milliseconds per client.
 */
/** Pings per client in one turn of `timeInTurns`. */
export const ROUND = 100;

export async function timeInTurns(pingers: Pinger[], count: number, warmup: number, round = ROUND): Promise<number[][]> {
  for (const p of pingers) for (let i = 0; i < warmup; i++) await p.ping();
  const samples: number[][] = pingers.map(() => []);
  for (let done = 0; done < count; done += round) {
    for (const [k, p] of pingers.entries()) {
      for (let i = done; i < Math.min(count, done + round); i++) {
        const t0 = performance.now();
        await p.ping();
        samples[k].push(performance.now() - t0);
      }
    }
  }
  return samples;
}
