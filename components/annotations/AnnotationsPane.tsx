'use client';
/** The Expert info tab of a session, fed by the page's store and the shared analyser. */
import { useCallback } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { useAnalysis } from '../analysis/useAnalysis';
import { ExpertInfo } from './ExpertInfo';

export function AnnotationsPane({ traceId }: { traceId: string }) {
  const trace = useLoupe((s) => s.traces[traceId]);
  const selected = useLoupe((s) => s.selected[traceId]);
  const select = useLoupe((s) => s.select);
  const onSelectFrame = useCallback((seq: number) => select(traceId, seq), [select, traceId]);
  const analysis = useAnalysis(trace);
  if (!trace || !analysis) return <div className="p-4 text-xs text-zinc-500">Waiting for the session&apos;s frames…</div>;
  return <ExpertInfo annotations={analysis.annotations} onSelectFrame={onSelectFrame} selectedSeq={selected} />;
}
