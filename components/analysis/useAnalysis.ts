'use client';
/**
 * The session's annotations and analyser state for the views, computed in slices of a few
 * milliseconds between renders so a large session never blocks the page while it is judged.
 */
import { useEffect, useReducer } from 'react';
import type { Frame } from '../../lib/mcp/frame';
import { analyseSome, analysisSoFar, tickAnalysis, type Analysis } from '../../lib/view/analysis-cache';

const SLICE_MS = 12;
const TICK_MS = 1000;

/** `live`: the session is open, so the wire clock keeps running between frames and requests
 *  that never get an answer are reported once their timeout passes. */
export function useAnalysis(frames: readonly Frame[] | undefined, live = false): Analysis | undefined {
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

  useEffect(() => {
    if (!frames || !live) return;
    // Wire time now = the newest frame's timestamp plus the time elapsed here since it arrived.
    const lastTs = frames.length ? frames[frames.length - 1].ts : 0;
    const arrived = performance.now();
    const id = setInterval(() => {
      const before = analysisSoFar(frames).annotations;
      if (tickAnalysis(frames, lastTs + (performance.now() - arrived) * 1000).annotations !== before) redraw();
    }, TICK_MS);
    return () => clearInterval(id);
  }, [frames, length, live]);
  return frames ? analysisSoFar(frames) : undefined;
}
