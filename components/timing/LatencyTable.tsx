'use client';
import type { MethodStats } from '../../lib/view/latency';
import { formatUs } from '../../lib/view/row-label';
import { MethodTable } from './MethodTable';

const us = (v: number) => (Number.isNaN(v) ? '—' : formatUs(v));

/** Count and p50/p95/p99/max latency per method, measured at the wire. */
export function LatencyTable({ stats }: { stats: MethodStats[] }) {
  return (
    <MethodTable
      label="Latency by method"
      heads={['Count', 'Errors', 'In flight', 'Cancelled', 'p50', 'p95', 'p99', 'Max']}
      empty="No requests yet."
      rows={stats.map((s) => ({
        method: s.method,
        dir: s.dir,
        cells: [
          { text: s.count },
          { text: s.errors, className: s.errors ? 'text-red-400' : '' },
          { text: s.inFlight, className: s.inFlight ? 'text-amber-400' : '' },
          { text: s.cancelled, className: s.cancelled ? 'text-zinc-300' : 'text-zinc-500' },
          { text: us(s.p50) },
          { text: us(s.p95) },
          { text: us(s.p99) },
          { text: us(s.max) },
        ],
      }))}
    />
  );
}
