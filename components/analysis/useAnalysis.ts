'use client';
/**
 * The session's annotations and analyser state, as its one SessionModel holds them. The model is
 * moved on by lib/browser/model-clock.ts (analysis in slices, clock ticks while live, finish at
 * the end) whatever pane is shown; a view re-renders when the store hands it a new Trace.
 */
import type { Trace } from '../../lib/browser/trace';
import type { AnalysisState, Annotation } from '../../lib/analyze';

export interface Analysis {
  annotations: Annotation[];
  state: AnalysisState;
  /** Frames analysed so far; less than the frames' length while catching up. */
  analysed: number;
}

export function useAnalysis(trace: Trace | undefined): Analysis | undefined {
  if (!trace) return undefined;
  const { model } = trace;
  return { annotations: model.annotations, state: model.state, analysed: model.analysed };
}
