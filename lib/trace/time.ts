import type { TraceHeader } from './format';

/** Epoch milliseconds of the session's origin (ts 0): `startedAt` when recorded, else `createdAt`. */
export function originMs(h: TraceHeader): number {
  const t = Date.parse(h.startedAt ?? h.createdAt);
  return Number.isNaN(t) ? 0 : t;
}
