/**
 * The proxy relays every message of every session through the same few dozen functions (the
 * page's socket, the correlator, the transport, Node's streams, `ws`). V8 as Node 22 ships it
 * (Maglev off) compiles a function with its optimizing compiler only after about 3000 calls, and
 * a function called once per message stays in unoptimized (baseline) code for the first
 * thousands of messages of a session. Measured on the ping bench (scripts/bench/pings.ts), that
 * was most of what Loupe added over a bare WebSocket-to-stdio relay: the same syscalls and
 * wake-ups per ping, twice the CPU, spent in baseline code and the inline-cache stubs it calls.
 *
 * So the `loupe start` process asks for optimization after a tenth of those calls: the relay path
 * is optimized after a few hundred messages. The compiles run on V8's background threads, and a
 * function that later sees other types is deoptimized and recompiled as usual (V8's own
 * safeguards, such as the wait after an inline cache changes, stay in place, scaled alike).
 */
import v8 from 'node:v8';

/** Calls before V8 optimizes a function (V8's default: 3000). */
export const OPTIMIZE_AFTER_CALLS = 300;
/** Calls after an inline cache changed before that function may be optimized (default: 500). */
export const WAIT_AFTER_IC_CHANGE = 50;

/**
 * The flags, for the V8 this process runs on. They exist from V8 12 (Node 22) on; an older V8
 * gets none, since V8 prints an error on stdout for a flag it does not know (and `loupe start`
 * prints exactly one line there, its URL).
 */
export function tierUpFlags(v8Version = process.versions.v8): string[] {
  const major = Number(v8Version.split('.')[0]);
  if (!(major >= 12)) return [];
  return [`--invocation-count-for-turbofan=${OPTIMIZE_AFTER_CALLS}`, `--minimum-invocations-after-ic-update=${WAIT_AFTER_IC_CHANGE}`];
}

/** Call once, early: budgets are set when a function's feedback is first allocated. */
export function tierUpSooner(): void {
  for (const flag of tierUpFlags()) v8.setFlagsFromString(flag);
}
