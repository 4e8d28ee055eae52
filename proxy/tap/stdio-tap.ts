/**
 * The stdio tap's relay, between a host and its server. A host runs
 * `loupe tap -- COMMAND ARGS…` in place of its server; the tap starts the server with the host's
 * environment and working directory, passes bytes both ways exactly as they come (chunks are
 * written on before anything looks at them), forwards the server's stderr to its own, and ends the
 * way the server ended. Beside the pipes it hands what crossed to its sink, each chunk with the
 * time it arrived: c2s from the host's stdin, s2c from the server's stdout, the server's stderr,
 * and process events. Framing and writing happen in the sink (a worker thread), never on this
 * thread, which only forwards. It never writes a byte of its own to stdout, and ends it when the
 * server's ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { SessionClock } from '../shared/clock';
import { trackGroup, untrackGroup } from '../transports/process-group';
import { describeSpawnError, shortCommand } from '../transports/stdio-text';
import { FORWARDED, TapEvents, type TapExit, type TapOutcome } from './tap-events';
import type { TapStream } from './tap-framer';
import type { TapSink } from './tap-recorder';

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
  /** Receives every chunk and event in wire order (the recorder). */
  sink: TapSink;
}

export class StdioTap {
  readonly clock = new SessionClock();
  private readonly events: TapEvents;

  constructor(private readonly o: StdioTapOptions) {
    this.events = new TapEvents(o.sink, o.command, o.args);
  }

  /** Resolves once the server has exited and every byte it wrote has been passed on. */
  run(): Promise<TapOutcome> {
    const { command, args, io } = this.o;
    const child = spawn(command, args, {
      cwd: this.o.cwd ?? process.cwd(),
      env: this.o.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      // Not detached: a new session (setsid) would also put the server in a scheduler autogroup
      // of its own on Linux, and a host flooded through the tap then got a third to half of what
      // it gets directly (bench: tap flood). The server stays where the host put the tap, as it
      // would without one; a pid file records it as a tree (pid-files.ts), so a server that
      // ignores the end of its input and outlives a SIGKILLed tap is ended, with what it started,
      // by the next tap or `loupe start`.
      detached: false,
      shell: false,
      windowsHide: true,
    });
    return new Promise<TapOutcome>((resolve) => {
      child.once('error', (err: NodeJS.ErrnoException) => {
        if (child.pid !== undefined) return;
        const error = describeSpawnError(command, err);
        this.events.spawnFailed(error, this.clock.now());
        resolve({ kind: 'spawn-failed', error, errno: err.code });
      });
      child.once('spawn', () => {
        const pid = child.pid as number;
        if (process.platform !== 'win32') trackGroup(pid, shortCommand(command, args), 'tree');
        this.events.spawned(pid, this.clock.now());
        const unforward = this.forwardSignals(child);
        void this.pump(child, io).then((exit) => {
          unforward();
          untrackGroup(pid);
          this.events.exited(pid, exit, this.clock.now());
          resolve({ kind: 'exited', ...exit });
        });
      });
    });
  }

  private async pump(child: ChildProcess, io: TapIo): Promise<TapExit> {
    // pipe() first, so each chunk is on its way before the recorder is handed its copy.
    io.stdin.pipe(child.stdin!);
    child.stdout!.pipe(io.stdout, { end: false });
    // The host's stdout ends with the server's, not with the tap: the recorder may still be
    // catching up, and the tap's exit waits for it, never the host's reading. (pipe() never ends
    // process.stdout; ended, it closes a socket pair, as Node hosts use, at once; a plain pipe
    // closes with the process.)
    child.stdout!.once('end', () => io.stdout.end());
    child.stderr!.pipe(io.stderr, { end: false });
    const record = (stream: TapStream) => (chunk: Buffer) => this.o.sink.chunk(stream, this.clock.now(), chunk);
    io.stdin.on('data', record('c2s'));
    child.stdout!.on('data', record('s2c'));
    child.stderr!.on('data', record('stderr'));
    io.stdin.once('end', () => {
      this.o.sink.end('c2s', this.clock.now());
      this.events.stdinClosed(child.pid, this.clock.now());
    });
    // A server that stops reading, or exits, makes its stdin fail; the host's bytes then have
    // nowhere to go, exactly as without the tap.
    child.stdin!.on('error', () => {});
    const closed = (s: NodeJS.ReadableStream) => new Promise<void>((r) => s.once('close', r));
    const outputDone = Promise.all([closed(child.stdout!), closed(child.stderr!)]);
    const exit = await new Promise<TapExit>((r) => child.once('exit', (code, signal) => r({ code, signal })));
    // Everything the server wrote before it exited still reaches the host. A grandchild may hold
    // the pipes open; the host would see the same, so wait for them (bounded).
    await Promise.race([outputDone, new Promise((r) => setTimeout(r, 2000))]);
    this.o.sink.end('s2c', this.clock.now());
    this.o.sink.end('stderr', this.clock.now());
    io.stdin.unpipe(child.stdin!);
    return exit;
  }

  private forwardSignals(child: ChildProcess): () => void {
    const handlers = FORWARDED.map((signal) => {
      const h = () => {
        if (child.pid !== undefined) this.events.signalled(child.pid, signal, this.clock.now());
        child.kill(signal);
      };
      process.on(signal, h);
      return () => process.off(signal, h);
    });
    return () => handlers.forEach((off) => off());
  }
}
