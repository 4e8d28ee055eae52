import { describe, expect, it } from 'vitest';
import { indexAtOrAfter, indexOfRow, joinAround, withNewer, withOlder, type WindowRows } from './stored-rows';

const run = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ seq: from + i }));
const rows = (from: number, to: number, hasBefore = true, hasAfter = true): WindowRows<{ seq: number }> => ({ frames: run(from, to), hasBefore, hasAfter });

describe('stored window rows', () => {
  it('puts older rows on at the top and lets the newest go past the bound', () => {
    const { rows: r, added } = withOlder(rows(101, 200, true, false), { frames: run(51, 100), hasBefore: true }, 120);
    expect(added).toBe(50);
    expect(r.frames[0].seq).toBe(51);
    expect(r.frames.length).toBe(120);
    expect(r.frames[119].seq).toBe(170);
    // What was let go can be read again.
    expect(r.hasAfter).toBe(true);
  });

  it('puts newer rows on at the bottom and lets the oldest go past the bound', () => {
    const { rows: r, dropped } = withNewer(rows(1, 100, false, true), { frames: run(101, 150), hasAfter: false }, 120);
    expect(dropped).toBe(30);
    expect(r.frames[0].seq).toBe(31);
    expect(r.frames[r.frames.length - 1].seq).toBe(150);
    expect(r).toMatchObject({ hasBefore: true, hasAfter: false });
  });

  it('takes no row twice when a reply overlaps the rows held', () => {
    expect(withOlder(rows(10, 20), { frames: run(5, 15), hasBefore: false }).rows.frames.map((f) => f.seq)).toEqual(run(5, 20).map((f) => f.seq));
    expect(withNewer(rows(10, 20), { frames: run(15, 25), hasAfter: false }).rows.frames.length).toBe(16);
  });

  it('joins the rows before a seq and from it', () => {
    const r = joinAround({ frames: run(1, 9), hasBefore: false }, { frames: run(10, 19), hasAfter: true });
    expect(r.frames.map((f) => f.seq)).toEqual(run(1, 19).map((f) => f.seq));
    expect(r).toMatchObject({ hasBefore: false, hasAfter: true });
  });

  it('finds rows by seq, with gaps a filter leaves', () => {
    const frames = [{ seq: 2 }, { seq: 5 }, { seq: 9 }];
    expect(indexAtOrAfter(frames, 1)).toBe(0);
    expect(indexAtOrAfter(frames, 6)).toBe(2);
    expect(indexAtOrAfter(frames, 10)).toBe(3);
    expect(indexOfRow(frames, 5)).toBe(1);
    expect(indexOfRow(frames, 6)).toBe(-1);
  });
});
