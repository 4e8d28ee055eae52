/**
 * Latency statistics per method, measured at the wire (request and response frame timestamps),
 * plus the counts the timing view shows: in flight, hung, timed out, cancelled.
 */
import type { SessionModel } from '../model/session-model';
import type { Direction } from '../mcp/frame';

/** The MCP SDKs answer a request they gave up on with this code (RequestTimeout). */
export const REQUEST_TIMEOUT_CODE = -32001;

export interface RequestRecord {
  seq: number;
  method: string;
  dir: Direction;
  startTs: number;
  endTs?: number;
  latencyUs?: number;
  isError: boolean;
  errorCode?: number;
  cancelled: boolean;
  /** When the requester cancelled it, unanswered: where its time stops. */
  cancelTs?: number;
  /** Open by design (a subscriptions/listen stream): never hung. */
  longLived?: boolean;
  /** A round of a multi-round-trip call: its place, the first round's seq, and the logical call's
   *  total time (first request to last answer) once the last round is answered. */
  round?: { index: number; count: number; firstSeq: number; totalUs?: number };
}

/** Every request of the session, from its one pairing (a request the transport refused never
 *  reached the server and is left out). */
export function requestsOf(session: SessionModel): RequestRecord[] {
  const out: RequestRecord[] = [];
  for (const c of session.calls.all) {
    if (c.refused) continue;
    out.push({
      seq: c.seq,
      method: c.method,
      dir: c.dir,
      startTs: c.ts,
      endTs: c.responseTs,
      latencyUs: c.responseTs === undefined ? undefined : c.responseTs - c.ts,
      isError: c.isError === true,
      errorCode: c.errorCode,
      cancelled: c.cancelledSeq !== undefined,
      cancelTs: c.responseTs === undefined ? c.cancelledTs : undefined,
      longLived: c.longLived,
      round: roundOf(session, c.seq),
    });
  }
  return nestRounds(out);
}

function roundOf(session: SessionModel, seq: number): RequestRecord['round'] {
  const logical = session.state.rounds.logicalCallOf(seq);
  if (!logical || logical.rounds.length < 2) return undefined;
  const first = session.calls.callAt(logical.rounds[0]);
  const last = session.calls.callAt(logical.rounds[logical.rounds.length - 1]);
  const totalUs = first && last?.responseTs !== undefined ? last.responseTs - first.ts : undefined;
  return { index: logical.rounds.indexOf(seq) + 1, count: logical.rounds.length, firstSeq: logical.rounds[0], totalUs };
}

/** The rounds of a logical call follow its first round, so the waterfall shows them nested. */
function nestRounds(requests: RequestRecord[]): RequestRecord[] {
  if (!requests.some((r) => r.round)) return requests;
  const later = new Map<number, RequestRecord[]>();
  for (const r of requests) if (r.round && r.round.index > 1) later.set(r.round.firstSeq, [...(later.get(r.round.firstSeq) ?? []), r]);
  const out: RequestRecord[] = [];
  for (const r of requests) {
    if (r.round && r.round.index > 1) continue;
    out.push(r, ...(later.get(r.seq) ?? []));
  }
  return out;
}

/** Nearest-rank percentile of an ascending array (p in 0..100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export interface MethodStats {
  method: string;
  dir: Direction;
  count: number;
  answered: number;
  errors: number;
  inFlight: number;
  /** Cancelled before any answer: neither answered nor in flight. */
  cancelled: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function latencyStats(requests: readonly RequestRecord[]): MethodStats[] {
  const groups = new Map<string, { dir: Direction; method: string; lat: number[]; count: number; errors: number; cancelled: number }>();
  for (const r of requests) {
    const k = `${r.dir} ${r.method}`;
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { dir: r.dir, method: r.method, lat: [], count: 0, errors: 0, cancelled: 0 }));
    g.count++;
    if (r.latencyUs === undefined && r.cancelTs !== undefined) g.cancelled++;
    if (r.isError) g.errors++;
    if (r.latencyUs !== undefined) g.lat.push(r.latencyUs);
  }
  const out: MethodStats[] = [];
  for (const g of groups.values()) {
    const lat = Float64Array.from(g.lat).sort();
    const sorted = Array.from(lat);
    out.push({
      method: g.method,
      dir: g.dir,
      count: g.count,
      answered: sorted.length,
      errors: g.errors,
      inFlight: g.count - sorted.length - g.cancelled,
      cancelled: g.cancelled,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.length ? sorted[sorted.length - 1] : NaN,
    });
  }
  return out.sort((a, b) => b.count - a.count || a.method.localeCompare(b.method));
}

/** The `n` answered requests that took longest, slowest first. */
export function slowestRequests(requests: readonly RequestRecord[], n: number): RequestRecord[] {
  return requests
    .filter((r) => r.latencyUs !== undefined)
    .sort((a, b) => b.latencyUs! - a.latencyUs! || a.seq - b.seq)
    .slice(0, n);
}

export interface TimingCounts {
  requests: number;
  answered: number;
  inFlight: number;
  /** In flight for longer than the timeout. */
  hung: number;
  /** Answered with the timeout error, or hung. */
  timeouts: number;
  cancelled: number;
}

export function timingCounts(requests: readonly RequestRecord[], nowTs: number, timeoutUs: number): TimingCounts {
  const c: TimingCounts = { requests: requests.length, answered: 0, inFlight: 0, hung: 0, timeouts: 0, cancelled: 0 };
  for (const r of requests) {
    if (r.cancelled) c.cancelled++;
    if (r.endTs !== undefined) {
      c.answered++;
      if (r.errorCode === REQUEST_TIMEOUT_CODE) c.timeouts++;
    } else if (!r.cancelled) {
      c.inFlight++;
      if (!r.longLived && nowTs - r.startTs > timeoutUs) {
        c.hung++;
        c.timeouts++;
      }
    }
  }
  return c;
}
