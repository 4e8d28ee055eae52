/**
 * A tiny typed event emitter: `on` returns the function that removes the listener.
 *
 * Each event's listeners are an array replaced on every change (copy on write), so an emit, which
 * happens for every message a session reads, iterates without copying, and a listener that adds
 * or removes listeners while being called changes only later emits.
 */
export class Emitter<Events extends { [K in keyof Events]: (...args: never[]) => void }> {
  private readonly listeners = new Map<keyof Events, ReadonlyArray<(...args: never[]) => void>>();

  on<E extends keyof Events>(event: E, fn: Events[E]): () => void {
    const now = this.listeners.get(event) ?? [];
    if (!now.includes(fn)) this.listeners.set(event, [...now, fn]);
    return () => {
      const list = this.listeners.get(event);
      if (list?.includes(fn))
        this.listeners.set(
          event,
          list.filter((f) => f !== fn),
        );
    };
  }

  emit<E extends keyof Events>(event: E, ...args: Parameters<Events[E]>): void {
    const list = this.listeners.get(event);
    if (!list) return;
    for (const fn of list) (fn as (...a: Parameters<Events[E]>) => void)(...args);
  }
}
