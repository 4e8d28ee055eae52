import type { Finding } from './findings';

/** A failed CI gate: always severity error, in the `check` group. */
export function gateFinding(rule: string, frames: number[], message: string): Finding {
  return { rule, severity: 'error', group: 'check', frame: frames[0] ?? 0, frames, message };
}
