'use client';
/** The scrolling part of the diagram: a spacer as tall as every row, and only the visible rows. */
import { useCallback, useState, type KeyboardEvent } from 'react';
import type { PickGesture } from '../traffic/gesture';
import type { Frame } from '../../lib/mcp/frame';
import type { Lanes, SequenceLayout } from '../../lib/view/sequence-layout';
import { rowSummary } from '../../lib/view/row-label';
import type { Severity } from '../../lib/view/palette';
import type { Viewport } from './useViewport';
import { SequenceRow } from './SequenceRow';
import { SpanLayer } from './SpanLayer';
import { ListenLaneLayer } from './ListenLaneLayer';
import { containsSeq, type RangeSet } from '../../lib/view/range-set';

export interface SequenceViewportProps {
  layout: SequenceLayout;
  frames: readonly Frame[];
  vp: Viewport;
  /** The diagram's drawing width (at least the minimum; wider than the viewport scrolls). */
  width: number;
  lanes: Lanes;
  selectedSeq?: number;
  marked?: RangeSet;
  onSelect(seq: number | undefined): void;
  /** Shift/Ctrl/Cmd+click marks frames with the selected one; a plain click selects when absent. */
  onPick?(seq: number, how: PickGesture): void;
  severityOf(seq: number): Severity | undefined;
  /** The tooltip of a frame's severity mark: the analyser's findings on it. */
  findingOf(seq: number): string | undefined;
  /** The rows are part of a session (a window onto a stored one): a lone end says its partner is not held. */
  partial?: boolean;
  /** What to say when there are no rows. */
  empty?: string;
}

export function SequenceViewport(props: SequenceViewportProps) {
  const { layout, frames, vp, width, lanes, selectedSeq, marked, onSelect, onPick, severityOf, findingOf, partial, empty = 'No frames yet.' } = props;
  const [hover, setHover] = useState<number | undefined>();
  const pick = useCallback((seq: number, how: PickGesture) => (onPick ? onPick(seq, how) : onSelect(seq)), [onPick, onSelect]);
  const { first, last } = layout.offsets.window(vp.scrollTop, vp.height);
  const h = layout.options.rowHeight;

  const onKeyDown = (e: KeyboardEvent) => {
    const n = layout.length;
    if (n === 0) return;
    const cur = selectedSeq === undefined ? -1 : layout.positionOfSeq(selectedSeq);
    const page = Math.max(1, Math.floor(vp.height / h) - 1);
    const moves: Record<string, () => number> = {
      ArrowDown: () => (cur < 0 ? layout.offsets.positionAt(vp.scrollTop) : cur + 1),
      ArrowUp: () => (cur < 0 ? layout.offsets.positionAt(vp.scrollTop) : cur - 1),
      Home: () => 0,
      End: () => n - 1,
      PageDown: () => cur + page,
      PageUp: () => cur - page,
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    const next = Math.min(n - 1, Math.max(0, move()));
    onSelect(layout.rowAt(next).seq);
    vp.ensureVisible(next);
  };

  // Keyed by place in the window, as the traffic table's rows are: while frames stream in, each
  // row element stays and takes the frame now drawn there instead of elements being created,
  // removed and moved.
  const rows = [];
  for (let p = first; p <= last; p++) {
    const row = layout.rowAt(p);
    rows.push(
      <SequenceRow
        key={p - first}
        place={p - first}
        row={row}
        top={layout.offsets.top(p)}
        height={h}
        width={width}
        lanes={lanes}
        selected={row.seq === selectedSeq}
        marked={marked ? containsSeq(marked, row.seq) : row.seq === selectedSeq}
        severity={severityOf(row.seq)}
        finding={findingOf(row.seq)}
        partial={partial}
        revision={`${row.pairSeq}|${row.progressCount}|${row.cancelledBy}`}
        onSelect={pick}
        onHover={setHover}
      />,
    );
  }
  // The pointer rests on a row element, and that element shows whichever frame now sits in its place:
  // the hover is that place, so the summary follows what is under the pointer while frames stream.
  const hoverPos = hover === undefined || first + hover > last ? -1 : first + hover;
  const hovered = hoverPos < 0 ? undefined : layout.rowAt(hoverPos);

  return (
    <div
      ref={vp.ref}
      role="listbox"
      aria-label="Sequence diagram"
      aria-multiselectable={!!marked && marked.size > 1}
      aria-activedescendant={
        selectedSeq !== undefined && layout.positionOfSeq(selectedSeq) >= first && layout.positionOfSeq(selectedSeq) <= last
          ? `seq-row-${selectedSeq}`
          : undefined
      }
      tabIndex={0}
      onScroll={vp.onScroll}
      onKeyDown={onKeyDown}
      className="relative min-h-0 flex-1 overflow-auto font-mono outline-none [contain:strict] focus-visible:ring-1 focus-visible:ring-sky-600"
    >
      <div style={{ height: layout.offsets.height, width, position: 'relative' }}>
        <SpanLayer layout={layout} first={first} last={last} width={width} lanes={lanes} />
        <ListenLaneLayer layout={layout} first={first} last={last} width={width} lanes={lanes} />
        {rows}
        {hovered && hoverPos >= 0 && (
          <div
            role="tooltip"
            className="pointer-events-none absolute z-10 max-w-xl whitespace-pre-wrap break-all rounded border border-zinc-700 bg-zinc-900/95 p-2 text-xs text-zinc-200 shadow-lg"
            style={{ top: layout.offsets.top(hoverPos) + h + 2, left: Math.max(0, Math.min(lanes.client + 20, width - 320)) }}
          >
            {rowSummary(hovered, frames[hovered.index])}
          </div>
        )}
        {layout.length === 0 && <p className="p-4 text-sm text-zinc-500">{empty}</p>}
      </div>
    </div>
  );
}
