/**
 * A session's clock: monotonic microseconds since the session began. Frames carry these, so
 * latency is the difference of two wire timestamps and never jumps with the wall clock.
 */
export class SessionClock {
  private readonly origin = process.hrtime.bigint();
  /** Wall-clock milliseconds at the origin, for display and file names only. */
  readonly startedAt = Date.now();

  /** Microseconds since the origin; integer, never decreasing. */
  now(): number {
    return Number((process.hrtime.bigint() - this.origin) / 1000n);
  }

  /** The wall-clock time (ms) of a session timestamp. */
  wallTime(us: number): number {
    return this.startedAt + us / 1000;
  }
}
