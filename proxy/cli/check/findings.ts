/**
 * What `loupe check` reports: the analyser's annotations flattened to one finding each, the
 * baseline that accepts known ones, and the threshold that decides the exit code.
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

export interface CheckResult {
  /** The trace file or the command line that was checked. */
  source: string;
  /** Set when the source is a trace file (SARIF points into it), as a URI reference. */
  traceFile?: string;
  /** The 1-based line of each frame in the trace file (seq + 1 in a dense trace). */
  frameLines?: Pick<FrameLines, 'lineOf'>;
  negotiatedVersion?: string;
  frameCount: number;
  findings: Finding[];
  /** Findings the baseline accepted, not counted against --fail-on. */
  baselined: Finding[];
  failOn: Severity;
  /** The connection doctor's verdict on the same model: which layer failed first. */
  doctor: Verdict;
}

const rank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function atOrAbove(severity: Severity, threshold: Severity): boolean {
  return rank[severity] <= rank[threshold];
}

export function toFindings(annotations: readonly AnnotationLike[]): Finding[] {
  return annotations
    .map((a) => ({ rule: a.rule, severity: a.severity, group: a.group, frame: a.frames[0] ?? 0, frames: [...a.frames], message: a.message, spec: a.spec }))
    .sort((a, b) => a.frame - b.frame || rank[a.severity] - rank[b.severity] || a.rule.localeCompare(b.rule));
}

const baselineKey = (f: { rule: string; message: string }) => `${f.rule}\u0000${f.message}`;

/** Splits findings into new ones and ones the baseline (a previous `--format json`) already lists. */
export function applyBaseline(findings: Finding[], baseline: Array<{ rule: string; message: string }>): { fresh: Finding[]; accepted: Finding[] } {
  const known = new Set(baseline.map(baselineKey));
  const fresh: Finding[] = [];
  const accepted: Finding[] = [];
  for (const f of findings) (known.has(baselineKey(f)) ? accepted : fresh).push(f);
  return { fresh, accepted };
}

export function failing(result: CheckResult): Finding[] {
  return result.findings.filter((f) => atOrAbove(f.severity, result.failOn));
}

export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}
