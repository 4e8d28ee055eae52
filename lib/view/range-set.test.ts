import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_RANGE_SET,
  addRange,
  containsSeq,
  iterateSeqs,
  rangeSetOf,
  rangeSetOfSlice,
  removeSeq,
  sameSet,
  singleSeq,
  toggleSeq,
  unionSets,
  type RangeSet,
} from './range-set';

const seqsOf = (set: RangeSet) => [...iterateSeqs(set)];

/** Sorted, disjoint, with a gap of at least one seq between ranges, and a size that adds up. */
function expectCanonical(set: RangeSet): void {
  let size = 0;
  set.ranges.forEach(([from, to], i) => {
    expect(from).toBeLessThanOrEqual(to);
    if (i > 0) expect(from).toBeGreaterThan(set.ranges[i - 1][1] + 1);
    size += to - from + 1;
  });
  expect(set.size).toBe(size);
}

describe('range set', () => {
  it('adds ranges, merging the ones that overlap or touch', () => {
    let s = addRange(EMPTY_RANGE_SET, 10, 20);
    s = addRange(s, 30, 40);
    expect(s.ranges).toEqual([
      [10, 20],
      [30, 40],
    ]);
    expect(addRange(s, 21, 29).ranges).toEqual([[10, 40]]);
    expect(addRange(s, 15, 35).ranges).toEqual([[10, 40]]);
    expect(addRange(s, 1, 5).ranges).toEqual([
      [1, 5],
      [10, 20],
      [30, 40],
    ]);
    expect(addRange(s, 41, 41).ranges).toEqual([
      [10, 20],
      [30, 41],
    ]);
    expect(addRange(s, 5, 1)).toBe(s);
  });

  it('toggles one seq in and out, splitting a range when one is taken from its middle', () => {
    const s = addRange(EMPTY_RANGE_SET, 1, 5);
    const holed = toggleSeq(s, 3);
    expect(holed.ranges).toEqual([
      [1, 2],
      [4, 5],
    ]);
    expect(holed.size).toBe(4);
    expect(toggleSeq(holed, 3).ranges).toEqual([[1, 5]]);
    expect(toggleSeq(s, 1).ranges).toEqual([[2, 5]]);
    expect(toggleSeq(s, 5).ranges).toEqual([[1, 4]]);
    expect(toggleSeq(singleSeq(7), 7)).toEqual(EMPTY_RANGE_SET);
    expect(toggleSeq(s, 9).ranges).toEqual([
      [1, 5],
      [9, 9],
    ]);
  });

  it('answers contains by binary search at the ends of every range', () => {
    const s = rangeSetOf([
      [30, 40],
      [1, 1],
      [10, 20],
    ]);
    for (const seq of [1, 10, 15, 20, 30, 40]) expect(containsSeq(s, seq)).toBe(true);
    for (const seq of [0, 2, 9, 21, 29, 41]) expect(containsSeq(s, seq)).toBe(false);
    expect(containsSeq(EMPTY_RANGE_SET, 1)).toBe(false);
  });

  it('counts in O(1) and iterates in seq order', () => {
    const s = rangeSetOf([
      [8, 9],
      [1, 3],
    ]);
    expect(s.size).toBe(5);
    expect(seqsOf(s)).toEqual([1, 2, 3, 8, 9]);
    expect(seqsOf(EMPTY_RANGE_SET)).toEqual([]);
  });

  it('holds 100,000 consecutive seqs as one range', () => {
    const s = addRange(EMPTY_RANGE_SET, 1, 100_000);
    expect(s.ranges).toHaveLength(1);
    expect(s.size).toBe(100_000);
    expect(removeSeq(s, 50_000).ranges).toEqual([
      [1, 49_999],
      [50_001, 100_000],
    ]);
  });

  it('normalises ranges in any order and drops backwards or fractional ones', () => {
    expect(
      rangeSetOf([
        [5, 6],
        [1, 2],
        [3, 4],
        [9, 8],
        [1.5, 2],
      ]).ranges,
    ).toEqual([[1, 6]]);
  });

  it('turns a slice of a sorted list into ranges, one range when no seq between is hidden', () => {
    const dense = Array.from({ length: 100_000 }, (_, i) => i + 1);
    expect(rangeSetOfSlice(dense, 99_999, 0).ranges).toEqual([[1, 100_000]]);
    const filtered = [2, 3, 4, 7, 9, 10];
    expect(rangeSetOfSlice(filtered, 0, 5).ranges).toEqual([
      [2, 4],
      [7, 7],
      [9, 10],
    ]);
    expect(rangeSetOfSlice(filtered, 4, 2).ranges).toEqual([
      [4, 4],
      [7, 7],
      [9, 9],
    ]);
    expect(rangeSetOfSlice(filtered, 3, 2).size).toBe(2);
    expect(rangeSetOfSlice([], 0, 0)).toEqual(EMPTY_RANGE_SET);
  });

  it('compares by content', () => {
    expect(sameSet(rangeSetOf([[1, 3]]), addRange(singleSeq(1), 2, 3))).toBe(true);
    expect(sameSet(rangeSetOf([[1, 3]]), rangeSetOf([[1, 2]]))).toBe(false);
  });

  it('agrees with a plain Set under any mix of adds, toggles and unions', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), a: fc.integer({ min: 1, max: 60 }), b: fc.integer({ min: 1, max: 60 }) }),
      fc.record({ kind: fc.constant('toggle' as const), a: fc.integer({ min: 1, max: 60 }), b: fc.constant(0) }),
      fc.record({ kind: fc.constant('union' as const), a: fc.integer({ min: 1, max: 60 }), b: fc.integer({ min: 0, max: 8 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let set = EMPTY_RANGE_SET;
        const model = new Set<number>();
        for (const { kind, a, b } of ops) {
          if (kind === 'add') {
            set = addRange(set, a, b);
            for (let s = a; s <= b; s++) model.add(s);
          } else if (kind === 'toggle') {
            set = toggleSeq(set, a);
            if (model.has(a)) model.delete(a);
            else model.add(a);
          } else {
            set = unionSets(
              set,
              rangeSetOf([
                [a, a + b],
                [a + 2 * b + 2, a + 3 * b + 2],
              ]),
            );
            for (let s = a; s <= a + b; s++) model.add(s);
            for (let s = a + 2 * b + 2; s <= a + 3 * b + 2; s++) model.add(s);
          }
          expectCanonical(set);
        }
        expect(seqsOf(set)).toEqual([...model].sort((x, y) => x - y));
        for (let s = 0; s <= 100; s++) expect(containsSeq(set, s)).toBe(model.has(s));
      }),
    );
  });
});
