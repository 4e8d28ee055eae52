/**
 * The findings of one check, taken as they are judged: every rule's count exact, and only the first
 * LISTED_PER_RULE findings of each rule (by frame) kept to list, split by the baseline as they come.
 * A trace with a finding on every frame is then reported in memory that does not grow with it, and
 * the exit status, the counts and the baseline still see every finding.
 */
import type { Annotation } from '../../../lib/analyze';
import { Baseline } from './baseline';
import { rankOf, toFinding, type AnnotationLike, type Finding, type RuleCount } from './findings';

/** How many findings of each rule a report lists: enough to see the pattern and the first frames to
 *  open; a million more of the same say nothing more, and are counted. */
export const LISTED_PER_RULE = 50;

interface Listed {
  finding: Finding;
  /** The order it was taken in: ties on a frame keep the analyser's order. */
  order: number;
  /** A gate's finding (check.*), listed after the analyser's on the same frame. */
  gate: boolean;
}

interface RuleTally {
  count: RuleCount;
  /** A gate's rule (check.*): not the analyser's, so not the doctor's. */
  gate: boolean;
  fresh: Listed[];
  accepted: Listed[];
}

/** Keeps `item` in `list` if it is among the first LISTED_PER_RULE by frame (then order). */
function keepFirst(list: Listed[], item: Listed): void {
  const frame = item.finding.frame;
  if (list.length === LISTED_PER_RULE && list[list.length - 1].finding.frame <= frame) return;
  let at = list.length;
  while (at > 0 && list[at - 1].finding.frame > frame) at--;
  list.splice(at, 0, item);
  if (list.length > LISTED_PER_RULE) list.pop();
}

const byReportOrder = (a: Listed, b: Listed) =>
  a.finding.frame - b.finding.frame ||
  Number(a.gate) - Number(b.gate) ||
  (a.gate ? 0 : rankOf(a.finding.severity) - rankOf(b.finding.severity) || a.finding.rule.localeCompare(b.finding.rule)) ||
  a.order - b.order;

export class FindingTally {
  private readonly rules = new Map<string, RuleTally>();
  private taken = 0;

  constructor(private readonly baseline = new Baseline([])) {}

  /** The analyser's annotations. */
  takeAnnotations(found: Iterable<AnnotationLike>): void {
    for (const a of found) this.add(toFinding(a), false);
  }

  /** The gates' findings. */
  takeGates(found: Iterable<Finding>): void {
    for (const f of found) this.add(f, true);
  }

  private add(finding: Finding, gate: boolean): void {
    let t = this.rules.get(finding.rule);
    if (!t) {
      const { rule, severity, group } = finding;
      t = { count: { rule, severity, group, count: 0, baselined: 0 }, gate, fresh: [], accepted: [] };
      this.rules.set(finding.rule, t);
    }
    const accepted = this.baseline.accepts(finding);
    if (accepted) t.count.baselined++;
    else t.count.count++;
    keepFirst(accepted ? t.accepted : t.fresh, { finding, order: this.taken++, gate });
  }

  /** What a report lists and counts: the listed findings new and accepted, in frame order, and
   *  every rule's exact counts. */
  report(): { findings: Finding[]; baselined: Finding[]; rules: RuleCount[] } {
    const all = [...this.rules.values()];
    const listed = (pick: (t: RuleTally) => Listed[]) =>
      all
        .flatMap(pick)
        .sort(byReportOrder)
        .map((l) => l.finding);
    return { findings: listed((t) => t.fresh), baselined: listed((t) => t.accepted), rules: all.map((t) => ({ ...t.count })) };
  }

  /** Takes the annotations a bounded model judged so far, and empties its list for the next. */
  drain(model: { annotations: Annotation[] }): void {
    this.takeAnnotations(model.annotations);
    model.annotations = [];
  }

  /** Leaves a drained model what the connection doctor reads of its annotations: the first of each
   *  rule, new or accepted alike, and how many there were of each. */
  leaveFirst(model: { annotations: Annotation[]; annotationCounts?: ReadonlyMap<string, number> }): void {
    const { listed, counts } = this.annotations();
    model.annotations = listed;
    model.annotationCounts = counts;
  }

  private annotations(): { listed: Annotation[]; counts: Map<string, number> } {
    const first: Listed[] = [];
    const counts = new Map<string, number>();
    for (const [rule, t] of this.rules) {
      if (t.gate) continue;
      counts.set(rule, t.count.count + t.count.baselined);
      first.push(...[...t.fresh, ...t.accepted].sort(byReportOrder).slice(0, LISTED_PER_RULE));
    }
    // In the order the analyser gave them, as a model that kept them all holds them.
    const listed = first
      .sort((a, b) => a.order - b.order)
      .map(({ finding: f }) => ({ rule: f.rule, severity: f.severity, group: f.group, frames: f.frames, message: f.message, spec: f.spec ?? '' }));
    return { listed, counts };
  }
}
