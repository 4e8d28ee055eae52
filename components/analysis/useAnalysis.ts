'use client';
/**
 * The session's annotations and analyser state for the views, computed in slices of a few
 * milliseconds between renders so a large session never blocks the page while it is judged.
 *
 * A view redraws at once when the annotations change; when only the analyser's state moved on
 * (counts, the phase), the redraw waits until frames stop arriving for a moment. While frames
 * stream in, every batch redraws the view anyway: an immediate second redraw per batch would double
 * the page's work for nothing.
 */
import { useEffect, useReducer, useRef } from 'react';
import type { Frame } from '../../lib/mcp/frame';
import { analyseSome, analysisSoFar, tickAnalysis, type Analysis } from '../../lib/view/analysis-cache';

const SLICE_MS = 12;
const QUIET_MS = 150;
const TICK_MS = 1000;

/** `live`: the session is open, so the wire clock keeps running between frames and requests
 *  that never get an answer are reported once their timeout passes. */
export function useAnalysis(frames: readonly Frame[] | undefined, live = false): Analysis | undefined {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const trailing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const length = frames?.length ?? 0;
  useEffect(() => {
    if (!frames) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = () => {
      const before = analysisSoFar(frames);
      const after = analyseSome(frames, SLICE_MS, () => performance.now());
      if (after.annotations !== before.annotations) {
        clearTimeout(trailing.current);
        redraw();
      } else if (after.analysed !== before.analysed) {
        clearTimeout(trailing.current);
        trailing.current = setTimeout(redraw, QUIET_MS);
      }
      if (after.analysed < frames.length) timer = setTimeout(step, 0);
    };
    step();
    return () => clearTimeout(timer);
  }, [frames, length]);
  useEffect(() => () => clearTimeout(trailing.current), []);

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
