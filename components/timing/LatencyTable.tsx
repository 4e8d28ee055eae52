'use client';
import type { MethodStats } from '../../lib/view/latency';
import { formatUs } from '../../lib/view/row-label';

const us = (v: number) => (Number.isNaN(v) ? '—' : formatUs(v));

/** Count and p50/p95/p99/max latency per method, measured at the wire. */
export function LatencyTable({ stats }: { stats: MethodStats[] }) {
  return (
    <table aria-label="Latency by method" className="w-full border-collapse text-left text-xs">
      <thead className="whitespace-nowrap text-zinc-400">
        <tr>
          <th className="py-1 pr-2 font-normal">Method</th>
          <th className="pr-2 font-normal">From</th>
          {['Count', 'Errors', 'In flight', 'Cancelled', 'p50', 'p95', 'p99', 'Max'].map((h) => (
            <th key={h} className="pr-2 text-right font-normal">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="whitespace-nowrap tabular-nums">
        {stats.map((s) => (
          <tr key={`${s.dir} ${s.method}`} className="border-t border-zinc-800">
            <th scope="row" className="py-0.5 pr-2 font-mono font-normal">
              {s.method}
            </th>
            <td className="pr-2">{s.dir === 'c2s' ? 'client' : 'server'}</td>
            <td className="pr-2 text-right">{s.count}</td>
            <td className={`pr-2 text-right ${s.errors ? 'text-red-400' : ''}`}>{s.errors}</td>
            <td className={`pr-2 text-right ${s.inFlight ? 'text-amber-400' : ''}`}>{s.inFlight}</td>
            <td className={`pr-2 text-right ${s.cancelled ? 'text-zinc-300' : 'text-zinc-500'}`}>{s.cancelled}</td>
            <td className="pr-2 text-right">{us(s.p50)}</td>
            <td className="pr-2 text-right">{us(s.p95)}</td>
            <td className="pr-2 text-right">{us(s.p99)}</td>
            <td className="pr-2 text-right">{us(s.max)}</td>
          </tr>
        ))}
        {stats.length === 0 && (
          <tr>
            <td colSpan={10} className="py-2 text-zinc-500">
              No requests yet.
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
