'use client';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { FrameView } from '../../lib/browser/frameView';
import { fixedWindow, scrollToShow } from '../../lib/view/fixed-window';
import { indexOfRow } from '../../lib/view/stored-rows';
import { COLUMN_NAMES, MIN_TABLE_WIDTH, ROW_HEIGHT, SIZE_COLUMN_VAR } from '../traffic/columns';
import { TrafficHeaderRow } from '../traffic/TrafficHeaderRow';
import { TrafficRow } from '../traffic/TrafficRow';
import { ReadingMore } from './ReadingMore';
import type { Placement } from './useStoredWindow';

interface Props {
  /** The rows held, ascending by seq. */
  views: FrameView[];
  selected?: number;
  onPick: (seq: number) => void;
  placement?: Placement;
  /** The rows reach the top or the bottom of the viewport: read the next frames that way. */
  onEdge: (end: 'older' | 'newer') => void;
  loading?: 'reset' | 'older' | 'newer';
  idPrefix: string;
  /** What to say when there are no rows. */
  empty: string;
}

const OVERSCAN = 15;
/** Rows from an end at which the next frames are read, so they are there before the end shows. */
const EDGE_ROWS = 40;

/**
 * A stored session's rows, drawn as the traffic table draws a live session's (the same columns and
 * row component), from the few thousand the window holds. Reaching an end reads the next frames
 * that way; the scroll stays on the same rows when rows go on or come off at the top.
 */
export function StoredWindowTable({ views, selected, onPick, placement, onEdge, loading, idPrefix, empty }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  const count = views.length;
  const frames = views.map((v) => v.frame);
  const selectedIndex = selected === undefined ? -1 : indexOfRow(frames, selected);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setHeight(el.clientHeight);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const checkEdges = useCallback(
    (el: HTMLElement) => {
      if (el.scrollTop < EDGE_ROWS * ROW_HEIGHT) onEdge('older');
      else if (el.scrollHeight - el.clientHeight - el.scrollTop < EDGE_ROWS * ROW_HEIGHT) onEdge('newer');
    },
    [onEdge],
  );

  // Placed before paint, so rows that went on at the top never flash in the viewport.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !placement) return;
    const max = Math.max(0, count * ROW_HEIGHT - el.clientHeight);
    if (placement.to === 'bottom') el.scrollTop = max;
    else if (placement.to === 'top') el.scrollTop = 0;
    else if (placement.to === 'shift') el.scrollTop = Math.max(0, el.scrollTop + placement.rows * ROW_HEIGHT);
    else if (placement.to === 'seq') {
      const i = indexOfRow(frames, placement.seq);
      el.scrollTop = Math.max(0, Math.min(max, i * ROW_HEIGHT - el.clientHeight / 2 + ROW_HEIGHT / 2));
    }
    setScrollTop(el.scrollTop);
    // A fresh window may not fill the viewport's reach: read on at once.
    if (placement.to !== 'shift') checkEdges(el);
    // Only a new placement moves the scroll: it comes in the same render as the rows it was made for.
  }, [placement]);

  // A selection moved by keys or a jump is brought into view.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || selectedIndex < 0) return;
    const to = scrollToShow(selectedIndex, el.scrollTop, el.clientHeight, ROW_HEIGHT);
    if (to !== el.scrollTop) el.scrollTop = to;
  }, [selectedIndex]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    setScrollTop(el.scrollTop);
    checkEdges(el);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (!count) return;
    const page = Math.max(1, Math.floor(height / ROW_HEIGHT) - 1);
    const from = selectedIndex < 0 ? (e.key === 'ArrowUp' ? count : -1) : selectedIndex;
    const moves: Record<string, number> = { ArrowDown: from + 1, ArrowUp: from - 1, PageDown: from + page, PageUp: from - page, Home: 0, End: count - 1 };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    onPick(frames[Math.max(0, Math.min(count - 1, to))].seq);
  };

  const onRowPick = useCallback(
    (seq: number, _e: MouseEvent) => {
      if (document.activeElement !== grid.current) grid.current?.focus({ preventScroll: true });
      onPick(seq);
    },
    [onPick],
  );

  const { first, last } = fixedWindow(scrollTop, height, ROW_HEIGHT, count, OVERSCAN);
  const rowId = (seq: number) => `${idPrefix}-row-${seq}`;
  const rows = [];
  for (let index = first; index <= last; index++) {
    const view = views[index];
    rows.push(
      <TrafficRow
        key={index - first}
        view={view}
        index={index}
        top={(index - first) * ROW_HEIGHT}
        domId={rowId(view.frame.seq)}
        marked={view.frame.seq === selected}
        focusRing={false}
        onPick={onRowPick}
      />,
    );
  }
  return (
    <div className={`relative flex min-h-0 flex-1 flex-col ${SIZE_COLUMN_VAR}`} style={{ minWidth: MIN_TABLE_WIDTH }}>
      <div
        ref={grid}
        role="grid"
        aria-label="Stored frames"
        aria-rowcount={count + 1}
        aria-colcount={COLUMN_NAMES.length}
        aria-activedescendant={selectedIndex >= 0 ? rowId(selected!) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        className="flex min-h-0 flex-1 flex-col outline-none focus-visible:ring-1 focus-visible:ring-inset focus-visible:ring-sky-600"
      >
        <TrafficHeaderRow />
        <div ref={scroller} data-scroller onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto overflow-x-hidden [contain:strict]">
          <div role="rowgroup" style={{ height: count * ROW_HEIGHT, position: 'relative' }}>
            <div role="none" className="absolute left-0 top-0 w-full" style={{ transform: `translateY(${first * ROW_HEIGHT}px)` }}>
              {rows}
            </div>
          </div>
          {count === 0 && loading !== 'reset' && <div className="p-4 text-xs text-zinc-500">{empty}</div>}
        </div>
      </div>
      {loading === 'older' && <ReadingMore where="top" />}
      {loading === 'newer' && <ReadingMore where="bottom" />}
    </div>
  );
}
