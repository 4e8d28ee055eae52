'use client';
import { useCallback, useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { Annotation } from '../../lib/analyze';
import { frameView } from '../../lib/browser/frameView';
import type { Trace } from '../../lib/browser/trace';
import { fixedWindow, scrollToShow } from '../../lib/view/fixed-window';
import { containsSeq, type RangeSet } from '../../lib/view/range-set';
import { Button } from '../ui/Button';
import { useElementSize } from '../ui/useElementSize';
import { COLUMN_NAMES, MIN_TABLE_WIDTH, ROW_HEIGHT, SIZE_COLUMN_VAR } from './columns';
import { TrafficHeaderRow } from './TrafficHeaderRow';
import { TrafficRow } from './TrafficRow';
import { useFollowBottom } from './useFollowBottom';
import { gestureOf, type PickGesture } from './gesture';

interface Props {
  trace: Trace;
  /** The visible seqs, ascending. */
  seqs: number[];
  /** The focused frame: the one every pane shows. */
  selected?: number;
  /** Every selected frame (the focused one, and any Shift/Ctrl/Cmd+click added). */
  marked: RangeSet;
  /** `one` selects the frame alone, `toggle` adds or removes it, `extend` marks up to it from the anchor. */
  onPick: (seq: number, how: PickGesture) => void;
  /** Escape: back to the focused frame alone. */
  onCollapse: () => void;
  /** Ctrl/Cmd+A: every row the table lists. */
  onSelectAll: () => void;
  idPrefix: string;
  marks?: ReadonlyMap<number, readonly Annotation[]>;
}

function indexOfSeq(seqs: number[], seq: number): number {
  let lo = 0;
  let hi = seqs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (seqs[mid] === seq) return mid;
    if (seqs[mid] < seq) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Rows drawn beyond the viewport on each side, so a scroll shows rows at once. */
const OVERSCAN = 15;
/**
 * While the table follows the live end, rows above the viewport only wait for a scroll up, which
 * stops the following and brings OVERSCAN back in the next render; and at 2,000 frames/s every
 * row drawn takes a new frame in every animation frame. A few rows cover a scroll's first frame.
 */
const FOLLOWING_OVERSCAN = 4;

/** Before the scroller is measured: a guess that fills a tall screen with rows at once. */
const UNMEASURED = { width: 0, height: 600 };

/**
 * The frame list: only the visible rows are in the DOM, so 100,000 frames scroll like 100. Rows
 * have one height, so the window is arithmetic (lib/view/fixed-window): a new batch costs the same
 * at any length, with no per-row bookkeeping and no DOM measuring.
 */
export function TrafficTable({ trace, seqs, selected, marked, onPick, onCollapse, onSelectAll, idPrefix, marks }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const count = seqs.length;
  // The scroller's height, read once per resize, not per batch.
  const { height } = useElementSize(scroller, UNMEASURED);
  const follow = useFollowBottom(scroller, count, ROW_HEIGHT, height);
  const { first, last } = fixedWindow(follow.scrollTop, height, ROW_HEIGHT, count, follow.following.current ? FOLLOWING_OVERSCAN : OVERSCAN);
  const selectedIndex = selected === undefined ? -1 : indexOfSeq(seqs, selected);

  // Bring the selection into view when it changes from anywhere (keys, a jump, another pane).
  useEffect(() => {
    const el = scroller.current;
    if (!el || selectedIndex < 0) return;
    const to = scrollToShow(selectedIndex, el.scrollTop, el.clientHeight, ROW_HEIGHT);
    if (to !== el.scrollTop) el.scrollTop = to;
  }, [selectedIndex]);

  // True when the selection is the focused frame alone: then Escape has nothing to collapse, and
  // the focus outline would say nothing that the row's mark does not.
  const soleFocus = marked.size === 1 && selected !== undefined && containsSeq(marked, selected);

  const onKeyDown = useCallback(
    (e: KeyboardEvent) => {
      if (e.key === 'Escape' && selected !== undefined && !soleFocus) {
        e.preventDefault();
        onCollapse();
        return;
      }
      if (!count) return;
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'a') {
        e.preventDefault();
        onSelectAll();
        return;
      }
      const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 200) / ROW_HEIGHT) - 1);
      const from = selectedIndex < 0 ? (e.key === 'ArrowUp' ? count : -1) : selectedIndex;
      const moves: Record<string, number> = { ArrowDown: from + 1, ArrowUp: from - 1, PageDown: from + page, PageUp: from - page, Home: 0, End: count - 1 };
      const to = moves[e.key];
      if (to === undefined) return;
      e.preventDefault();
      // Shift+move extends the range; a plain move collapses to the frame it lands on.
      onPick(seqs[Math.max(0, Math.min(count - 1, to))], e.shiftKey ? 'extend' : 'one');
    },
    [count, selectedIndex, seqs, selected, soleFocus, onPick, onCollapse, onSelectAll],
  );

  const onRowPick = useCallback(
    (seq: number, e: MouseEvent) => {
      // The row's mousedown kept focus where it was for modified clicks: keys must reach the grid.
      if (document.activeElement !== grid.current) grid.current?.focus({ preventScroll: true });
      onPick(seq, gestureOf(e));
    },
    [onPick],
  );

  const rowId = (seq: number) => `${idPrefix}-row-${seq}`;
  // Rows are keyed by their place in the window, not by seq: as the window slides (a batch arrives
  // while following the live end, or a scroll), each row element stays where it is and takes the
  // text of the frame that now sits there. No row is created, removed or moved in the DOM, so
  // nothing needs its style recomputed; only changed text is laid out again. Measured at 2,000
  // frames/s: CPU per frame 11.6 -> 7.9 ms at the median, 23 -> 14 ms at p99, against keys by seq
  // slot (which moved a row element per new frame to keep DOM order equal to visual order).
  const rows = [];
  for (let index = first; index <= last; index++) {
    const seq = seqs[index];
    const view = frameView(trace, seq);
    if (!view) continue;
    rows.push(
      <TrafficRow
        key={index - first}
        view={view}
        marks={marks?.get(seq)}
        index={index}
        top={(index - first) * ROW_HEIGHT}
        domId={rowId(seq)}
        marked={containsSeq(marked, seq)}
        focusRing={seq === selected && !soleFocus}
        onPick={onRowPick}
      />,
    );
  }
  return (
    <div className={`relative flex min-h-0 flex-1 flex-col ${SIZE_COLUMN_VAR}`} style={{ minWidth: MIN_TABLE_WIDTH }}>
      <div
        ref={grid}
        role="grid"
        aria-label="Traffic"
        aria-multiselectable
        aria-rowcount={count + 1}
        aria-colcount={COLUMN_NAMES.length}
        aria-activedescendant={selected !== undefined && selectedIndex >= 0 ? rowId(selected) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        className="flex min-h-0 flex-1 flex-col outline-none focus-visible:ring-1 focus-visible:ring-inset focus-visible:ring-sky-600"
      >
        <TrafficHeaderRow />
        {/* Strict containment: a new batch re-lays out the scroller's inside, never the page around it. */}
        <div ref={scroller} data-scroller onScroll={follow.onScroll} className="min-h-0 flex-1 overflow-y-auto overflow-x-hidden [contain:strict]">
          <div role="rowgroup" style={{ height: count * ROW_HEIGHT, position: 'relative' }}>
            {/* The window slides as one box and each row keeps its offset inside it: a batch moves one
                transform, not one per row. */}
            <div role="none" className="absolute left-0 top-0 w-full" style={{ transform: `translateY(${first * ROW_HEIGHT}px)` }}>
              {rows}
            </div>
          </div>
          {count === 0 && <div className="p-4 text-xs text-zinc-500">No frames {trace.frames.length ? 'match the filter' : 'yet'}.</div>}
        </div>
      </div>
      {!follow.atBottom && follow.unseen > 0 && (
        <div className="absolute bottom-3 left-1/2 -translate-x-1/2">
          <Button variant="primary" onClick={follow.jumpToNewest}>
            ↓ {follow.unseen} new — jump to newest
          </Button>
        </div>
      )}
    </div>
  );
}
