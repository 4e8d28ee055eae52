/**
 * One incremental analyser per frames array (see model-cache: the page appends to a session's
 * array in place), so every view reads the same annotations without analysing twice. Analysis
 * runs in slices with a time budget: 100,000 frames take seconds to judge, and the diagram must
 * draw long before that; severity marks fill in as the analyser catches up.
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
  /** Frames analysed so far; less than the frames' length while catching up. */
  analysed: number;
}

function entryFor(frames: readonly Frame[]): Entry {
  let e = entries.get(frames);
  if (!e || e.count > frames.length) {
    e = { analyzer: createAnalyzer(), count: 0, annotations: [] };
    entries.set(frames, e);
  }
  return e;
}

/** Analyses more frames until `budgetMs` of `clock` time is spent (all of them without a budget). */
export function analyseSome(frames: readonly Frame[], budgetMs = Infinity, clock: () => number = () => 0): Analysis {
  const e = entryFor(frames);
  const deadline = clock() + budgetMs;
  const found: Annotation[] = [];
  while (e.count < frames.length) {
    found.push(...e.analyzer.push(frames[e.count++]));
    // Checking the clock every 64 frames keeps its cost out of the loop.
    if ((e.count & 63) === 0 && clock() >= deadline) break;
  }
  if (found.length) e.annotations = e.annotations.concat(found);
  return { annotations: e.annotations, state: e.analyzer.state(), analysed: e.count };
}

/** What is known now, without analysing anything new. */
export function analysisSoFar(frames: readonly Frame[]): Analysis {
  const e = entryFor(frames);
  return { annotations: e.annotations, state: e.analyzer.state(), analysed: e.count };
}

/** A clock tick at `nowUs` on the wire clock: time-based rules (a request with no response
 *  within the timeout) speak up while the session is live, not only at its end. */
export function tickAnalysis(frames: readonly Frame[], nowUs: number): Analysis {
  const e = entryFor(frames);
  if (e.count === frames.length) {
    const found = e.analyzer.finish(nowUs);
    if (found.length) e.annotations = e.annotations.concat(found);
  }
  return analysisSoFar(frames);
}
