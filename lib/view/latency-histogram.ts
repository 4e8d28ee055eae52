/**
 * Latencies kept as a histogram of fixed size, for sessions too long to keep one record per
 * request (a stored session of millions of frames): buckets grow by 4 % each, from 1 µs to past an
 * hour, so a percentile read from them is within 4 % of the exact one, whatever the count. Count,
 * sum, minimum and maximum are exact. Histograms add, so a session's is the sum of its segments'.
 */

/** Each bucket's upper bound is this many times its lower. */
const GROWTH = 1.04;
const LOG_GROWTH = Math.log(GROWTH);

export interface LatencyHistogram {
  /** Answers counted (a request with no answer has no latency). */
  n: number;
  /** Answers that were JSON-RPC errors. */
  errors: number;
  sumUs: number;
  minUs: number;
  maxUs: number;
  /** Sparse: [bucket, count], by bucket. */
  buckets: [number, number][];
}

/** The bucket of a latency: 0 for under 1 µs, then one per 4 % step. */
export function bucketOf(us: number): number {
  return us < 1 ? 0 : 1 + Math.floor(Math.log(us) / LOG_GROWTH);
}

/** The latency a bucket stands for: the middle of its range (geometrically). */
function valueOf(bucket: number): number {
  return bucket === 0 ? 0 : Math.pow(GROWTH, bucket - 0.5);
}

/** A histogram being filled: dense counts, turned sparse by `toHistogram`. */
export class HistogramBuilder {
  n = 0;
  errors = 0;
  sumUs = 0;
  minUs = Infinity;
  maxUs = 0;
  private readonly counts = new Map<number, number>();

  add(us: number, isError: boolean): void {
    const v = Math.max(0, us);
    this.n++;
    if (isError) this.errors++;
    this.sumUs += v;
    if (v < this.minUs) this.minUs = v;
    if (v > this.maxUs) this.maxUs = v;
    const b = bucketOf(v);
    this.counts.set(b, (this.counts.get(b) ?? 0) + 1);
  }

  toHistogram(): LatencyHistogram {
    const buckets = [...this.counts].sort((a, b) => a[0] - b[0]);
    // An empty one says 0 (JSON has no Infinity); merging looks at n, not at the minimum.
    return { n: this.n, errors: this.errors, sumUs: this.sumUs, minUs: this.n === 0 ? 0 : this.minUs, maxUs: this.maxUs, buckets };
  }
}

export function addHistograms(a: LatencyHistogram, b: LatencyHistogram): LatencyHistogram {
  const counts = new Map(a.buckets);
  for (const [k, c] of b.buckets) counts.set(k, (counts.get(k) ?? 0) + c);
  return {
    n: a.n + b.n,
    errors: a.errors + b.errors,
    sumUs: a.sumUs + b.sumUs,
    minUs: a.n === 0 ? b.minUs : b.n === 0 ? a.minUs : Math.min(a.minUs, b.minUs),
    maxUs: Math.max(a.maxUs, b.maxUs),
    buckets: [...counts].sort((x, y) => x[0] - y[0]),
  };
}

/**
 * The nearest-rank percentile (0 < p <= 100), as lib/view/latency.ts takes it of exact values,
 * read from the buckets and kept within the exact minimum and maximum; undefined when empty.
 */
export function histogramPercentile(h: LatencyHistogram, p: number): number | undefined {
  if (h.n === 0) return undefined;
  const rank = Math.max(1, Math.ceil((p / 100) * h.n));
  let seen = 0;
  for (const [bucket, count] of h.buckets) {
    seen += count;
    if (seen >= rank) return Math.min(h.maxUs, Math.max(h.minUs, valueOf(bucket)));
  }
  return h.maxUs;
}

/** A method's timing over a whole stored session, as the store's column gives it. */
export interface StoredMethodStats {
  dir: 'c2s' | 's2c';
  method: string;
  /** Requests sent. */
  count: number;
  answered: number;
  errors: number;
  /** Within 4 % (histogram buckets); max and mean exact. Absent when none was answered. */
  p50?: number;
  p95?: number;
  p99?: number;
  max?: number;
  mean?: number;
}

/** A method's row, from its requests and the histogram of its answers; most requests first, as the Timing pane sorts. */
export function storedMethodStats(
  columns: readonly { dir: 'c2s' | 's2c'; method: string; requests: number; latency: LatencyHistogram }[],
): StoredMethodStats[] {
  return columns
    .map(({ dir, method, requests, latency: h }) => ({
      dir,
      method,
      count: requests,
      answered: h.n,
      errors: h.errors,
      ...(h.n === 0
        ? {}
        : { p50: histogramPercentile(h, 50), p95: histogramPercentile(h, 95), p99: histogramPercentile(h, 99), max: h.maxUs, mean: h.sumUs / h.n }),
    }))
    .sort((a, b) => b.count - a.count || a.method.localeCompare(b.method));
}
