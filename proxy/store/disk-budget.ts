/**
 * How much disk stored sessions may take: each session, and all of them together. Set with
 * `loupe start --disk-budget SIZE --disk-total SIZE` or LOUPE_DISK_BUDGET and LOUPE_DISK_TOTAL.
 */
import { parseByteSize } from '../shared/sizes';

export interface DiskBudget {
  /** One session: past it, its frames are no longer stored (the live view still has them). */
  sessionBytes: number;
  /** Every stored session: past it, the oldest whole sessions are deleted. */
  totalBytes: number;
}

export const DEFAULT_DISK_BUDGET: DiskBudget = { sessionBytes: 2 * 1024 ** 3, totalBytes: 10 * 1024 ** 3 };

/** Reads the budget from flags, then the environment; a string return is the message for a bad value. */
export function diskBudgetFrom(
  flags: { 'disk-budget'?: string; 'disk-total'?: string },
  env: Record<string, string | undefined> = process.env,
): DiskBudget | string {
  const out = { ...DEFAULT_DISK_BUDGET };
  const pairs = [
    ['disk-budget', 'LOUPE_DISK_BUDGET', 'sessionBytes'],
    ['disk-total', 'LOUPE_DISK_TOTAL', 'totalBytes'],
  ] as const;
  for (const [flag, name, key] of pairs) {
    const raw = flags[flag] ?? env[name];
    if (raw === undefined) continue;
    const bytes = parseByteSize(raw);
    if (typeof bytes === 'string') return `--${flag}: ${bytes}${flags[flag] === undefined ? ` (from ${name})` : ''}`;
    out[key] = bytes;
  }
  return out;
}
