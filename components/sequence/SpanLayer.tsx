'use client';
/** What sits behind the rows of the visible window: lifelines, activation bars, compressed gaps. */
import { LANE_ORDER, spanX, type Lanes, type SequenceLayout } from '../../lib/view/sequence-layout';
import { formatUs } from '../../lib/view/row-label';
import { FORWARD_COLOR, LIFELINE_COLOR, SPAN_COLOR } from '../../lib/view/palette';

export interface SpanLayerProps {
  layout: SequenceLayout;
  first: number;
  last: number;
  width: number;
  lanes: Lanes;
}

export function SpanLayer({ layout, first, last, width, lanes }: SpanLayerProps) {
  if (last < first) return null;
  const { top, height, y } = layout.layerBox(first, last);
  return (
    <svg className="pointer-events-none absolute left-0" style={{ top }} width={width} height={height} aria-hidden="true">
      {LANE_ORDER.map((lane) => (
        <line
          key={lane}
          x1={lanes[lane]}
          x2={lanes[lane]}
          y1={0}
          y2={height}
          stroke={LIFELINE_COLOR}
          strokeDasharray={lane === 'client' || lane === 'server' ? undefined : '2 3'}
        />
      ))}
      {lanes.apps.map((a) => (
        <line key={a.channel} x1={a.x} x2={a.x} y1={0} y2={height} stroke={LIFELINE_COLOR} />
      ))}
      {layout.forwards(first, last).map((f) => {
        // The host takes the app's call down its own lifeline to the request it sends the server.
        const y1 = f.from < first ? 0 : y(f.from);
        const y2 = f.to < 0 || f.to > last ? height : y(f.to);
        return (
          <line
            key={`fwd-${f.appSeq}`}
            x1={lanes.client + 4}
            x2={lanes.client + 4}
            y1={y1}
            y2={y2}
            stroke={FORWARD_COLOR}
            strokeWidth={2}
            strokeDasharray="3 2"
          />
        );
      })}
      {layout.spans(first, last).map((s) => {
        const x = spanX(s, lanes);
        const y1 = s.from < first ? 0 : y(s.from);
        const y2 = s.to < 0 || s.to > last ? height : y(s.to);
        return (
          <rect
            key={s.requestSeq}
            x={x - 3}
            y={y1}
            width={6}
            height={Math.max(0, y2 - y1)}
            fill={SPAN_COLOR}
            stroke={s.answered ? 'none' : '#fbbf24'}
            strokeDasharray="2 2"
          />
        );
      })}
      {layout.offsets.gapsIn(first, last).map((g) => {
        const gy = layout.offsets.top(g.position) - top - layout.options.gapHeight;
        return (
          <g key={g.position}>
            <rect x={0} y={gy + 3} width={width} height={layout.options.gapHeight - 6} fill="#18181b" />
            <text x={(lanes.client + lanes.server) / 2} y={gy + layout.options.gapHeight / 2 + 4} fill="#a1a1aa" fontSize={11} textAnchor="middle">
              {`⋯ ${formatUs(g.us)} ⋯`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
