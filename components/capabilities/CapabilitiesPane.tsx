'use client';
/** The Capabilities tab of a session, read from the session's one model. */
import { useCallback } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { useAnalysis } from '../analysis/useAnalysis';
import { CapabilitiesView } from './CapabilitiesView';

export function CapabilitiesPane({ traceId }: { traceId: string }) {
  const trace = useLoupe((s) => s.traces[traceId]);
  const select = useLoupe((s) => s.select);
  const onSelect = useCallback((seq: number) => select(traceId, seq), [select, traceId]);
  const analysis = useAnalysis(trace);
  if (!trace) return <div className="p-4 text-xs text-zinc-500">Waiting for the session&apos;s frames…</div>;
  return <CapabilitiesView session={trace.model} annotations={analysis!.annotations} onSelect={onSelect} />;
}
