/** `--format json`: one object; its `annotations` array is also what `--baseline` reads back, its
 *  `doctor` the connection doctor's verdict (lib/doctor's Verdict). */
import { countBySeverity, failing, type CheckResult } from './findings';

export function formatJson(result: CheckResult, loupeVersion: string): string {
  return JSON.stringify(
    {
      tool: 'loupe',
      version: loupeVersion,
      source: result.source,
      negotiatedVersion: result.negotiatedVersion ?? null,
      frames: result.frameCount,
      failOn: result.failOn,
      counts: countBySeverity(result.findings),
      failing: failing(result).length,
      doctor: { culprit: result.doctor.culprit ?? null, summary: result.doctor.summary, layers: result.doctor.layers },
      annotations: result.findings,
      baselined: result.baselined,
    },
    null,
    2,
  );
}
