/**
 * The stdio tap with the native relay on the host's path (native/tap-relay.c): the relay gets the
 * host's stdin, stdout and stderr, starts the server and passes every byte itself; this process
 * only reads the relay's record pipe and hands what crossed to the same sink the Node relay
 * (stdio-tap.ts) feeds, so everything after the relay (framing, the trace file, the dashboard
 * following it) is the same whichever relay carried the session. This process never touches the
 * host's stdin or stdout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import type { Readable } from 'node:stream';
import { describeSpawnError } from '../transports/stdio-text';
import { RelayClock, RelayRecordReader, type RelayRecord } from './relay-records';
import { FORWARDED, TapEvents, type TapOutcome } from './tap-events';
import type { TapSink } from './tap-recorder';

export interface NativeTapOptions {
  /** The relay's binary (relay-build.ts). */
  relay: string;
  command: string;
  args: string[];
  sink: TapSink;
  /** Past this many bytes handed to the sink and not yet taken, the record pipe waits, so the
   *  relay's queue (bounded, with gaps past its bound) holds the backlog. */
  caughtUp?: (bytes: number) => Promise<void> | undefined;
  /** The relay's bound on its record queue, and the sink's (default: 64 MiB, as theirs). */
  maxBehindBytes?: number;
}

/** How far ahead of the sink the record pipe is read before it waits: well inside the sink's own
 *  bound, so only the relay ever drops (one bound, one place where gaps are made). */
const READ_AHEAD = 8 * 2 ** 20;
const DEFAULT_BOUND = 64 * 2 ** 20;

const SIGNAL_NAMES = new Map(Object.entries(os.constants.signals).map(([name, n]) => [n, name as NodeJS.Signals]));
const ERRNO_NAMES = new Map(Object.entries(os.constants.errno).map(([name, n]) => [n, name]));

/**
 * Nothing on this thread is on the host's path any more (the relay is a process of its own, started
 * already, so it keeps its priority): on a busy machine the recording takes the CPU that the
 * relay, the host and the server leave, as the recorder's worker does.
 */
function yieldToTheRelay(): void {
  try {
    os.setPriority(19);
  } catch {
    /* not allowed here: record at the tap's priority */
  }
}

export class NativeTap {
  readonly clock = new RelayClock();
  private readonly events: TapEvents;
  private pid?: number;
  private outcome?: TapOutcome;

  constructor(private readonly o: NativeTapOptions) {
    this.events = new TapEvents(o.sink, o.command, o.args);
  }

  /**
   * Starts the relay; resolves undefined, with nothing recorded, when it cannot be started at all
   * (the caller then uses the Node relay), else once the relay has ended and every record is read.
   */
  async run(): Promise<TapOutcome | undefined> {
    const { relay, command, args } = this.o;
    const bound = this.o.maxBehindBytes === undefined ? [] : ['--max-behind', String(this.o.maxBehindBytes)];
    const child = spawn(relay, [...bound, '--', command, ...args], { stdio: ['inherit', 'inherit', 'inherit', 'pipe'], windowsHide: true });
    const started = await new Promise<boolean>((resolve) => {
      child.once('spawn', () => resolve(true));
      child.once('error', () => resolve(false));
    });
    if (!started) return undefined;
    yieldToTheRelay();
    const unforward = this.forwardSignals(child);
    const records = child.stdio[3] as Readable;
    const reader = new RelayRecordReader();
    const done = new Promise<void>((resolve) => records.once('close', resolve).once('error', resolve));
    const readAhead = Math.min(READ_AHEAD, (this.o.maxBehindBytes ?? DEFAULT_BOUND) / 2);
    records.on('data', (chunk: Buffer) => {
      reader.push(chunk, (r) => this.take(r));
      const caughtUp = this.o.caughtUp?.(readAhead);
      if (caughtUp) {
        records.pause();
        void caughtUp.then(() => records.resume());
      }
    });
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    await done;
    unforward();
    if (this.outcome) return this.outcome;
    // The relay ended without saying how the server did (it was killed): the tap ends as it did.
    this.o.sink.lifecycle({ transport: 'stdio', event: 'note' }, `the native relay ended unexpectedly (${exit.signal ?? `code ${exit.code}`}): the server's end was not seen`, this.clock.now());
    return { kind: 'exited', code: exit.code, signal: exit.signal };
  }

  private take(r: RelayRecord): void {
    const ts = this.clock.us(r.hi, r.lo);
    const sink = this.o.sink;
    switch (r.kind) {
      case 'chunk':
        return sink.chunk(r.stream, ts, r.bytes);
      case 'end':
        return sink.end(r.stream, ts);
      case 'gap':
        return sink.gap(r.stream, ts, r.bytes);
      case 'spawned':
        this.pid = r.pid;
        return this.events.spawned(r.pid, ts);
      case 'exec-failed': {
        const code = ERRNO_NAMES.get(r.errno) ?? `errno ${r.errno}`;
        const error = describeSpawnError(this.o.command, Object.assign(new Error(`spawn ${this.o.command} ${code}`), { code }));
        this.events.spawnFailed(error, ts);
        this.outcome = { kind: 'spawn-failed', error, errno: code };
        return;
      }
      case 'stdin-closed':
        return this.events.stdinClosed(this.pid, ts);
      case 'signal':
        if (this.pid !== undefined) this.events.signalled(this.pid, SIGNAL_NAMES.get(r.signo) ?? (`SIG${r.signo}` as NodeJS.Signals), ts);
        return;
      case 'exit': {
        const exit = { code: r.code, signal: r.signo ? (SIGNAL_NAMES.get(r.signo) ?? null) : null };
        this.events.exited(this.pid ?? 0, exit, ts);
        this.outcome = { kind: 'exited', ...exit };
      }
    }
  }

  /** The host's stop signals go to the relay, which passes them on to the server and records them. */
  private forwardSignals(child: ChildProcess): () => void {
    const handlers = FORWARDED.map((signal) => {
      const h = () => child.kill(signal);
      process.on(signal, h);
      return () => process.off(signal, h);
    });
    return () => handlers.forEach((off) => off());
  }
}
