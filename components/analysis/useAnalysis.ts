'use client';
/**
 * The session's annotations and analyser state for the views, computed in slices of a few
 * milliseconds between renders so a large session never blocks the page while it is judged.
 */
import { useEffect, useReducer } from 'react';
import type { Frame } from '../../lib/mcp/frame';
import { analyseSome, analysisSoFar, type Analysis } from '../../lib/view/analysis-cache';

const SLICE_MS = 12;

export function useAnalysis(frames: readonly Frame[] | undefined): Analysis | undefined {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const length = frames?.length ?? 0;
  useEffect(() => {
    if (!frames) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = () => {
      const before = analysisSoFar(frames).analysed;
      const after = analyseSome(frames, SLICE_MS, () => performance.now());
      if (after.analysed !== before) redraw();
      if (after.analysed < frames.length) timer = setTimeout(step, 0);
    };
    step();
    return () => clearTimeout(timer);
  }, [frames, length]);
  return frames ? analysisSoFar(frames) : undefined;
}
