'use client';
import { memo, type MouseEvent } from 'react';
import type { Annotation } from '../../lib/analyze';
import { SeverityMark } from '../annotations/SeverityMark';
import { formatId, formatLatency, formatTime, lifecycleText, shownMethod, type FrameView } from '../../lib/browser/frameView';
import { httpSummary } from '../../lib/view/http-frame';
import { DIRECTION } from './direction';
import { KIND_TONE } from './KindBadge';
import { CELL_CLASS, METHOD_WIDE_CLASS, ROW_HEIGHT_CLASS, SIZE_COLUMN_HIDDEN } from './columns';
import { keepTextUnselected } from './gesture';
import { formatBytes } from '../../lib/text/bytes';
import { channelDirectionLabel, channelLabel } from '../../lib/mcp/channel';

function summary(v: FrameView): string {
  if (v.kind === 'stderr') return v.frame.raw;
  if (v.kind === 'lifecycle') return lifecycleText(v.frame);
  if (v.kind === 'http') return httpSummary(v.frame);
  if (v.kind === 'invalid') return v.method ?? v.frame.raw.slice(0, 300);
  if (v.kind === 'on disk') return "text on disk, past the session's memory budget: select the row to read it";
  return v.method ?? '';
}

function laneTone(v: FrameView, marked: boolean): string {
  if (marked) return 'bg-sky-900/70 text-zinc-50';
  if (v.kind === 'stderr') return 'bg-amber-950/30 text-amber-100/90 hover:bg-amber-900/30';
  if (v.kind === 'lifecycle') return 'bg-zinc-900/60 text-zinc-400 hover:bg-zinc-800/60';
  if (v.kind === 'invalid' || v.kind === 'error') return 'bg-red-950/30 hover:bg-red-900/30';
  return 'hover:bg-zinc-800/60';
}

interface Props {
  view: FrameView;
  /** The analyser's findings on this frame, shown as a severity mark. */
  marks?: readonly Annotation[];
  index: number;
  /** Offset in px inside the window's box (the box itself sits at the window's first row). */
  top: number;
  /** In the set of selected frames (aria-selected). */
  marked: boolean;
  /** The focused frame, outlined when that says more than its mark (several marked, or it is not). */
  focusRing: boolean;
  domId: string;
  onPick: (seq: number, e: MouseEvent) => void;
}

/** A row re-renders only when what it shows changed: its frame, pairing, place or selection. */
function sameRow(a: Props, b: Props): boolean {
  return (
    a.view.frame === b.view.frame &&
    a.view.latencyUs === b.view.latencyUs &&
    a.view.cancelledAfterUs === b.view.cancelledAfterUs &&
    a.view.method === b.view.method &&
    a.view.subject === b.view.subject &&
    a.marks === b.marks &&
    a.index === b.index &&
    a.top === b.top &&
    a.marked === b.marked &&
    a.focusRing === b.focusRing &&
    a.domId === b.domId &&
    a.onPick === b.onPick
  );
}

/**
 * One element per cell and nothing else unless there is something to show: at 2,000 frames/s the
 * table replaces dozens of rows per animation frame, and style and layout cost grows with elements.
 * A row contains its size and layout (new text lays out inside it) but not its paint: paint
 * containment gives every row a clip of its own, one more paint chunk per row for the compositor
 * to layerize in every frame, for cells that stay inside the row anyway.
 */
export const TrafficRow = memo(function TrafficRow({ view: v, marks, index, top, marked, focusRing, domId, onPick }: Props) {
  const latency = formatLatency(v.latencyUs);
  const flags = [v.frame.textDropped && 'text dropped', v.frame.truncated && 'truncated', v.frame.invalidUtf8 && 'invalid UTF-8'].filter(Boolean).join(', ');
  const text = summary(v);
  const shown = shownMethod(v.kind, text);
  const dir = DIRECTION[v.frame.dir];
  const app = v.frame.channel;
  const dirLabel = app === undefined ? dir.label : channelDirectionLabel(app, v.frame.dir);
  return (
    <div
      role="row"
      id={domId}
      aria-rowindex={index + 2}
      aria-selected={marked}
      onMouseDown={keepTextUnselected}
      onClick={(e) => onPick(v.frame.seq, e)}
      style={{ top }}
      className={`absolute left-0 w-full ${ROW_HEIGHT_CLASS} cursor-default [contain:size_layout] whitespace-nowrap border-b border-zinc-900 font-mono text-[11px] ${laneTone(v, marked)} ${focusRing ? 'outline outline-1 -outline-offset-1 outline-sky-300' : ''}`}
    >
      {marks ? (
        <span role="gridcell" className={`${CELL_CLASS[0]} flex items-center justify-between gap-1 px-2 text-zinc-500`}>
          <SeverityMark annotations={marks} />
          <span className="ml-auto">{v.frame.seq}</span>
        </span>
      ) : (
        <span role="gridcell" className={`${CELL_CLASS[0]} px-2 text-right text-zinc-500`}>
          {v.frame.seq}
        </span>
      )}
      <span role="gridcell" className={`${CELL_CLASS[1]} px-2 text-right tabular-nums text-zinc-400`}>
        {formatTime(v.frame.ts)}
      </span>
      {/* The arrow for the eye; the words are the cell's name for screen readers and the tooltip. */}
      <span role="gridcell" aria-label={dirLabel} title={dirLabel} className={`${CELL_CLASS[2]} px-2 text-center font-bold ${dir.tone}`}>
        {dir.glyph}
      </span>
      <span role="gridcell" className={`${CELL_CLASS[3]} px-2 ${KIND_TONE[v.kind]}`}>
        {v.kind}
      </span>
      <span
        role="gridcell"
        className={`${v.subject === undefined ? METHOD_WIDE_CLASS : CELL_CLASS[4]} truncate px-2`}
        title={text}
        aria-label={shown === text && app === undefined ? undefined : [app && channelLabel(app), text, flags].filter(Boolean).join(' ')}
      >
        {/* An MCP App's bridge traffic carries its app's name; the session's own carries none. */}
        {app !== undefined && <span className="mr-1 rounded bg-fuchsia-900/60 px-1 text-[10px] text-fuchsia-100">{channelLabel(app)}</span>}
        {shown}
        {/* Neutral, not red: the requester chose to stop waiting. */}
        {v.cancelledAfterUs !== undefined && (
          <>
            {' '}
            <span className="ml-1 rounded bg-zinc-700 px-1 text-[10px] text-zinc-200">cancelled</span>
          </>
        )}
        {flags && <span className="ml-2 rounded bg-red-900/60 px-1 text-[10px] text-red-200">{flags}</span>}
      </span>
      {/* String ids read whole; one longer than the column ends in … with the full id in the title. */}
      <span role="gridcell" title={v.id === undefined ? undefined : formatId(v.id)} className={`${CELL_CLASS[5]} truncate px-2 text-right text-zinc-300`}>
        {formatId(v.id)}
      </span>
      <span role="gridcell" className={`${CELL_CLASS[6]} px-2 text-right tabular-nums text-zinc-500 ${SIZE_COLUMN_HIDDEN}`}>
        {formatBytes(v.frame.size)}
      </span>
      {/* A cancelled request's time runs up to its cancellation (the mark is in the method cell). */}
      <span
        role="gridcell"
        title={v.cancelledAfterUs !== undefined ? `cancelled after ${formatLatency(v.cancelledAfterUs)}` : undefined}
        className={`${CELL_CLASS[7]} px-2 text-right tabular-nums ${v.cancelledAfterUs !== undefined ? 'text-zinc-400' : latency ? 'text-zinc-200' : ''}`}
      >
        {v.cancelledAfterUs !== undefined ? formatLatency(v.cancelledAfterUs) : latency}
      </span>
      {/* Empty, it lets the wide method cell under it have the pointer (and its tooltip). */}
      <span role="gridcell" title={v.subject} className={`${CELL_CLASS[8]} truncate px-2 text-sky-200 ${v.subject === undefined ? 'pointer-events-none' : ''}`}>
        {v.subject}
      </span>
    </div>
  );
}, sameRow);
