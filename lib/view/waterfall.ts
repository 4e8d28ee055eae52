/**
 * The waterfall: one bar per request from its send to its answer on a shared time axis. A request
 * still in flight grows to `now`; one in flight longer than the timeout is marked hung; one its
 * sender cancelled stops at the cancellation.
 */
import type { RequestRecord } from './latency';

export type BarState = 'answered' | 'error' | 'in-flight' | 'hung' | 'cancelled' | 'listening';

export interface WaterfallBar {
  seq: number;
  method: string;
  x: number;
  width: number;
  state: BarState;
  durationUs: number;
}

export interface WaterfallScale {
  t0: number;
  t1: number;
  width: number;
}

export function scaleX(s: WaterfallScale, ts: number): number {
  const span = Math.max(1, s.t1 - s.t0);
  return ((ts - s.t0) / span) * s.width;
}

export function barState(r: RequestRecord, nowTs: number, hungUs: number): BarState {
  if (r.endTs !== undefined) return r.isError ? 'error' : 'answered';
  if (r.cancelled) return 'cancelled';
  if (r.longLived) return 'listening';
  return nowTs - r.startTs > hungUs ? 'hung' : 'in-flight';
}

export function waterfallBar(r: RequestRecord, s: WaterfallScale, nowTs: number, hungUs: number, minWidth = 2): WaterfallBar {
  const end = r.endTs ?? r.cancelTs ?? Math.max(nowTs, r.startTs);
  const x = scaleX(s, r.startTs);
  return {
    seq: r.seq,
    method: r.method,
    x,
    width: Math.max(minWidth, scaleX(s, end) - x),
    state: barState(r, nowTs, hungUs),
    durationUs: end - r.startTs,
  };
}

/** Round tick values (1, 2 or 5 times a power of ten microseconds) covering t0..t1. */
export function niceTicks(t0: number, t1: number, approx = 6): number[] {
  const span = t1 - t0;
  if (!(span > 0)) return [t0];
  const raw = span / Math.max(1, approx);
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow;
  const ticks: number[] = [];
  for (let t = Math.ceil(t0 / step) * step; t <= t1 + 1e-9; t += step) ticks.push(t);
  return ticks;
}
