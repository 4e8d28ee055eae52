/**
 * What `loupe check` reports: the analyser's annotations flattened to one finding each, their exact
 * counts by rule, and the threshold that decides the exit code.
 */
import type { Verdict } from '../../../lib/doctor';
import type { FrameLines } from '../../../lib/trace';

export type Severity = 'error' | 'warning' | 'info';
export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

/** The fields of an analyser annotation that the reports use. */
export interface AnnotationLike {
  rule: string;
  severity: Severity;
  group: string;
  frames: number[];
  message: string;
  spec?: string;
}

export interface Finding {
  rule: string;
  severity: Severity;
  group: string;
  /** The first frame concerned (sequence number). */
  frame: number;
  /** Every frame concerned. */
  frames: number[];
  message: string;
  spec?: string;
}

/** How many findings of one rule a check found: `count` new, `baselined` accepted by the baseline.
 *  A report lists only the first of each (finding-tally.ts); these count them all. */
export interface RuleCount {
  rule: string;
  severity: Severity;
  group: string;
  count: number;
  baselined: number;
}

export interface CheckResult {
  /** The trace file or the command line that was checked. */
  source: string;
  /** Set when the source is a trace file (SARIF points into it), as a URI reference. */
  traceFile?: string;
  /** The 1-based line of each frame in the trace file (seq + 1 in a dense trace). */
  frameLines?: Pick<FrameLines, 'lineOf'>;
  negotiatedVersion?: string;
  frameCount: number;
  /** The new findings listed: the first of each rule (finding-tally.ts), in frame order. */
  findings: Finding[];
  /** The findings the baseline accepted that are listed, not counted against --fail-on. */
  baselined: Finding[];
  /** Every rule that found something, with its exact counts. */
  rules: RuleCount[];
  failOn: Severity;
  /** The connection doctor's verdict on the same model: which layer failed first. */
  doctor: Verdict;
}

const rank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export const rankOf = (s: Severity) => rank[s];

export function atOrAbove(severity: Severity, threshold: Severity): boolean {
  return rank[severity] <= rank[threshold];
}

export function toFinding(a: AnnotationLike): Finding {
  return { rule: a.rule, severity: a.severity, group: a.group, frame: a.frames[0] ?? 0, frames: [...a.frames], message: a.message, spec: a.spec };
}

export function toFindings(annotations: readonly AnnotationLike[]): Finding[] {
  return annotations.map(toFinding).sort((a, b) => a.frame - b.frame || rank[a.severity] - rank[b.severity] || a.rule.localeCompare(b.rule));
}

/** How many new findings are at or above --fail-on: the exit status reads this, never the list. */
export function failingCount(result: CheckResult): number {
  return result.rules.reduce((n, r) => n + (atOrAbove(r.severity, result.failOn) ? r.count : 0), 0);
}

/** How many new findings of each severity, listed or not. */
export function countBySeverity(rules: readonly RuleCount[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const r of rules) counts[r.severity] += r.count;
  return counts;
}

/** How many findings of each rule a list holds. */
export function listedByRule(list: readonly Finding[]): Map<string, number> {
  const n = new Map<string, number>();
  for (const f of list) n.set(f.rule, (n.get(f.rule) ?? 0) + 1);
  return n;
}

/** How many findings of each rule were found but not listed: new ones, then accepted ones. */
export function unlisted(result: CheckResult): Map<string, { fresh: number; accepted: number }> {
  const fresh = listedByRule(result.findings);
  const accepted = listedByRule(result.baselined);
  const out = new Map<string, { fresh: number; accepted: number }>();
  for (const r of result.rules) {
    const more = { fresh: r.count - (fresh.get(r.rule) ?? 0), accepted: r.baselined - (accepted.get(r.rule) ?? 0) };
    if (more.fresh > 0 || more.accepted > 0) out.set(r.rule, more);
  }
  return out;
}
