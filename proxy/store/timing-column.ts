/**
 * The store's timing column: per segment, for each method and direction, the requests sent and a
 * histogram of the latencies of those answered (lib/view/latency-histogram.ts), so the timing of a
 * session of any length is the sum of its index lines, never a pass over its frames.
 *
 * Only the session's own channel counts, as in the Timing pane (an MCP App's bridge is not the
 * server's latency). A request is paired with its answer as the wire shows them: opposite
 * direction, same id; the latency runs from the request's frame to the answer's, as the Timing
 * pane measures it. A batch counts each member. An answer counts in the segment it lands in. The writer pairs
 * across its segments; a reader scanning a segment with no index line pairs within what it scans,
 * so an answer there to a request in an earlier segment is not timed. Requests still open past
 * MAX_OPEN are let go, oldest first (they count as sent, never as answered).
 */
import type { Frame } from '../../lib/mcp/frame';
import { addHistograms, HistogramBuilder, type LatencyHistogram } from '../../lib/view/latency-histogram';

/** One method in one direction (`c2s`: the client asked; on an app channel, the app). */
export interface MethodTiming {
  dir: 'c2s' | 's2c';
  method: string;
  /** Requests sent. */
  requests: number;
  latency: LatencyHistogram;
}

/** A segment's column being filled, by `dir method`. */
export type TimingBuilder = Map<string, { dir: 'c2s' | 's2c'; method: string; requests: number; latency: HistogramBuilder }>;

const MAX_OPEN = 100_000;

function entry(into: TimingBuilder, dir: 'c2s' | 's2c', method: string) {
  const key = `${dir} ${method}`;
  let e = into.get(key);
  if (!e) into.set(key, (e = { dir, method, requests: 0, latency: new HistogramBuilder() }));
  return e;
}

const idKey = (id: unknown) => (typeof id === 'string' ? `s${id}` : typeof id === 'number' ? `n${id}` : undefined);

/** The requests a writer (or a scan) has seen and not yet seen answered. */
/** A request still unanswered, by `dir id`. */
export type OpenRequest = [key: string, request: { dir: 'c2s' | 's2c'; method: string; ts: number }];

export class RequestPairing {
  private readonly open: Map<OpenRequest[0], OpenRequest[1]>;

  /** `open`: the requests another writer of the same session left unanswered (SessionWriter.handOff). */
  constructor(open: readonly OpenRequest[] = []) {
    this.open = new Map(open);
  }

  /** The requests still unanswered, for a writer that goes on with the session. */
  carry(): OpenRequest[] {
    return [...this.open];
  }

  /** Notes one frame's parsed text (`message`: a line's embedded JSON, or undefined) into `into`. */
  note(into: TimingBuilder, frame: Frame, message: unknown): void {
    // The session's own channel, as the Timing pane: an app's bridge is not the server's latency.
    if (frame.channel !== undefined || frame.lane !== 'message' || (frame.dir !== 'c2s' && frame.dir !== 's2c')) return;
    if (message === null || typeof message !== 'object') return;
    const members = Array.isArray(message) ? message : [message];
    for (const m of members) this.member(into, frame, frame.dir, m);
  }

  private member(into: TimingBuilder, frame: Frame, dir: 'c2s' | 's2c', m: unknown): void {
    if (m === null || typeof m !== 'object') return;
    const { id, method } = m as { id?: unknown; method?: unknown };
    const key = idKey(id);
    if (key === undefined) return;
    if (typeof method === 'string') {
      entry(into, dir, method).requests++;
      this.open.set(`${dir} ${key}`, { dir, method, ts: frame.ts });
      if (this.open.size > MAX_OPEN) this.open.delete(this.open.keys().next().value as string);
      return;
    }
    if (!('result' in m) && !('error' in m)) return;
    const asked = dir === 'c2s' ? 's2c' : 'c2s';
    const openKey = `${asked} ${key}`;
    const request = this.open.get(openKey);
    if (!request) return;
    this.open.delete(openKey);
    entry(into, request.dir, request.method).latency.add(frame.ts - request.ts, 'error' in m);
  }
}

/** The column as index.ndjson holds it. */
export function timingOf(into: TimingBuilder): MethodTiming[] {
  return [...into.values()].map((e) => ({ dir: e.dir, method: e.method, requests: e.requests, latency: e.latency.toHistogram() }));
}

/** The columns of several segments as one: the whole session's timing. */
export function sumTimings(columns: Iterable<MethodTiming[] | undefined>): MethodTiming[] {
  const sum = new Map<string, MethodTiming>();
  for (const column of columns) {
    for (const t of column ?? []) {
      const key = `${t.dir} ${t.method}`;
      const had = sum.get(key);
      sum.set(key, had ? { ...had, requests: had.requests + t.requests, latency: addHistograms(had.latency, t.latency) } : t);
    }
  }
  return [...sum.values()];
}
