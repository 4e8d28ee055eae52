'use client';
import { useCallback } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { useAnalysis } from '../analysis/useAnalysis';
import { ExpertInfo } from '../annotations/ExpertInfo';
import type { PaneProps } from './paneProps';

/** The Annotations tab: the analyser's findings for this trace, by severity and group. */
export function AnnotationsPane({ traceId }: PaneProps) {
  // The trace object changes on every append (its frames array grows in place), so this re-renders.
  const trace = useLoupe((s) => s.traces[traceId]);
  const selected = useLoupe((s) => s.selected[traceId]);
  const select = useLoupe((s) => s.select);
  const onSelectFrame = useCallback((seq: number) => select(traceId, seq), [select, traceId]);
  const analysis = useAnalysis(trace);
  if (!analysis) return <div className="p-4 text-xs text-zinc-500">Waiting for the session&apos;s frames…</div>;
  return <ExpertInfo annotations={analysis.annotations} onSelectFrame={onSelectFrame} selectedSeq={selected} />;
}
