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

/**
 * Per frame seq, the tooltip of its severity mark: what the mark is, then one line per finding,
 * worst first ("warning: <message> (<rule>)").
 */
export function findingsByFrame(annotations: readonly ViewAnnotation[]): Map<number, string> {
  const lists = new Map<number, ViewAnnotation[]>();
  for (const a of annotations) {
    for (const seq of a.frames) {
      const list = lists.get(seq);
      if (list) list.push(a);
      else lists.set(seq, [a]);
    }
  }
  const out = new Map<number, string>();
  for (const [seq, list] of lists) {
    const lines = [...list].sort((x, y) => RANK[y.severity] - RANK[x.severity]).map((a) => `${a.severity}: ${a.message} (${a.rule})`);
    const what = list.length === 1 ? 'The analyser has a finding on this frame' : `The analyser has ${list.length} findings on this frame`;
    out.set(seq, `${what} (the Annotations tab lists them all):\n${lines.join('\n')}`);
  }
  return out;
}
