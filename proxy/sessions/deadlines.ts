/**
 * The timeouts of the requests in flight, on one timer armed for the earliest deadline.
 *
 * A timer per request cost every ping a timer list created and dropped (with a priority-queue
 * insert and removal) and two native calls; here a request only compares its deadline with the
 * armed one. A deadline that moves later (progress restarted it) needs nothing: the timer fires at
 * the old one, finds it not due and re-arms. The timer does not keep the process alive: whatever
 * an answer would come through (the server's pipes, an HTTP request) does that.
 */
export class Deadlines<T extends { readonly deadline: number }> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private armedFor = Infinity;

  constructor(
    private readonly live: () => Iterable<T>,
    private readonly expired: (item: T) => void,
  ) {}

  /** A new deadline (Date.now() milliseconds). */
  watch(deadline: number): void {
    if (deadline < this.armedFor) this.arm(deadline);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = Infinity;
  }

  private arm(at: number): void {
    clearTimeout(this.timer);
    this.armedFor = at;
    this.timer = setTimeout(this.check, Math.max(0, at - Date.now()));
    this.timer.unref?.();
  }

  private readonly check = (): void => {
    this.timer = undefined;
    this.armedFor = Infinity;
    const now = Date.now();
    for (const item of [...this.live()]) if (item.deadline <= now) this.expired(item);
    // What expiring did (requests settled, new ones made) is in the live set now.
    let next = Infinity;
    for (const item of this.live()) next = Math.min(next, item.deadline);
    if (next < this.armedFor) this.arm(next);
  };
}
