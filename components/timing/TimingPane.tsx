'use client';
/** The Timing tab of a session, fed by the page's store. */
import { useCallback } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { TimingView } from './TimingView';

export function TimingPane({ traceId }: { traceId: string }) {
  const trace = useLoupe((s) => s.traces[traceId]);
  const selected = useLoupe((s) => s.selected[traceId]);
  const live = useLoupe((s) => s.sessions.some((x) => x.id === traceId && (x.status === 'ready' || x.status === 'initializing')));
  const select = useLoupe((s) => s.select);
  const onSelect = useCallback((seq: number) => select(traceId, seq), [select, traceId]);
  if (!trace) return <div className="p-4 text-xs text-zinc-500">Waiting for the session&apos;s frames…</div>;
  return <TimingView session={trace.model} live={live} selectedSeq={selected} onSelect={onSelect} />;
}
