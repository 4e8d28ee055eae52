'use client';
import { useState } from 'react';
import { fetchStoredTiming } from '../../lib/browser/stored-window';
import type { StoredMethodStats } from '../../lib/view/latency-histogram';
import { formatUs } from '../../lib/view/row-label';
import { MethodTable } from '../timing/MethodTable';

const us = (v: number | undefined) => (v === undefined ? '—' : formatUs(v));
const HEADS = ['Count', 'Answered', 'Errors', 'Unanswered', 'p50', 'p95', 'p99', 'Max'];
const n = (v: number) => v.toLocaleString('en-US');

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
        <MethodTable
          dense
          label="Latency by method, whole session"
          heads={HEADS}
          empty="No request on the session's own channel."
          rows={stats.map((s) => ({
            method: s.method,
            dir: s.dir,
            cells: [
              { text: n(s.count) },
              { text: n(s.answered) },
              { text: n(s.errors), className: s.errors ? 'text-red-400' : '' },
              { text: n(s.count - s.answered), className: s.count > s.answered ? 'text-amber-400' : '' },
              { text: us(s.p50) },
              { text: us(s.p95) },
              { text: us(s.p99) },
              { text: us(s.max) },
            ],
          }))}
        />
      )}
    </details>
  );
}
