'use client';
import { useMemo } from 'react';
import type { Annotation } from '../../lib/analyze';
import type { Trace } from '../../lib/browser/trace';
import { useAnalysis } from '../analysis/useAnalysis';

/** The analyser's annotations per frame seq (the frame an annotation sits on is its first seq). */
export function useFrameMarks(trace: Trace | undefined): ReadonlyMap<number, readonly Annotation[]> {
  const analysis = useAnalysis(trace);
  const annotations = analysis?.annotations;
  return useMemo(() => {
    const bySeq = new Map<number, Annotation[]>();
    for (const a of annotations ?? []) {
      const seq = a.frames[0];
      if (seq === undefined) continue;
      const list = bySeq.get(seq);
      if (list) list.push(a);
      else bySeq.set(seq, [a]);
    }
    return bySeq;
  }, [annotations]);
}
