'use client';
import type { RequestRecord } from '../../lib/view/latency';
import { formatUs } from '../../lib/view/row-label';

/** The requests that took longest; a click selects the request frame. */
export function SlowestRequests({ requests, onSelect }: { requests: RequestRecord[]; onSelect(seq: number): void }) {
  return (
    <table aria-label="Slowest requests" className="w-full border-collapse text-left text-xs">
      <thead className="text-zinc-400">
        <tr>
          <th className="py-1 pr-2 font-normal">Frame</th>
          <th className="pr-2 font-normal">Method</th>
          <th className="pr-2 text-right font-normal">Latency</th>
          <th className="font-normal">Outcome</th>
        </tr>
      </thead>
      <tbody className="whitespace-nowrap tabular-nums">
        {requests.map((r) => (
          <tr key={r.seq} className="border-t border-zinc-800">
            <td className="pr-2">
              <button type="button" className="text-sky-400 hover:underline" onClick={() => onSelect(r.seq)}>
                #{r.seq}
              </button>
            </td>
            <td className="pr-2 font-mono">{r.method}</td>
            <td className="pr-2 text-right">{formatUs(r.latencyUs ?? 0)}</td>
            <td className={r.isError ? 'text-red-400' : 'text-green-400'}>
              {r.isError ? `error ${r.errorCode ?? ''}` : 'result'}
              {r.cancelled ? ' (cancelled)' : ''}
            </td>
          </tr>
        ))}
        {requests.length === 0 && (
          <tr>
            <td colSpan={4} className="py-2 text-zinc-500">
              No answered requests yet.
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
