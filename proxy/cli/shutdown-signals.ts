/**
 * SIGINT, SIGTERM and SIGHUP (the terminal was closed) are caught from the first moment of `loupe start`, so a stop that arrives
 * during the build or while the port opens is honoured too, never left to Node's default (an
 * abrupt exit that would orphan child processes).
 */
export interface ShutdownSignals {
  /** Aborted at the first signal: hand it to anything long that should stop early (the build). */
  readonly signal: AbortSignal;
  /** Runs `drain` at the first signal (at once if one already came); a second signal exits 1. */
  onStop(drain: (signal: NodeJS.Signals) => void): void;
  dispose(): void;
}

export function catchShutdownSignals(): ShutdownSignals {
  const controller = new AbortController();
  let first: NodeJS.Signals | undefined;
  let drain: ((s: NodeJS.Signals) => void) | undefined;
  const handler = (s: NodeJS.Signals) => {
    if (first) {
      console.error(`loupe: ${s} again: exiting without waiting`);
      process.exit(1);
    }
    first = s;
    controller.abort();
    drain?.(s);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  process.on('SIGHUP', handler);
  return {
    signal: controller.signal,
    onStop(fn) {
      drain = fn;
      if (first) fn(first);
    },
    dispose() {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
      process.off('SIGHUP', handler);
    },
  };
}
