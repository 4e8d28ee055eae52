/** Whether a session's writer still runs: this process, or another one that can be signalled. */
export function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // Running, as another user: it cannot be signalled, but it is there.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
