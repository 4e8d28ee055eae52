/**
 * A tap's session in the store (`loupe sessions`, `loupe export`, the page's History, and what the
 * dashboard follows live), the one copy of its frames (tap-output.ts), for the stdio tap (in its
 * recorder's worker) and the HTTP tap alike. The store's writer appends in batches with synchronous writes, so a tap killed at any
 * moment leaves every batch before it on disk and the session is listed as ended unclean.
 *
 * When the session cannot be stored, the tap says why and records its frames in its tap file instead.
 */
import type { TraceHeader } from '../../lib/trace/format';
import type { KnownSecret } from '../../lib/trace/redact';
import { DEFAULT_DISK_BUDGET, diskBudgetFrom } from '../store/disk-budget';
import { SessionStore } from '../store/store';
import type { SessionWriter } from '../store/writer';

export interface TapSessionInput {
  /** The stored sessions' folder (`<config dir>/sessions`). */
  storeDir: string;
  header: TraceHeader;
  startedAt: number;
  secrets: KnownSecret[];
  /** Warnings for a person: the budget nears, the session cannot be stored. */
  warn: (text: string) => void;
}

/** Starts the tap's stored session; undefined (and a warning) when it cannot be. The disk budget
 *  is LOUPE_DISK_BUDGET and LOUPE_DISK_TOTAL's, as a tap has no flags for it. */
export function storeTapSession(o: TapSessionInput): SessionWriter | undefined {
  const budget = diskBudgetFrom({});
  if (typeof budget === 'string') o.warn(`${budget}: the defaults apply`);
  try {
    const store = new SessionStore(o.storeDir, typeof budget === 'string' ? DEFAULT_DISK_BUDGET : budget, o.warn);
    return store.create({ source: 'tap', header: o.header, startedAt: o.startedAt, secrets: o.secrets });
  } catch (e) {
    o.warn(`this session is not stored in ${o.storeDir} (${(e as Error).message}); its frames go to its tap file instead`);
    return undefined;
  }
}
