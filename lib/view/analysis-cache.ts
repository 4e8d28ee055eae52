/**
 * One incremental analyser per frames array (see model-cache: the page appends to a session's
 * array in place), so every view reads the same annotations without analysing twice.
 */
import type { Frame } from '../mcp/frame';
import { createAnalyzer, type Analyzer, type Annotation, type AnalysisState } from '../analyze';

interface Entry {
  analyzer: Analyzer;
  count: number;
  /** Replaced (not appended in place) whenever it grows, so memoised views notice. */
  annotations: Annotation[];
}

const entries = new WeakMap<readonly Frame[], Entry>();

export interface Analysis {
  annotations: Annotation[];
  state: AnalysisState;
}

export function analysisFor(frames: readonly Frame[]): Analysis {
  let e = entries.get(frames);
  if (!e || e.count > frames.length) {
    e = { analyzer: createAnalyzer(), count: 0, annotations: [] };
    entries.set(frames, e);
  }
  const found: Annotation[] = [];
  for (; e.count < frames.length; e.count++) found.push(...e.analyzer.push(frames[e.count]));
  if (found.length) e.annotations = e.annotations.concat(found);
  return { annotations: e.annotations, state: e.analyzer.state() };
}
