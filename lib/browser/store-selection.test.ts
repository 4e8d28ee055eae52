import { describe, expect, it } from 'vitest';
import { extendTo, markedFrames } from '../view/multi-select';
import { iterateSeqs } from '../view/range-set';
import { useLoupe } from './store';

const seqs = Array.from({ length: 10 }, (_, i) => i + 1);
const markedIn = (traceId: string) => {
  const s = useLoupe.getState();
  return [...iterateSeqs(markedFrames(s.selected[traceId], s.multiSelection[traceId]))];
};

describe('the store keeps a multi-selection per trace beside its selected frame', () => {
  it('selectMany moves the focus and keeps the marks; select from any pane collapses them', () => {
    const { selectMany, select } = useLoupe.getState();
    select('a', 2);
    select('b', 7);
    selectMany('a', 5, extendTo(2, undefined, seqs, 5));
    expect(useLoupe.getState().selected.a).toBe(5);
    expect(markedIn('a')).toEqual([2, 3, 4, 5]);
    expect(markedIn('b')).toEqual([7]);

    const before = useLoupe.getState().multiSelection;
    select('b', 8);
    expect(useLoupe.getState().multiSelection).toBe(before);

    select('a', 9);
    expect(useLoupe.getState().multiSelection.a).toBeUndefined();
    expect(markedIn('a')).toEqual([9]);
  });
});
