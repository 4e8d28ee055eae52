/**
 * A set of frame seqs kept as sorted, disjoint, non-adjacent inclusive ranges. A person can mark
 * all of a 100,000-frame session with one shift+click: that is one range here, not 100,000
 * entries, so storing, comparing and sending the set stays cheap whatever its size. Immutable:
 * every operation returns a new set (or the same one when nothing changed), so a store can hold it.
 */

/** Inclusive bounds: `[from, to]` with `from <= to`. */
export type SeqRange = readonly [from: number, to: number];

export interface RangeSet {
  readonly ranges: readonly SeqRange[];
  /** How many seqs the ranges hold, kept so counting is O(1). */
  readonly size: number;
}

export const EMPTY_RANGE_SET: RangeSet = { ranges: [], size: 0 };

function sizeOf(ranges: readonly SeqRange[]): number {
  let n = 0;
  for (const [from, to] of ranges) n += to - from + 1;
  return n;
}

/** Merges ranges that are already sorted by `from` (overlapping or adjacent ones become one). */
function mergeSorted(sorted: readonly SeqRange[]): RangeSet {
  const out: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = out[out.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return { ranges: out, size: sizeOf(out) };
}

/** A set from ranges in any order, overlapping or not; ranges with `from > to` are dropped. */
export function rangeSetOf(ranges: readonly SeqRange[]): RangeSet {
  const valid = ranges.filter(([from, to]) => Number.isInteger(from) && Number.isInteger(to) && from <= to);
  return mergeSorted([...valid].sort((a, b) => a[0] - b[0]));
}

export function singleSeq(seq: number): RangeSet {
  return { ranges: [[seq, seq]], size: 1 };
}

/** Index of the range holding `seq`, or -1. O(log ranges). */
function rangeIndexOf(set: RangeSet, seq: number): number {
  const r = set.ranges;
  let lo = 0;
  let hi = r.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (seq < r[mid][0]) hi = mid - 1;
    else if (seq > r[mid][1]) lo = mid + 1;
    else return mid;
  }
  return -1;
}

export function containsSeq(set: RangeSet, seq: number): boolean {
  return rangeIndexOf(set, seq) >= 0;
}

/** Both sets' seqs. O(ranges of a + ranges of b). */
export function unionSets(a: RangeSet, b: RangeSet): RangeSet {
  if (!b.size) return a;
  if (!a.size) return b;
  const sorted: SeqRange[] = [];
  let i = 0;
  let j = 0;
  while (i < a.ranges.length || j < b.ranges.length) {
    const takeA = j >= b.ranges.length || (i < a.ranges.length && a.ranges[i][0] <= b.ranges[j][0]);
    sorted.push(takeA ? a.ranges[i++] : b.ranges[j++]);
  }
  return mergeSorted(sorted);
}

export function addRange(set: RangeSet, from: number, to: number): RangeSet {
  return from <= to ? unionSets(set, { ranges: [[from, to]], size: to - from + 1 }) : set;
}

export function removeSeq(set: RangeSet, seq: number): RangeSet {
  const i = rangeIndexOf(set, seq);
  if (i < 0) return set;
  const [from, to] = set.ranges[i];
  const pieces: SeqRange[] = [];
  if (from < seq) pieces.push([from, seq - 1]);
  if (seq < to) pieces.push([seq + 1, to]);
  const ranges = [...set.ranges.slice(0, i), ...pieces, ...set.ranges.slice(i + 1)];
  return { ranges, size: set.size - 1 };
}

/** Takes `seq` out if it is in, puts it in if it is not (Ctrl/Cmd+click). */
export function toggleSeq(set: RangeSet, seq: number): RangeSet {
  return containsSeq(set, seq) ? removeSeq(set, seq) : addRange(set, seq, seq);
}

/** The seqs in ascending order, without building an array of them. */
export function* iterateSeqs(set: RangeSet): Generator<number> {
  for (const [from, to] of set.ranges) for (let seq = from; seq <= to; seq++) yield seq;
}

export function sameSet(a: RangeSet, b: RangeSet): boolean {
  if (a === b) return true;
  if (a.size !== b.size || a.ranges.length !== b.ranges.length) return false;
  return a.ranges.every(([from, to], i) => from === b.ranges[i][0] && to === b.ranges[i][1]);
}

/**
 * The seqs of `seqs[i..j]` (an ascending list, the rows a table shows) as a set. When no seq is
 * missing between the two ends (no filter hides any) that is one range, found in O(1); otherwise
 * the runs are collected in one pass over the slice.
 */
export function rangeSetOfSlice(seqs: readonly number[], i: number, j: number): RangeSet {
  const lo = Math.max(0, Math.min(i, j));
  const hi = Math.min(seqs.length - 1, Math.max(i, j));
  if (hi < lo) return EMPTY_RANGE_SET;
  if (seqs[hi] - seqs[lo] === hi - lo) return { ranges: [[seqs[lo], seqs[hi]]], size: hi - lo + 1 };
  const ranges: [number, number][] = [];
  for (let k = lo; k <= hi; k++) {
    const last = ranges[ranges.length - 1];
    if (last && seqs[k] === last[1] + 1) last[1] = seqs[k];
    else ranges.push([seqs[k], seqs[k]]);
  }
  return { ranges, size: hi - lo + 1 };
}
