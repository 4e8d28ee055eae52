/**
 * The rows a window onto a stored session holds: a run of frames in seq order, with whether more
 * match before and after it. Older rows go on at the top and newer at the bottom, and the far end
 * is let go past a bound, so the page holds a couple of thousand rows of a session of any length.
 * Pure: the table keeps its scroll position from the counts these return.
 */

/** The most rows a window keeps in memory. */
export const MAX_KEPT_ROWS = 2000;

export interface WindowRows<F extends { seq: number }> {
  frames: F[];
  hasBefore: boolean;
  hasAfter: boolean;
}

/** Older frames before the rows; past `max` the newest are let go. `added`: rows put on at the top. */
export function withOlder<F extends { seq: number }>(
  rows: WindowRows<F>,
  older: { frames: F[]; hasBefore: boolean },
  max = MAX_KEPT_ROWS,
): { rows: WindowRows<F>; added: number } {
  const first = rows.frames.length ? rows.frames[0].seq : Infinity;
  const add = older.frames.filter((f) => f.seq < first);
  let frames = add.length ? [...add, ...rows.frames] : rows.frames;
  let hasAfter = rows.hasAfter;
  if (frames.length > max) {
    frames = frames.slice(0, max);
    hasAfter = true;
  }
  return { rows: { frames, hasBefore: older.hasBefore, hasAfter }, added: add.length };
}

/** Newer frames after the rows; past `max` the oldest are let go. `dropped`: rows taken off the top. */
export function withNewer<F extends { seq: number }>(
  rows: WindowRows<F>,
  newer: { frames: F[]; hasAfter: boolean },
  max = MAX_KEPT_ROWS,
): { rows: WindowRows<F>; dropped: number } {
  const last = rows.frames.length ? rows.frames[rows.frames.length - 1].seq : -Infinity;
  const add = newer.frames.filter((f) => f.seq > last);
  let frames = add.length ? [...rows.frames, ...add] : rows.frames;
  let hasBefore = rows.hasBefore;
  let dropped = 0;
  if (frames.length > max) {
    dropped = frames.length - max;
    frames = frames.slice(dropped);
    hasBefore = true;
  }
  return { rows: { frames, hasBefore, hasAfter: newer.hasAfter }, dropped };
}

/** The rows around a seq: the frames before it and those from it on, joined. */
export function joinAround<F extends { seq: number }>(before: { frames: F[]; hasBefore: boolean }, from: { frames: F[]; hasAfter: boolean }): WindowRows<F> {
  const start = from.frames.length ? from.frames[0].seq : Infinity;
  return { frames: [...before.frames.filter((f) => f.seq < start), ...from.frames], hasBefore: before.hasBefore, hasAfter: from.hasAfter };
}

/** The index of the first row whose seq is `seq` or more (rows.length when there is none). */
export function indexAtOrAfter(frames: readonly { seq: number }[], seq: number): number {
  let lo = 0;
  let hi = frames.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (frames[mid].seq < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of the row with this seq, or -1. */
export function indexOfRow(frames: readonly { seq: number }[], seq: number): number {
  const i = indexAtOrAfter(frames, seq);
  return i < frames.length && frames[i].seq === seq ? i : -1;
}
