import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RowOffsets, DEFAULT_OFFSETS } from './row-offsets';

const rows = (n: number) => {
  const o = new RowOffsets({ ...DEFAULT_OFFSETS, mode: 'rows', rowHeight: 20 });
  for (let i = 0; i < n; i++) o.push(i * 1000);
  return o;
};

describe('RowOffsets', () => {
  it('puts rows one under another in row mode', () => {
    const o = rows(5);
    expect([0, 1, 2, 3, 4].map((i) => o.top(i))).toEqual([0, 20, 40, 60, 80]);
    expect(o.height).toBe(100);
    expect(o.positionAt(39)).toBe(1);
    expect(o.positionAt(40)).toBe(2);
    expect(o.positionAt(10_000)).toBe(4);
  });

  it('windows only the visible rows plus overscan', () => {
    const o = rows(100_000);
    expect(o.window(20 * 50_000, 200, 2)).toEqual({ first: 49_998, last: 50_012 });
    expect(o.window(0, 200, 2)).toEqual({ first: 0, last: 12 });
    expect(new RowOffsets().window(0, 100)).toEqual({ first: 0, last: -1 });
  });

  it('follows wire time in time mode and compresses long gaps into a marked band', () => {
    const o = new RowOffsets({ mode: 'time', rowHeight: 20, pxPerMs: 1, gapUs: 1_000_000, gapHeight: 30 });
    o.push(0);
    o.push(5_000); // 5 ms: less than a row apart, so exactly one row lower
    o.push(105_000); // 100 ms = 100 px from the previous top
    o.push(10_105_000); // 10 s: compressed
    expect(o.top(1)).toBe(20);
    expect(o.top(2)).toBe(120);
    expect(o.top(3)).toBe(120 + 20 + 30);
    expect(o.gaps).toEqual([{ position: 3, us: 10_000_000 }]);
    expect(o.gapsIn(0, 2)).toEqual([]);
    expect(o.gapsIn(3, 3)).toEqual([{ position: 3, us: 10_000_000 }]);
  });

  it('never lets rows overlap and finds every row by its own top', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(3_000_000), { minLength: 1, maxLength: 300 }), fc.constantFrom<'rows' | 'time'>('rows', 'time'), (deltas, mode) => {
        const o = new RowOffsets({ ...DEFAULT_OFFSETS, mode });
        let ts = 0;
        for (const d of deltas) o.push((ts += d));
        for (let i = 0; i < o.length; i++) {
          // Fractional pixels: allow for rounding in the subtraction, never for an overlap.
          if (i > 0) expect(o.top(i) - o.top(i - 1)).toBeGreaterThanOrEqual(DEFAULT_OFFSETS.rowHeight - 1e-6);
          expect(o.positionAt(o.top(i))).toBe(i);
        }
        expect(o.height).toBe(o.top(o.length - 1) + DEFAULT_OFFSETS.rowHeight);
      }),
    );
  }, 60_000);
});
