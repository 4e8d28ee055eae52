'use client';
/** One frame of the diagram: a positioned div (the accessible row) holding an SVG arrow. */
import { memo } from 'react';
import { gestureOf, keepTextUnselected, type PickGesture } from '../traffic/gesture';
import { channelDirectionLabel, channelLabel } from '../../lib/mcp/channel';
import { rowShape, type Lanes } from '../../lib/view/sequence-layout';
import type { SeqRow } from '../../lib/view/sequence-model';
import { clip, formatUs } from '../../lib/view/row-label';
import { KIND_COLOR, SEVERITY_COLOR, type Severity } from '../../lib/view/palette';

export interface SequenceRowProps {
  row: SeqRow;
  top: number;
  height: number;
  width: number;
  lanes: Lanes;
  /** The focused frame, shared by every pane. */
  selected: boolean;
  /** Among the selected frames (the focused one, and any marked with it in the traffic table). */
  marked: boolean;
  severity?: Severity;
  /** The analyser's findings on this frame, the tooltip of its severity mark. */
  finding?: string;
  /** Bumped when the row's pairing changes, so memo lets the update through. */
  revision: string;
  /** The rows are part of a session (a window onto a stored one): a partner may lie outside them. */
  partial?: boolean;
  /** The row's place in the drawn window (its element's key). */
  place: number;
  onSelect(seq: number, how: PickGesture): void;
  /** Called with the row's place in the window when the pointer enters it, undefined when it leaves. */
  onHover(place: number | undefined): void;
}

export function rowAccessibleName(row: SeqRow, severity?: Severity, partial = false): string {
  const parts = [`#${row.seq}`, channelDirectionLabel(row.channel, row.dir), row.lane === 'message' ? row.kind : row.lane, row.label];
  if (row.channel !== undefined) parts.splice(1, 0, channelLabel(row.channel));
  if (row.kind === 'request')
    parts.push(
      row.pairSeq !== undefined
        ? `answered by #${row.pairSeq}`
        : row.cancelledBy !== undefined
          ? 'cancelled, no response'
          : partial
            ? 'no response among the rows held'
            : 'awaiting response',
    );
  if ((row.kind === 'response' || row.kind === 'error') && (row.pairSeq !== undefined || partial))
    parts.push(row.pairSeq !== undefined ? `answers #${row.pairSeq}` : 'its request is not among the rows held');
  if (row.latencyUs !== undefined && row.kind !== 'request') parts.push(formatUs(row.latencyUs));
  if (row.parentSeq !== undefined) parts.push(`nested under #${row.parentSeq}`);
  if (row.progressCount) parts.push(`${row.progressCount} progress notifications`);
  if (row.round !== undefined && row.kind === 'request')
    parts.push(row.round === 1 ? `round 1 of ${row.rounds} of one call` : `round ${row.round} of the call at #${row.parentSeq}`);
  if (row.subscription !== undefined) parts.push(`on the listen stream #${row.subscription}`);
  if (row.polls) parts.push(`its task polled ${row.polls} times`);
  if (row.cancelledBy !== undefined) parts.push(`cancelled by #${row.cancelledBy}`);
  if (row.forward !== undefined) parts.push(forwardText(row));
  if (severity) parts.push(severity);
  return parts.join(', ');
}

/** How a forwarded call's two requests name each other. */
function forwardText(row: SeqRow): string {
  return row.channel !== undefined ? `forwarded to the server as #${row.forward}` : `forwards the app's request #${row.forward}`;
}

function Arrow({ row, lanes, cy }: { row: SeqRow; lanes: Lanes; cy: number }) {
  const s = rowShape(row, lanes);
  const color = KIND_COLOR[row.kind];
  if (s.type === 'mark') return <circle cx={s.x1} cy={cy} r={4} fill={color} />;
  const dir = Math.sign(s.x2 - s.x1) || 1;
  const back = s.x2 - dir * 7;
  return (
    <g stroke={color} strokeWidth={1.5}>
      <line x1={s.x1} y1={cy} x2={s.x2} y2={cy} strokeDasharray={s.dashed ? '5 3' : undefined} />
      {s.head === 'cross' ? (
        <path d={`M${s.x2 - 4} ${cy - 4}l8 8M${s.x2 - 4} ${cy + 4}l8 -8`} />
      ) : (
        <path
          d={`M${back} ${cy - 4}L${s.x2} ${cy}L${back} ${cy + 4}${s.head === 'filled' ? 'Z' : ''}`}
          fill={s.head === 'filled' ? color : 'none'}
          strokeWidth={1}
        />
      )}
    </g>
  );
}

/** The severity mark left of the lifecycle lane; the one part of the row's drawing that takes the
 *  pointer, so that its tooltip (an SVG title) shows. A wider transparent disc makes it easy to hit. */
function SeverityMark({ severity, finding, cy }: { severity: Severity; finding?: string; cy: number }) {
  return (
    <g className="pointer-events-auto cursor-help" data-severity-mark={severity}>
      <title>{finding ?? `${severity}: the analyser has a finding on this frame (see Annotations)`}</title>
      <circle cx={50} cy={cy} r={8} fill="transparent" />
      <circle cx={50} cy={cy} r={4} fill={SEVERITY_COLOR[severity]} />
    </g>
  );
}

function SequenceRowView({ row, top, height, width, lanes, selected, marked, severity, finding, partial, place, onSelect, onHover }: SequenceRowProps) {
  const cy = height / 2 + 2;
  const shape = rowShape(row, lanes);
  const latency = row.kind !== 'request' && row.latencyUs !== undefined ? formatUs(row.latencyUs) : undefined;
  const extra = [
    row.progressCount ? `${row.progressCount}× progress` : '',
    row.rounds ? `${row.rounds} rounds` : row.round ? `round ${row.round}` : '',
    row.polls ? `task, ${row.polls}× polled` : '',
    row.cancelledBy !== undefined ? 'cancelled' : '',
    row.forward !== undefined ? (row.channel !== undefined ? `→ #${row.forward}` : `for #${row.forward}`) : '',
    row.kind === 'request' && row.pairSeq === undefined && row.cancelledBy === undefined ? '…' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      role="option"
      id={`seq-row-${row.seq}`}
      aria-selected={marked}
      aria-label={rowAccessibleName(row, severity, partial)}
      data-seq={row.seq}
      onMouseDown={keepTextUnselected}
      onClick={(e) => onSelect(row.seq, gestureOf(e))}
      onMouseEnter={() => onHover(place)}
      onMouseLeave={() => onHover(undefined)}
      className={`absolute left-0 cursor-pointer ${selected ? 'bg-sky-900/50' : marked ? 'bg-sky-900/25' : severity === 'error' ? 'bg-red-950/40 hover:bg-zinc-800/60' : 'hover:bg-zinc-800/60'}`}
      style={{ top, height, width }}
    >
      <svg width={width} height={height} className="pointer-events-none absolute left-0 top-0 overflow-visible" aria-hidden="true">
        <text x={6} y={cy + 4} fill="#71717a" fontSize={11}>
          {row.seq}
        </text>
        {severity && <SeverityMark severity={severity} finding={finding} cy={cy} />}
        <Arrow row={row} lanes={lanes} cy={cy} />
        <text x={shape.labelX} y={cy - 4} textAnchor={shape.labelAnchor} fill={KIND_COLOR[row.kind]} fontSize={11}>
          {clip(row.label)}
          {latency && <tspan fill="#a1a1aa">{`  ${latency}`}</tspan>}
          {extra && <tspan fill="#fbbf24">{`  ${extra}`}</tspan>}
        </text>
      </svg>
    </div>
  );
}

export const SequenceRow = memo(SequenceRowView);
