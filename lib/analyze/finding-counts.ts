/**
 * How many findings a session has by severity: kept with a stored session when its writer closes
 * it (proxy/store/findings.ts), and shown by History and `loupe sessions`.
 */
import type { Severity } from './types';

export type FindingCounts = Record<Severity, number>;

const WORDS: Record<Severity, [string, string]> = { error: ['error', 'errors'], warning: ['warning', 'warnings'], info: ['info', 'info'] };

/** `2 errors, 1 warning`, or `no findings`; severities with none are left out. */
export function describeFindingCounts(c: FindingCounts): string {
  const parts = (['error', 'warning', 'info'] as const).filter((s) => c[s] > 0).map((s) => `${c[s]} ${WORDS[s][c[s] === 1 ? 0 : 1]}`);
  return parts.length > 0 ? parts.join(', ') : 'no findings';
}
