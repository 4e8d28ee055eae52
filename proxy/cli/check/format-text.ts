/** `--format text`: the doctor's verdict, then the findings grouped by severity, then by group,
 *  each with its frame number; of a rule with more findings than are listed, how many more. */
import { SEVERITIES, countBySeverity, failingCount, unlisted, type CheckResult, type Finding } from './findings';
import { printable } from '../../../lib/text/printable';
import { formatDoctor } from './format-doctor';

const heading: Record<string, string> = { error: 'Errors', warning: 'Warnings', info: 'Info' };

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function groupBy(findings: Finding[]): Map<string, Finding[]> {
  const out = new Map<string, Finding[]>();
  for (const f of findings) out.set(f.group, [...(out.get(f.group) ?? []), f]);
  return out;
}

export function formatText(result: CheckResult): string {
  const counts = countBySeverity(result.rules);
  const more = unlisted(result);
  const lines: string[] = [];
  const version = result.negotiatedVersion ? `, protocol ${result.negotiatedVersion}` : '';
  // Messages quote the server; each field stays on its line and shows escape sequences as text.
  lines.push(`loupe check: ${printable(result.source)} (${plural(result.frameCount, 'frame')}${printable(version)})`, '', formatDoctor(result.doctor));
  for (const severity of SEVERITIES) {
    const ofSeverity = result.findings.filter((f) => f.severity === severity);
    if (ofSeverity.length === 0) continue;
    lines.push('', `${heading[severity]} (${counts[severity]})`);
    for (const [group, inGroup] of groupBy(ofSeverity)) {
      lines.push(`  ${printable(group)}`);
      for (const f of inGroup) {
        const where = f.frames.length > 1 ? `frames #${f.frames.join(', #')}` : `frame #${f.frame}`;
        lines.push(`    ${where}  ${printable(f.rule)}  ${printable(f.message)}`);
        if (f.spec) lines.push(`      ${printable(f.spec)}`);
      }
      for (const rule of new Set(inGroup.map((f) => f.rule))) {
        const n = more.get(rule)?.fresh ?? 0;
        if (n > 0) lines.push(`    … and ${n} more ${printable(rule)} (the first ${inGroup.filter((f) => f.rule === rule).length} are listed)`);
      }
    }
  }
  const fails = failingCount(result);
  const baselined = result.rules.reduce((n, r) => n + r.baselined, 0);
  lines.push(
    '',
    `${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${counts.info} info` +
      (baselined ? `; ${baselined} accepted by the baseline` : '') +
      ` — ${fails === 0 ? 'passed' : `failed: ${plural(fails, 'finding')} at or above ${result.failOn}`}`,
  );
  return lines.join('\n');
}
