/**
 * Multi-selection in a frame list, as DevTools and Wireshark users expect it: Shift+click (or
 * Shift+arrow) marks the rows from the anchor to the target, Ctrl/Cmd+click toggles one row and
 * keeps the rest, a plain click or Escape collapses to one frame. The focused frame is the shared
 * selected frame every pane follows; this state rides beside it and is valid only while the focus
 * is still that frame, so a pane that selects a frame on its own collapses it without knowing it.
 */
import { EMPTY_RANGE_SET, rangeSetOfSlice, sameSet, singleSeq, toggleSeq, unionSets, type RangeSet } from './range-set';

export interface MultiSelection {
  /** The focused frame: the selected frame of the trace when this state was made. */
  focus: number;
  /** Where a Shift range starts; it stays put while Shift moves the focus. */
  anchor: number;
  /** What stays marked whatever the Shift range becomes (the rows Ctrl/Cmd+click picked). */
  base: RangeSet;
  /** Every marked frame, the focused one included unless Ctrl/Cmd+click took it out. */
  marked: RangeSet;
}

/** The state that applies to `selected`, or undefined when it belongs to an earlier focus. */
function current(selected: number | undefined, multi: MultiSelection | undefined): MultiSelection | undefined {
  return multi && multi.focus === selected ? multi : undefined;
}

/** The frames a person marked: the multi-selection, or else just the selected frame. */
export function markedFrames(selected: number | undefined, multi: MultiSelection | undefined): RangeSet {
  const m = current(selected, multi);
  if (m) return m.marked;
  return selected === undefined ? EMPTY_RANGE_SET : singleSeq(selected);
}

/** Undefined when the state says no more than "the focused frame alone is selected". */
function simplest(m: MultiSelection): MultiSelection | undefined {
  return m.anchor === m.focus && sameSet(m.marked, singleSeq(m.focus)) ? undefined : m;
}

/** Ctrl/Cmd+click on `seq`: it moves in or out of the marked set, becomes the focus and the anchor. */
export function toggleFrame(selected: number | undefined, multi: MultiSelection | undefined, seq: number): MultiSelection | undefined {
  const marked = toggleSeq(markedFrames(selected, multi), seq);
  return simplest({ focus: seq, anchor: seq, base: marked, marked });
}

/** First index whose seq is at least `seq` (seqs ascending). */
function lowerBound(seqs: readonly number[], seq: number): number {
  let lo = 0;
  let hi = seqs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (seqs[mid] < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Shift+click (or Shift+arrow) to `target`: marks the listed rows between the anchor and the
 * target, on top of what Ctrl/Cmd+click picked before. `seqs` are the rows the list shows
 * (ascending); rows a filter hides are not marked, as they are not seen. An anchor the filter
 * hides still bounds the range.
 */
export function extendTo(selected: number | undefined, multi: MultiSelection | undefined, seqs: readonly number[], target: number): MultiSelection | undefined {
  const m = current(selected, multi);
  const anchor = m?.anchor ?? selected ?? target;
  const base = m?.base ?? EMPTY_RANGE_SET;
  const first = lowerBound(seqs, Math.min(anchor, target));
  const last = lowerBound(seqs, Math.max(anchor, target) + 1) - 1;
  const marked = unionSets(base, rangeSetOfSlice(seqs, first, last));
  return simplest({ focus: target, anchor, base, marked });
}

/** Ctrl/Cmd+A: every listed row. The focus stays if it is listed (else the last row takes it). */
export function selectAllShown(selected: number | undefined, seqs: readonly number[]): MultiSelection | undefined {
  if (!seqs.length) return undefined;
  const at = selected === undefined ? -1 : lowerBound(seqs, selected);
  const focus = at >= 0 && seqs[at] === selected ? selected : seqs[seqs.length - 1];
  return simplest({ focus, anchor: focus, base: EMPTY_RANGE_SET, marked: rangeSetOfSlice(seqs, 0, seqs.length - 1) });
}
