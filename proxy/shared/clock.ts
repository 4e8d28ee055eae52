/**
 * A session's clock: monotonic microseconds since the session began. Frames carry these, so
 * latency is the difference of two wire timestamps and never jumps with the wall clock.
 */
export class SessionClock {
  /** performance.now() is monotonic with sub-microsecond resolution, and reading it allocates
   *  nothing (hrtime.bigint made three BigInts per frame). */
  private readonly origin = performance.now();
  /** Wall-clock milliseconds at the origin, for display and file names only. */
  readonly startedAt = Date.now();

  /** Microseconds since the origin; integer, never decreasing. */
  now(): number {
    return Math.floor((performance.now() - this.origin) * 1000);
  }

  /** The wall-clock time (ms) of a session timestamp. */
  wallTime(us: number): number {
    return this.startedAt + us / 1000;
  }
}
