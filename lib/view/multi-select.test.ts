import { describe, expect, it } from 'vitest';
import { extendTo, markedFrames, selectAllShown, toggleFrame, type MultiSelection } from './multi-select';
import { iterateSeqs } from './range-set';

const seqs = Array.from({ length: 20 }, (_, i) => i + 1);
const marked = (selected: number | undefined, m: MultiSelection | undefined) => [...iterateSeqs(markedFrames(selected, m))];

describe('multi-selection gestures', () => {
  it('marks only the selected frame when nothing more was picked', () => {
    expect(marked(4, undefined)).toEqual([4]);
    expect(marked(undefined, undefined)).toEqual([]);
  });

  it('Shift+click marks from the focused frame to the clicked one, in either direction', () => {
    const down = extendTo(3, undefined, seqs, 7);
    expect(down?.focus).toBe(7);
    expect(marked(7, down)).toEqual([3, 4, 5, 6, 7]);
    expect(marked(1, extendTo(3, undefined, seqs, 1))).toEqual([1, 2, 3]);
  });

  it('a second Shift+click re-draws the range from the same anchor instead of adding to it', () => {
    const first = extendTo(5, undefined, seqs, 9);
    const second = extendTo(9, first, seqs, 2);
    expect(second?.anchor).toBe(5);
    expect(marked(2, second)).toEqual([2, 3, 4, 5]);
  });

  it('Shift+arrow grows and shrinks the range one row at a time', () => {
    let m = extendTo(10, undefined, seqs, 11);
    m = extendTo(11, m, seqs, 12);
    expect(marked(12, m)).toEqual([10, 11, 12]);
    m = extendTo(12, m, seqs, 11);
    expect(marked(11, m)).toEqual([10, 11]);
    expect(extendTo(11, m, seqs, 10)).toBeUndefined();
  });

  it('Ctrl/Cmd+click adds one frame to a range and takes it out again', () => {
    const range = extendTo(3, undefined, seqs, 5);
    const plus = toggleFrame(5, range, 9);
    expect(plus?.focus).toBe(9);
    expect(marked(9, plus)).toEqual([3, 4, 5, 9]);
    const minus = toggleFrame(9, plus, 4);
    expect(marked(4, minus)).toEqual([3, 5, 9]);
  });

  it('Shift+click after Ctrl/Cmd+click keeps the picked frames and ranges from the last one', () => {
    const picked = toggleFrame(2, undefined, 6);
    const ranged = extendTo(6, picked, seqs, 8);
    expect(marked(8, ranged)).toEqual([2, 6, 7, 8]);
  });

  it('a frame selected elsewhere (another pane, a plain click) collapses the marks to it', () => {
    const m = extendTo(3, undefined, seqs, 7);
    expect(marked(12, m)).toEqual([12]);
    expect(marked(14, extendTo(12, m, seqs, 14))).toEqual([12, 13, 14]);
  });

  it('rows a filter hides are not marked, and a hidden anchor still bounds the range', () => {
    const shown = [1, 4, 5, 9, 12, 15];
    expect(marked(12, extendTo(4, undefined, shown, 12))).toEqual([4, 5, 9, 12]);
    expect(marked(15, extendTo(10, undefined, shown, 15))).toEqual([12, 15]);
    expect(marked(1, extendTo(10, undefined, shown, 1))).toEqual([1, 4, 5, 9]);
  });

  it('Ctrl/Cmd+click on the only marked frame leaves nothing marked, with the focus kept', () => {
    const none = toggleFrame(5, undefined, 5);
    expect(none?.focus).toBe(5);
    expect(marked(5, none)).toEqual([]);
    expect(toggleFrame(5, none, 5)).toBeUndefined();
  });

  it('with nothing selected, Shift+click starts at the clicked frame', () => {
    expect(extendTo(undefined, undefined, seqs, 6)).toBeUndefined();
  });

  it('Ctrl/Cmd+A marks every listed row and keeps a listed focus', () => {
    const shown = [2, 3, 4, 8, 9];
    const all = selectAllShown(4, shown);
    expect(all?.focus).toBe(4);
    expect(marked(4, all)).toEqual(shown);
    expect(selectAllShown(5, shown)?.focus).toBe(9);
    expect(selectAllShown(undefined, [])).toBeUndefined();
    expect(selectAllShown(7, [7])).toBeUndefined();
  });
});
