/**
 * The process events a stdio tap records, as lifecycle frames, in the wording of Loupe's own
 * stdio transport.
 */
import type { LifecycleMeta } from '../../lib/mcp/frame';
import { describeExit, displayCommand } from '../transports/stdio-text';
import type { TapSink } from './tap-recorder';

export type TapExit = { code: number | null; signal: NodeJS.Signals | null };

export type TapOutcome = ({ kind: 'exited' } & TapExit) | { kind: 'spawn-failed'; error: string; errno?: string };

/** Signals a host sends to stop its server; the tap passes them on and lets the server decide. */
export const FORWARDED: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/** Writes a tap's process events to its sink, each with the time it happened. */
export class TapEvents {
  constructor(
    private readonly sink: TapSink,
    private readonly command: string,
    private readonly args: string[],
  ) {}

  spawned(pid: number, ts: number): void {
    this.emit(
      { transport: 'stdio', event: 'spawn', pid, command: this.command, args: this.args },
      `started ${displayCommand(this.command, this.args)} (pid ${pid})`,
      ts,
    );
  }

  spawnFailed(error: string, ts: number): void {
    this.emit({ transport: 'stdio', event: 'spawn-error', command: this.command, args: this.args, error }, error, ts);
  }

  stdinClosed(pid: number | undefined, ts: number): void {
    this.emit({ transport: 'stdio', event: 'stdin-closed', pid }, "the host closed the server's stdin", ts);
  }

  signalled(pid: number, signal: NodeJS.Signals, ts: number): void {
    this.emit({ transport: 'stdio', event: 'signal', pid, signal }, `passed ${signal} from the host on to the server`, ts);
  }

  exited(pid: number, exit: TapExit, ts: number): void {
    this.emit({ transport: 'stdio', event: 'exit', pid, code: exit.code, signal: exit.signal }, describeExit(exit.code, exit.signal), ts);
  }

  private emit(meta: LifecycleMeta, raw: string, ts: number): void {
    this.sink.lifecycle(meta, raw, ts);
  }
}
