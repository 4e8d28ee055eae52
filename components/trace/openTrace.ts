'use client';
/**
 * Opens a trace read from a file in a tab of its own, and keeps its header (what was inspected,
 * the negotiated version, what was redacted, which part of a session) for the tab's header and
 * for exporting it again.
 */
import { create } from 'zustand';
import { useLoupe } from '../../lib/browser/store';
import type { Trace, TraceHeader } from '../../lib/trace/format';
import { traceModelOptions } from '../../lib/trace/model-options';

export const useTraceHeaders = create<{
  byId: Record<string, TraceHeader>;
  /** This Loupe's version where no proxy tells it (the offline viewer), for the headers it writes. */
  loupeVersion?: string;
}>()(() => ({ byId: {} }));

export function openTrace(name: string, trace: Trace): string {
  const id = useLoupe.getState().openTraceFile(name, trace.frames, traceModelOptions(trace.header));
  useTraceHeaders.setState((s) => ({ byId: { ...s.byId, [id]: trace.header } }));
  return id;
}
