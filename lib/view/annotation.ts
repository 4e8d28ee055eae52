/** What the views need of an annotation (the analyser's Annotation has at least these fields). */
import type { Severity } from './palette';

export interface ViewAnnotation {
  rule: string;
  severity: Severity;
  frames: number[];
  message: string;
}

const RANK: Record<Severity, number> = { info: 1, warning: 2, error: 3 };

/** The worst severity per frame seq. */
export function severityByFrame(annotations: readonly ViewAnnotation[]): Map<number, Severity> {
  const out = new Map<number, Severity>();
  for (const a of annotations) {
    for (const seq of a.frames) {
      const cur = out.get(seq);
      if (!cur || RANK[a.severity] > RANK[cur]) out.set(seq, a.severity);
    }
  }
  return out;
}
