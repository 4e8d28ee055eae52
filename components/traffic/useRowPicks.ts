'use client';
import { useCallback, useRef } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { extendTo, selectAllShown, toggleFrame } from '../../lib/view/multi-select';
import type { PickGesture } from './gesture';

/**
 * The traffic table's selection gestures, wired to the store. The handlers read the store and the
 * listed rows when called, not when made, so they keep their identity while frames stream in:
 * every row takes `onPick` as a prop, and a new one would re-render them all per batch.
 */
export function useRowPicks(traceId: string, listed: readonly number[] | (() => readonly number[])) {
  // A view that lists every frame (the diagram) passes a function: the list is built on a range
  // gesture only, never per batch.
  const source = useRef(listed);
  source.current = listed;
  const shown = {
    get current() {
      const l = source.current;
      return typeof l === 'function' ? l() : l;
    },
  };

  const onPick = useCallback(
    (seq: number, how: PickGesture) => {
      const s = useLoupe.getState();
      if (how === 'one') return s.select(traceId, seq);
      const [focus, multi] = [s.selected[traceId], s.multiSelection[traceId]];
      s.selectMany(traceId, seq, how === 'toggle' ? toggleFrame(focus, multi, seq) : extendTo(focus, multi, shown.current, seq));
    },
    [traceId],
  );

  const onSelectAll = useCallback(() => {
    const s = useLoupe.getState();
    const listed = shown.current;
    if (!listed.length) return;
    // Undefined only when one row is listed: then that row, alone, is all of them.
    const all = selectAllShown(s.selected[traceId], listed);
    s.selectMany(traceId, all?.focus ?? listed[listed.length - 1], all);
  }, [traceId]);

  /** Escape and the clear button: back to the focused frame alone. */
  const onCollapse = useCallback(() => {
    const s = useLoupe.getState();
    s.select(traceId, s.selected[traceId]);
  }, [traceId]);

  return { onPick, onSelectAll, onCollapse };
}
