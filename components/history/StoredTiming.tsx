'use client';
import { useState } from 'react';
import { fetchStoredTiming } from '../../lib/browser/stored-window';
import type { StoredMethodStats } from '../../lib/view/latency-histogram';
import { formatUs } from '../../lib/view/row-label';

const us = (v: number | undefined) => (v === undefined ? '—' : formatUs(v));
const HEADS = ['Count', 'Answered', 'Errors', 'Unanswered', 'p50', 'p95', 'p99', 'Max'];

/**
 * Latency by method over every frame of a stored session, from the store's timing column (no frame
 * is read): read when opened, and again on each opening, so a session still recording shows its
 * latest. Percentiles are within 4 %; the maximum is exact.
 */
export function StoredTiming({ id }: { id: string }) {
  const [stats, setStats] = useState<StoredMethodStats[]>();
  const [error, setError] = useState<string>();
  const read = () =>
    void fetchStoredTiming(id).then(
      (s) => {
        setStats(s);
        setError(undefined);
      },
      (e: Error) => setError(e.message),
    );
  return (
    <details className="open:basis-full" onToggle={(e) => e.currentTarget.open && read()}>
      <summary className="cursor-pointer text-[11px] text-zinc-400">
        Timing of the whole session{stats ? ` (${stats.length} ${stats.length === 1 ? 'method' : 'methods'})` : ''}
      </summary>
      {error && (
        <p role="alert" className="text-[11px] text-red-300">
          Could not read the session&apos;s timing: {error}
        </p>
      )}
      {stats && (
        <table aria-label="Latency by method, whole session" className="mt-1 border-collapse text-left text-[11px]">
          <thead className="whitespace-nowrap text-zinc-400">
            <tr>
              <th className="pr-3 font-normal">Method</th>
              <th className="pr-3 font-normal">From</th>
              {HEADS.map((h) => (
                <th key={h} className="pr-3 text-right font-normal">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="whitespace-nowrap tabular-nums">
            {stats.map((s) => (
              <tr key={`${s.dir} ${s.method}`} className="border-t border-zinc-800">
                <th scope="row" className="pr-3 font-mono font-normal">
                  {s.method}
                </th>
                <td className="pr-3">{s.dir === 'c2s' ? 'client' : 'server'}</td>
                <td className="pr-3 text-right">{s.count.toLocaleString('en-US')}</td>
                <td className="pr-3 text-right">{s.answered.toLocaleString('en-US')}</td>
                <td className={`pr-3 text-right ${s.errors ? 'text-red-400' : ''}`}>{s.errors.toLocaleString('en-US')}</td>
                <td className={`pr-3 text-right ${s.count > s.answered ? 'text-amber-400' : ''}`}>{(s.count - s.answered).toLocaleString('en-US')}</td>
                {[s.p50, s.p95, s.p99, s.max].map((v, i) => (
                  <td key={i} className="pr-3 text-right">
                    {us(v)}
                  </td>
                ))}
              </tr>
            ))}
            {stats.length === 0 && (
              <tr>
                <td colSpan={10} className="py-1 text-zinc-500">
                  No request on the session&apos;s own channel.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
    </details>
  );
}
