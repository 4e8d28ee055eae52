'use client';
/**
 * Listen lanes in the visible window: each subscriptions/listen stream as a bar beside the server's
 * lifeline from its acknowledgement to its end (or the window's edge while it is open), a dot for
 * each notification tagged with it, and its state written at its start (left of the server's
 * lifeline: the side lanes are too narrow to hold it). Each lane is an image
 * named by its label, so it can be found without seeing it.
 */
import { listenLaneX, type Lanes, type SequenceLayout } from '../../lib/view/sequence-layout';
import { listenLaneCaption, listenLaneLabel } from '../../lib/view/listen-lanes';
import { LISTEN_LANE_COLOR } from '../../lib/view/palette';

export interface ListenLaneLayerProps {
  layout: SequenceLayout;
  first: number;
  last: number;
  width: number;
  lanes: Lanes;
}

export function ListenLaneLayer({ layout, first, last, width, lanes }: ListenLaneLayerProps) {
  const placed = layout.listenLanes(first, last);
  if (placed.length === 0) return null;
  const { top, height, y } = layout.layerBox(first, last);
  return (
    <svg className="pointer-events-none absolute left-0" style={{ top }} width={width} height={height}>
      {placed.map(({ lane, from, to, marks }) => {
        const x = listenLaneX(lane.column, lanes);
        const y1 = from < first ? 0 : y(from);
        const y2 = to < 0 || to > last ? height : y(to);
        const open = lane.endSeq === undefined;
        const color = open ? LISTEN_LANE_COLOR.open : LISTEN_LANE_COLOR.ended;
        return (
          <g key={lane.requestSeq} role="img" aria-label={listenLaneLabel(lane)} data-listen-state={lane.state}>
            <rect
              x={x - 2}
              y={y1}
              width={4}
              height={Math.max(0, y2 - y1)}
              fill={color}
              opacity={0.55}
              strokeDasharray={lane.acknowledged ? undefined : '2 2'}
              stroke={lane.acknowledged ? 'none' : color}
            />
            {marks.map((p) => (
              <circle key={p} cx={x} cy={y(p)} r={3.5} fill={color} />
            ))}
            {to >= first && to <= last && <line x1={x - 5} x2={x + 5} y1={y2} y2={y2} stroke={color} strokeWidth={2} />}
            {from >= first && (
              <text x={lanes.server - 6} y={y1 - 4} fill={color} fontSize={10} textAnchor="end">
                {listenLaneCaption(lane)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
