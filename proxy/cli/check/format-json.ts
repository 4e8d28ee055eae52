/** `--format json`: one object; its `annotations` array is also what `--baseline` reads back, its
 *  `doctor` the connection doctor's verdict (lib/doctor's Verdict). `annotations` and `baselined`
 *  list the first findings of each rule; `rules` counts them all, listed or not. */
import { countBySeverity, failingCount, listedByRule, type CheckResult } from './findings';

/** Each rule that found something: its new findings (`count`) and how many of them are listed,
 *  its findings the baseline accepted (`baselined`) and how many of those are listed. */
function ruleCounts(result: CheckResult) {
  const fresh = listedByRule(result.findings);
  const accepted = listedByRule(result.baselined);
  const out: Record<string, { severity: string; group: string; count: number; listed: number; baselined: number; baselinedListed: number }> = {};
  for (const r of [...result.rules].sort((a, b) => a.rule.localeCompare(b.rule)))
    out[r.rule] = {
      severity: r.severity,
      group: r.group,
      count: r.count,
      listed: fresh.get(r.rule) ?? 0,
      baselined: r.baselined,
      baselinedListed: accepted.get(r.rule) ?? 0,
    };
  return out;
}

export function formatJson(result: CheckResult, loupeVersion: string): string {
  return JSON.stringify(
    {
      tool: 'loupe',
      version: loupeVersion,
      source: result.source,
      negotiatedVersion: result.negotiatedVersion ?? null,
      frames: result.frameCount,
      failOn: result.failOn,
      counts: countBySeverity(result.rules),
      failing: failingCount(result),
      doctor: { culprit: result.doctor.culprit ?? null, summary: result.doctor.summary, layers: result.doctor.layers },
      annotations: result.findings,
      baselined: result.baselined,
      rules: ruleCounts(result),
    },
    null,
    2,
  );
}
