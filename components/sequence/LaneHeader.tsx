'use client';
import { LANE_ORDER, laneTitle, type Lanes } from '../../lib/view/sequence-layout';

/** Lane titles above the scrolling rows: the fixed lanes and one per MCP App (App #n). */
export function LaneHeader({ lanes, width }: { lanes: Lanes; width: number }) {
  const titles = [
    ...LANE_ORDER.map((lane) => ({ key: lane, x: lanes[lane], title: laneTitle(lane, lanes) })),
    ...lanes.apps.map((a) => ({ key: a.channel, x: a.x, title: a.title })),
  ];
  return (
    <div
      className="relative h-6 shrink-0 overflow-hidden border-b border-zinc-800 text-xs font-semibold text-zinc-300"
      style={{ minWidth: width }}
      aria-hidden="true"
    >
      {titles.map(({ key, x, title }) => (
        <span key={key} data-lane={key} className="absolute top-1 -translate-x-1/2 whitespace-nowrap" style={{ left: x }}>
          {title}
        </span>
      ))}
    </div>
  );
}
