'use client';
import { useMemo } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { markedFrames } from '../../lib/view/multi-select';
import type { RangeSet } from '../../lib/view/range-set';

/**
 * The frames marked in a trace: its multi-selection, or else its selected frame alone. The set
 * keeps its identity until the person changes the selection, so streamed batches do not touch it.
 */
export function useMarkedFrames(traceId: string): RangeSet {
  const selected = useLoupe((s) => s.selected[traceId]);
  const multi = useLoupe((s) => s.multiSelection[traceId]);
  return useMemo(() => markedFrames(selected, multi), [selected, multi]);
}
