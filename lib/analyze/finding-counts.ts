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

/** Why a stored session has no findings to show: still being written, being judged now that it
 *  closed, ended without a clean close, longer than the findings are counted for, or stored before
 *  they were kept. */
export type NoFindingsReason = 'recording' | 'judging' | 'unclean' | 'too-long' | 'not-kept';

/** The reason for a session in this state; `countUpTo`: the longest session whose findings are counted. */
export function noFindingsReason(s: { state: 'clean' | 'recording' | 'unclean'; frames: number }, countUpTo: number): NoFindingsReason {
  if (s.state === 'recording' || s.state === 'unclean') return s.state;
  return s.frames > countUpTo ? 'too-long' : 'not-kept';
}

/** The reason as a clause: `it ended unclean, so its findings were not counted`. */
export function describeNoFindings(reason: NoFindingsReason, countUpTo: number): string {
  switch (reason) {
    case 'recording':
      return 'its findings are counted when it closes';
    case 'judging':
      return 'its findings are being counted now: look again in a moment';
    case 'unclean':
      return 'it ended unclean, so its findings were not counted';
    case 'too-long':
      return `findings are counted for sessions of up to ${countUpTo.toLocaleString('en-US')} frames`;
    case 'not-kept':
      return 'no findings were kept for it';
  }
}
