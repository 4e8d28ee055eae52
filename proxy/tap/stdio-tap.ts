/**
 * The stdio tap: a host runs `loupe tap -- COMMAND ARGS…` in place of its server. The tap starts the
 * server with the host's environment and working directory, passes bytes both ways exactly as they
 * come (chunks are written on before anything looks at them), forwards the server's stderr to its
 * own, and ends the way the server ended. Beside the pipes it records what crossed, line by line,
 * as frames: c2s from the host's stdin, s2c from the server's stdout, the stderr lane, and process
 * events. It never writes a byte of its own to stdout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { LineSplitter, type Line } from '../../lib/mcp/framing';
import type { Direction, Frame, Lane, LifecycleMeta } from '../../lib/mcp/frame';
import { SessionClock } from '../sessions/clock';
import { describeExit, describeSpawnError, displayCommand } from '../transports/stdio-text';

export interface TapIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export interface StdioTapOptions {
  command: string;
  args: string[];
  /** Defaults to the tap's own environment and working directory: the host's. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  io: TapIo;
  /** Receives every frame in wire order (the tap file, a live stream). */
  onFrame: (frame: Frame) => void;
  maxLineBytes?: number;
}

export type TapOutcome =
  | { kind: 'exited'; code: number | null; signal: NodeJS.Signals | null }
  | { kind: 'spawn-failed'; error: string; errno?: string };

/** Signals a host sends to stop its server; the tap passes them on and lets the server decide. */
const FORWARDED: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

export class StdioTap {
  readonly clock = new SessionClock();
  private seq = 0;
  private child?: ChildProcess;

  constructor(private readonly o: StdioTapOptions) {}

  get serverPid(): number | undefined {
    return this.child?.pid;
  }

  /** Resolves once the server has exited and every byte it wrote has been passed on. */
  run(): Promise<TapOutcome> {
    const { command, args, io } = this.o;
    const child = spawn(command, args, {
      cwd: this.o.cwd ?? process.cwd(),
      env: this.o.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
      windowsHide: true,
    });
    this.child = child;
    return new Promise<TapOutcome>((resolve) => {
      child.once('error', (err: NodeJS.ErrnoException) => {
        if (child.pid !== undefined) return;
        const error = describeSpawnError(command, err);
        this.lifecycle({ transport: 'stdio', event: 'spawn-error', command, args, error }, error);
        resolve({ kind: 'spawn-failed', error, errno: err.code });
      });
      child.once('spawn', () => {
        const pid = child.pid as number;
        this.lifecycle({ transport: 'stdio', event: 'spawn', pid, command, args }, `started ${displayCommand(command, args)} (pid ${pid})`);
        const unforward = this.forwardSignals(child);
        void this.pump(child, io).then((exit) => {
          unforward();
          this.lifecycle({ transport: 'stdio', event: 'exit', pid, code: exit.code, signal: exit.signal }, describeExit(exit.code, exit.signal));
          resolve({ kind: 'exited', ...exit });
        });
      });
    });
  }

  private async pump(child: ChildProcess, io: TapIo): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const fromHost = new LineSplitter(this.o.maxLineBytes);
    const fromServer = new LineSplitter(this.o.maxLineBytes);
    const serverLog = new LineSplitter(this.o.maxLineBytes);
    // pipe() first, so each chunk is on its way before the recorder splits it into lines.
    io.stdin.pipe(child.stdin!);
    child.stdout!.pipe(io.stdout, { end: false });
    child.stderr!.pipe(io.stderr, { end: false });
    io.stdin.on('data', (chunk: Buffer) => this.lines('c2s', 'message', fromHost.push(chunk)));
    child.stdout!.on('data', (chunk: Buffer) => this.lines('s2c', 'message', fromServer.push(chunk)));
    child.stderr!.on('data', (chunk: Buffer) => this.lines('s2c', 'stderr', serverLog.push(chunk)));
    io.stdin.once('end', () => {
      this.lines('c2s', 'message', fromHost.end());
      this.lifecycle({ transport: 'stdio', event: 'stdin-closed', pid: child.pid }, "the host closed the server's stdin");
    });
    // A server that stops reading, or exits, makes its stdin fail; the host's bytes then have
    // nowhere to go, exactly as without the tap.
    child.stdin!.on('error', () => {});
    const closed = (s: NodeJS.ReadableStream) => new Promise<void>((r) => s.once('close', r));
    const outputDone = Promise.all([closed(child.stdout!), closed(child.stderr!)]);
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
    // Everything the server wrote before it exited still reaches the host. A grandchild may hold
    // the pipes open; the host would see the same, so wait for them (bounded).
    await Promise.race([outputDone, new Promise((r) => setTimeout(r, 2000))]);
    this.lines('s2c', 'message', fromServer.end());
    this.lines('s2c', 'stderr', serverLog.end());
    io.stdin.unpipe(child.stdin!);
    return exit;
  }

  private forwardSignals(child: ChildProcess): () => void {
    const handlers = FORWARDED.map((signal) => {
      const h = () => {
        if (child.pid !== undefined) this.lifecycle({ transport: 'stdio', event: 'signal', pid: child.pid, signal }, `passed ${signal} from the host on to the server`);
        child.kill(signal);
      };
      process.on(signal, h);
      return () => process.off(signal, h);
    });
    return () => handlers.forEach((off) => off());
  }

  private lines(dir: Direction, lane: Lane, lines: Line[]): void {
    if (lines.length === 0) return;
    const ts = this.clock.now();
    for (const l of lines) {
      const frame = { seq: ++this.seq, ts, dir, lane, raw: l.raw, size: l.size, meta: l.crlf ? { transport: 'stdio', crlf: true } : { transport: 'stdio' } } as Frame;
      if (l.truncated) frame.truncated = true;
      if (l.invalidUtf8) {
        frame.invalidUtf8 = true;
        frame.rawBase64 = l.rawBase64;
      }
      this.o.onFrame(frame);
    }
  }

  private lifecycle(meta: LifecycleMeta, raw: string): void {
    this.o.onFrame({ seq: ++this.seq, ts: this.clock.now(), dir: 'local', lane: 'lifecycle', raw, size: 0, meta });
  }
}
