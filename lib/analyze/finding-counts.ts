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

/** Why a stored session has no findings to show: still being written, being judged (just closed,
 *  or on demand), ended without a clean close, longer than the findings are judged for on close
 *  and not judged since, stored before they were kept, or its judging on demand failed. */
export type NoFindingsReason = 'recording' | 'judging' | 'unclean' | 'too-long' | 'not-kept' | 'failed';

/** The reason for a session in this state; `countUpTo`: the longest session whose findings are judged on close. */
export function noFindingsReason(s: { state: 'clean' | 'recording' | 'unclean'; frames: number; judging?: boolean }, countUpTo: number): NoFindingsReason {
  if (s.state === 'recording' || s.state === 'unclean') return s.state;
  if (s.judging) return 'judging';
  return s.frames > countUpTo ? 'too-long' : 'not-kept';
}

/** The reason as a clause: `it ended unclean, so its findings were not counted`. */
export function describeNoFindings(reason: NoFindingsReason, countUpTo: number): string {
  switch (reason) {
    case 'recording':
      return 'its findings are counted when it closes';
    case 'judging':
      return 'its findings are being judged now: they show here once done';
    case 'unclean':
      return 'it ended unclean, so its findings were not counted';
    case 'too-long':
      return `a session of more than ${countUpTo.toLocaleString('en-US')} frames is judged on demand, and this one was not yet`;
    case 'not-kept':
      return 'no findings were kept for it';
    case 'failed':
      return "judging it failed (the proxy's warnings say why)";
  }
}
