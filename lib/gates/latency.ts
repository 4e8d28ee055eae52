/**
 * Latency of one kind of request, measured at the proxy from the wire timestamps of each request
 * and its response: `METHOD` or `tools/call:NAME`, `prompts/get:NAME`, `resources/read:URI`. The
 * same figure feeds `loupe check --budget` and the test kit's `toAnswerWithin`.
 */
import type { SessionModel } from '../model/session-model';
import { percentile } from '../view/latency';

export interface RequestTarget {
  method: string;
  /** The tool or prompt name, or the resource URI. */
  name?: string;
}

/** `tools/call:echo` -> { method: 'tools/call', name: 'echo' }; a URI keeps its own colons. */
export function parseTarget(text: string): RequestTarget {
  const i = text.indexOf(':');
  return i < 0 ? { method: text } : { method: text.slice(0, i), name: text.slice(i + 1) };
}

export function describeTarget(t: RequestTarget): string {
  return t.name === undefined ? t.method : `${t.method}:${t.name}`;
}

function nameOf(params: unknown): string | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const p = params as { name?: unknown; uri?: unknown };
  return typeof p.name === 'string' ? p.name : typeof p.uri === 'string' ? p.uri : undefined;
}

export interface LatencySample {
  requestSeq: number;
  latencyMs: number;
}

export interface TargetLatency {
  /** Requests of that kind the client sent. */
  sent: number;
  /** The answered ones, slowest first. */
  samples: LatencySample[];
  /** Nearest-rank p95 in ms; NaN when none was answered. */
  p95Ms: number;
}

/** Client requests only: a budget is about how fast the server answers. Pairs come from the
 *  caller's one SessionModel (built with the trace's framing), so a reused id or a message split
 *  over lines is judged as every view and the findings judge it. */
export function targetLatency(model: Pick<SessionModel, 'calls'>, target: RequestTarget): TargetLatency {
  let sent = 0;
  const samples: LatencySample[] = [];
  for (const call of model.calls.all) {
    if (call.dir !== 'c2s' || call.method !== target.method) continue;
    if (target.name !== undefined && nameOf(call.params) !== target.name) continue;
    sent++;
    if (call.responseTs !== undefined) samples.push({ requestSeq: call.seq, latencyMs: (call.responseTs - call.ts) / 1000 });
  }
  samples.sort((a, b) => b.latencyMs - a.latencyMs || a.requestSeq - b.requestSeq);
  const ascending = samples.map((s) => s.latencyMs).reverse();
  return { sent, samples, p95Ms: percentile(ascending, 95) };
}
