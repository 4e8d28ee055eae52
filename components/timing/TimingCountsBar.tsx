'use client';
import type { TimingCounts } from '../../lib/view/latency';

/** The session's request totals, timeouts and cancellations at a glance. */
export function TimingCountsBar({ counts, timeoutUs }: { counts: TimingCounts; timeoutUs: number }) {
  const items: [string, number, string?][] = [
    ['Requests', counts.requests],
    ['Answered', counts.answered],
    ['In flight', counts.inFlight, counts.inFlight ? 'text-amber-400' : undefined],
    [`Hung (> ${timeoutUs / 1e6} s)`, counts.hung, counts.hung ? 'text-red-400' : undefined],
    ['Timeouts', counts.timeouts, counts.timeouts ? 'text-red-400' : undefined],
    ['Cancelled', counts.cancelled, counts.cancelled ? 'text-amber-400' : undefined],
  ];
  return (
    <dl aria-label="Request counts" className="flex flex-wrap gap-x-6 gap-y-1 text-xs">
      {items.map(([label, n, cls]) => (
        <div key={label} className="flex gap-1">
          <dt className="text-zinc-400">{label}</dt>
          <dd className={`tabular-nums ${cls ?? ''}`}>{n}</dd>
        </div>
      ))}
    </dl>
  );
}
