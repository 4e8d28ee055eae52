/**
 * Expert-info math over annotations, shared by the page and the CLI: filters, grouping by severity
 * then group with counts, the worst severity of a frame. Pure and ordered, so views stay stable.
 */
import type { Annotation, Severity } from './types';

export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];
const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export interface AnnotationFilter {
  /** Severities to show; all when empty or absent. */
  severities?: readonly Severity[];
  /** Groups to show (`jsonrpc`, `lifecycle`, ...); all when empty or absent. */
  groups?: readonly string[];
  /** Rule ids to show; all when empty or absent. */
  rules?: readonly string[];
}

export interface GroupSummary {
  group: string;
  count: number;
  /** In frame order. */
  items: Annotation[];
}

export interface SeveritySummary {
  severity: Severity;
  count: number;
  groups: GroupSummary[];
}

export interface ExpertSummary {
  total: number;
  shown: number;
  /** Counts over every annotation, before filtering (for the filter controls). */
  counts: Record<Severity, number>;
  /** Every group and rule id present, sorted (for the filter controls). */
  groups: string[];
  rules: string[];
  bySeverity: SeveritySummary[];
}

export function matches(a: Annotation, f: AnnotationFilter): boolean {
  return (
    (!f.severities?.length || f.severities.includes(a.severity)) &&
    (!f.groups?.length || f.groups.includes(a.group)) &&
    (!f.rules?.length || f.rules.includes(a.rule))
  );
}

export function summarize(annotations: readonly Annotation[], filter: AnnotationFilter = {}): ExpertSummary {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  const groups = new Set<string>();
  const rules = new Set<string>();
  const tree = new Map<Severity, Map<string, Annotation[]>>();
  let shown = 0;
  for (const a of annotations) {
    counts[a.severity] = (counts[a.severity] ?? 0) + 1;
    groups.add(a.group);
    rules.add(a.rule);
    if (!matches(a, filter)) continue;
    shown++;
    let bySev = tree.get(a.severity);
    if (!bySev) tree.set(a.severity, (bySev = new Map()));
    const list = bySev.get(a.group);
    if (list) list.push(a);
    else bySev.set(a.group, [a]);
  }
  const bySeverity = SEVERITIES.filter((s) => tree.has(s)).map((severity) => {
    const gs = [...(tree.get(severity) as Map<string, Annotation[]>)].map(([group, items]) => ({
      group,
      count: items.length,
      items: [...items].sort((x, y) => x.frames[0] - y.frames[0]),
    }));
    gs.sort((x, y) => y.count - x.count || x.group.localeCompare(y.group));
    return { severity, count: gs.reduce((n, g) => n + g.count, 0), groups: gs };
  });
  return { total: annotations.length, shown, counts, groups: [...groups].sort(), rules: [...rules].sort(), bySeverity };
}

export function worstSeverity(annotations: readonly Annotation[]): Severity | undefined {
  let worst: Severity | undefined;
  for (const a of annotations) if (worst === undefined || RANK[a.severity] < RANK[worst]) worst = a.severity;
  return worst;
}

/** Annotations by the frame they sit on (`frames[0]`), for row marks. */
export function byFrame(annotations: readonly Annotation[]): Map<number, Annotation[]> {
  const map = new Map<number, Annotation[]>();
  for (const a of annotations) {
    const seq = a.frames[0];
    const list = map.get(seq);
    if (list) list.push(a);
    else map.set(seq, [a]);
  }
  return map;
}

/** "2 errors, 1 warning": a short phrase for marks and labels. */
export function countPhrase(annotations: readonly Annotation[]): string {
  const c: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const a of annotations) c[a.severity]++;
  return SEVERITIES.filter((s) => c[s] > 0)
    .map((s) => `${c[s]} ${s}${c[s] === 1 || s === 'info' ? '' : 's'}`)
    .join(', ');
}
