/**
 * The connection doctor: which layer of a connection failed, with the frames that prove it and
 * the next step. Built from the session model and its annotations, never a second analysis: each
 * finding goes to the layer its rule names (lib/analyze's catalog), and the few failures that
 * break no rule (an HTTP refusal, a POST left unanswered, an OAuth lookup that found nothing,
 * -32602, a tool's isError) are read from the model's exchanges and pairs. The lowest failed layer
 * is the culprit: what fails above it may only be its echo.
 */
import type { Layer } from '../analyze';
import type { JudgedModel } from '../model/bounded-model';
import { fromAnnotations, MAX_SEQS } from './from-annotations';
import { invalidParams, toolErrors } from './from-calls';
import { fromExchanges } from './from-exchanges';
import { reachedLayers } from './reach';
import { LAYER_TITLES, LAYERS, type Evidence, type LayerVerdict, type Verdict } from './types';

export function diagnose(model: JudgedModel): Verdict {
  const { evidence, warnings } = fromAnnotations(model);
  const add = (layer: Layer, more: Evidence[]) => {
    const list = evidence.get(layer) ?? [];
    // A fact about frames a rule already cited (the same exchange, the same answer) is the rule's
    // finding seen from the model: it is said once, by the rule.
    const cited = new Set(list.flatMap((e) => e.seqs));
    for (const e of more) if (!e.seqs.some((s) => cited.has(s))) list.push({ ...e, seqs: e.seqs.slice(0, MAX_SEQS) });
    if (list.length) evidence.set(layer, list);
  };
  add('transport', fromExchanges(model));
  add('capabilities', invalidParams(model));
  add('tool', toolErrors(model));
  const reached = reachedLayers(model);
  const layers: LayerVerdict[] = LAYERS.map((layer) => {
    const found = evidence.get(layer) ?? [];
    return {
      layer,
      title: LAYER_TITLES[layer],
      status: found.length ? 'failed' : reached.has(layer) ? 'passed' : 'not-reached',
      evidence: found,
      warnings: warnings.get(layer) ?? 0,
    };
  });
  const culprit = layers.find((l) => l.status === 'failed');
  return { layers, culprit: culprit?.layer, summary: summarize(layers, culprit) };
}

function summarize(layers: LayerVerdict[], culprit: LayerVerdict | undefined): string {
  if (culprit) {
    const others = layers.filter((l) => l.status === 'failed').length - 1;
    const also = others > 0 ? ` (${others} layer${others === 1 ? '' : 's'} above failed too)` : '';
    return `${culprit.title} failed${also}: ${culprit.evidence[0].what}`;
  }
  const waiting = layers.filter((l) => l.status === 'not-reached').map((l) => l.title);
  if (waiting.length === layers.length) return 'Nothing to judge yet: the server has not answered.';
  return waiting.length ? `No layer failed; not reached yet: ${waiting.join(', ')}.` : 'Every layer passed.';
}
