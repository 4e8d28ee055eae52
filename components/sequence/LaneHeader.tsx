'use client';
import { LANE_ORDER, LANE_TITLES, type LaneName } from '../../lib/view/sequence-layout';

/** Lane titles above the scrolling rows. */
export function LaneHeader({ lanes, width }: { lanes: Record<LaneName, number>; width: number }) {
  return (
    <div
      className="relative h-6 shrink-0 overflow-hidden border-b border-zinc-800 text-xs font-semibold text-zinc-300"
      style={{ minWidth: width }}
      aria-hidden="true"
    >
      {LANE_ORDER.map((lane) => (
        <span key={lane} className="absolute top-1 -translate-x-1/2 whitespace-nowrap" style={{ left: lanes[lane] }}>
          {LANE_TITLES[lane]}
        </span>
      ))}
    </div>
  );
}
