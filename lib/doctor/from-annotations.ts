/**
 * The analyser's findings as evidence, each on the layer its rule names (the catalog's Layer
 * column). An error fails its layer; so do the two warnings that mean the conversation stopped (the
 * process ended by itself, an answer never came), whatever the spec's wording made their severity.
 * Other warnings are counted beside the layer, not held against it.
 */
import { layerOf, type Annotation, type Layer } from '../analyze';
import type { JudgedModel } from '../model/bounded-model';
import { stderrReason } from '../view/stderr-reason';
import { nextFor } from './next-steps';
import type { Evidence } from './types';

const STOPPED = new Set(['stdio.exit', 'timing.no-response']);
/** Enough frames to find the fault, not every repeat of it. */
export const MAX_SEQS = 12;

export function failsLayer(a: Annotation): boolean {
  return a.severity === 'error' || STOPPED.has(a.rule);
}

export interface AnnotationEvidence {
  evidence: Map<Layer, Evidence[]>;
  warnings: Map<Layer, number>;
}

export function fromAnnotations(model: JudgedModel): AnnotationEvidence {
  const byRule = new Map<string, Annotation[]>();
  const warnings = new Map<Layer, number>();
  // A model that lists only the first annotations of each rule counts them all (annotationCounts).
  const countOf = (rule: string, listed: number) => model.annotationCounts?.get(rule) ?? listed;
  const warned = new Map<string, number>();
  for (const a of model.annotations) {
    const layer = layerOf(a.rule);
    if (!layer) continue;
    if (failsLayer(a)) {
      const same = byRule.get(a.rule);
      if (same) same.push(a);
      else byRule.set(a.rule, [a]);
    } else if (a.severity === 'warning') warned.set(a.rule, (warned.get(a.rule) ?? 0) + 1);
  }
  for (const [rule, listed] of warned) {
    const layer = layerOf(rule)!;
    warnings.set(layer, (warnings.get(layer) ?? 0) + countOf(rule, listed));
  }
  const evidence = new Map<Layer, Evidence[]>();
  // Errors first, each layer's in the order they happened; an answer that never came or a process
  // that ended is more often the echo of an error than its cause.
  const order = [...byRule].sort(([, a], [, b]) => Number(STOPPED.has(a[0].rule)) - Number(STOPPED.has(b[0].rule)) || a[0].frames[0] - b[0].frames[0]);
  for (const [rule, found] of order) {
    const layer = layerOf(rule)!;
    const item = rule === 'stdio.exit' ? exitEvidence(model, found[0]) : ruleEvidence(rule, layer, found, countOf(rule, found.length));
    const list = evidence.get(layer);
    if (list) list.push(item);
    else evidence.set(layer, [item]);
  }
  return { evidence, warnings };
}

function ruleEvidence(rule: string, layer: Layer, found: Annotation[], count: number): Evidence {
  const seqs = new Set<number>();
  for (const a of found) for (const s of a.frames) if (seqs.size < MAX_SEQS) seqs.add(s);
  const more = count > 1 ? ` (and ${count - 1} more like it)` : '';
  return { seqs: [...seqs], what: `${found[0].message}${more}`, next: nextFor(rule, layer), rule };
}

/** A process that ended by itself: the exit, and the stderr lines that say why. */
function exitEvidence(model: JudgedModel, exit: Annotation): Evidence {
  const stderr: number[] = [];
  // The last few stderr frames, from the end of the session (as far back as stderrReason looks).
  const from = Math.max(0, model.frames.length - 500);
  for (let i = model.frames.length - 1; i >= from && stderr.length < 5; i--) if (model.frames[i].lane === 'stderr') stderr.unshift(model.frames[i].seq);
  const reason = stderrReason(model.frames);
  return {
    seqs: [...exit.frames, ...stderr],
    what: reason ? `${exit.message}; its stderr says: ${reason}` : `${exit.message}, and wrote nothing on stderr`,
    next: nextFor('stdio.exit', 'startup'),
    rule: 'stdio.exit',
  };
}
