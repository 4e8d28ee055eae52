/**
 * A bug that escapes every handler must not take the servers' cleanup with it: on an uncaught
 * exception or an unhandled rejection, `loupe start` closes its sessions as on Ctrl+C (stdin
 * closed, then SIGTERM, then SIGKILL to each group), then exits 1. A second error while closing
 * exits at once; process.on('exit') (process-group.ts) still SIGKILLs every group then.
 *
 * What no handler can catch: V8 aborts the process when the heap is exhausted (no exception, no
 * 'exit' event), and SIGKILL ends it with nothing run. The pid files (pid-files.ts) cover those:
 * the next `loupe start` ends the groups they name.
 */
export interface FatalTarget {
  on(event: 'uncaughtException' | 'unhandledRejection', fn: (err: unknown) => void): unknown;
  exit(code: number): void;
}

export function onFatalError(
  drain: () => Promise<unknown>,
  target: FatalTarget = process as unknown as FatalTarget,
  log: (text: string) => void = (t) => console.error(t),
): void {
  let failing = false;
  const fatal = (what: string) => (err: unknown) => {
    const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
    if (failing) {
      log(`loupe: another ${what} while closing: exiting now\n${text}`);
      target.exit(1);
      return;
    }
    failing = true;
    log(`loupe: internal error (${what}), please report it:\n${text}`);
    void drain()
      .catch(() => {})
      .finally(() => target.exit(1));
  };
  target.on('uncaughtException', fatal('uncaught exception'));
  target.on('unhandledRejection', fatal('unhandled rejection'));
}
