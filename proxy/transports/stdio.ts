/**
 * The stdio transport: spawns the server (argv, never a shell) as the leader of its own process
 * group, splits stdout and stderr into lines on bytes, and records every line, every write and
 * every process event before anything parses it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { existsSync } from 'node:fs';
import { LineSplitter, DEFAULT_MAX_LINE_BYTES } from '../../lib/mcp/framing';
import type { Frame, LifecycleMeta, StdioLineMeta } from '../../lib/mcp/frame';
import type { StdioConnection } from '../../lib/wire/connection';
import type { SessionClock } from '../shared/clock';
import type { Crossing, RecordCrossing, WireTransport } from './types';
import { groupAlive, signalGroup, sleep, trackGroup, untrackGroup, waitGroupGone } from './process-group';
import { StderrLines, type StderrRun } from './stdio-stderr';
import { childEnvironment, describeExit, describeSpawnError, displayCommand, shortCommand } from './stdio-text';

export interface StdioOptions {
  /** Longest line kept whole; longer ones are recorded truncated. Default 16 MiB. */
  maxLineBytes?: number;
  /** After stdin is closed, how long the server may take to exit by itself. Default 2 s. */
  closeGraceMs?: number;
  /** After SIGTERM, how long before SIGKILL. Default 2 s. */
  killGraceMs?: number;
}

const encoder = new TextEncoder();
/** Shared by every line (frames are never mutated): one object per line cost ~50 bytes of heap
 *  each, which adds up in a flood of short lines. */
const LF_META: StdioLineMeta = Object.freeze({ transport: 'stdio' });
const CRLF_META: StdioLineMeta = Object.freeze({ transport: 'stdio', crlf: true });

type Exit = { code: number | null; signal: NodeJS.Signals | null };

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Whether `text` is one line that the server reads back exactly as the string it is: no `\n`, no
 * final `\r` (which a reader strips as CRLF), no surrogate (a lone one is encoded as U+FFFD; a
 * pair is fine but rare enough to leave to the careful path) and within the line limit. Almost
 * every message is one, and then it needs no encoding or splitting to be recorded.
 */
function isPlainLine(text: string, maxLineBytes: number): boolean {
  // Three bytes per UTF-16 unit is the most UTF-8 can take, so a short text is within the limit.
  if (text.length * 3 > maxLineBytes && Buffer.byteLength(text) > maxLineBytes) return false;
  return !text.includes('\n') && !text.endsWith('\r') && !SURROGATE.test(text);
}

/**
 * Whether a line can parse as what the client reads (an object, or a batch): only those are
 * parsed. A flood of lines that are not JSON spent most of its time throwing parse errors.
 */
function mayBeMessage(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) return true; // { [
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return false;
}

export class StdioTransport implements WireTransport {
  onCrossing?: RecordCrossing;
  onMessage?: (frame: Frame, json: unknown) => void;
  onClosed?: (reason: string) => void;

  private child?: ChildProcess;
  /** Settles once the process has spawned or failed to; close() waits for it. */
  private starting?: Promise<void>;
  private exit?: Exit;
  private closing = false;
  private termSentAt?: number;
  private killSent = false;
  /** Settles once the exit is recorded and no process of the group is left. */
  private done?: Promise<void>;
  private readonly maxLineBytes: number;
  private readonly closeGraceMs: number;
  private readonly killGraceMs: number;

  constructor(
    private readonly connection: StdioConnection,
    private readonly clock: SessionClock,
    options: StdioOptions = {},
  ) {
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.closeGraceMs = options.closeGraceMs ?? 2000;
    this.killGraceMs = options.killGraceMs ?? 2000;
  }

  /** The server's pid, which is also its process group id. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    if (this.starting) return Promise.reject(new Error('this transport was already started'));
    this.starting = this.spawnServer();
    return this.starting;
  }

  private spawnServer(): Promise<void> {
    const { command, args, cwd } = this.connection;
    if (cwd !== undefined && !existsSync(cwd)) {
      const error = `cannot start "${command}": the working directory ${cwd} does not exist`;
      this.lifecycle({ transport: 'stdio', event: 'spawn-error', command, args, error }, error);
      return Promise.reject(new Error(error));
    }
    const child = spawn(command, args, {
      cwd,
      env: childEnvironment(this.connection.env),
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      shell: false,
      windowsHide: true,
    });
    this.child = child;
    return new Promise((resolve, reject) => {
      child.on('error', (err) => {
        if (child.pid !== undefined) return; // a later error (e.g. a failed kill) is not a spawn failure
        const error = describeSpawnError(command, err as NodeJS.ErrnoException);
        this.lifecycle({ transport: 'stdio', event: 'spawn-error', command, args, error }, error);
        this.exit = { code: null, signal: null };
        this.done = Promise.resolve();
        reject(new Error(error));
      });
      child.once('spawn', () => {
        const pid = child.pid as number;
        trackGroup(pid, shortCommand(command, args));
        this.lifecycle({ transport: 'stdio', event: 'spawn', pid, command, args }, `started ${displayCommand(command, args)} (pid ${pid})`);
        this.wire(child, pid);
        resolve();
      });
    });
  }

  private wire(child: ChildProcess, pid: number): void {
    const out = new LineSplitter(this.maxLineBytes);
    const err = new StderrLines(this.maxLineBytes);
    const stdoutEnded = new Promise<void>((r) => child.stdout!.once('close', r));
    const stderrEnded = new Promise<void>((r) => child.stderr!.once('close', r));
    this.read(child.stdout!, (chunk) => this.lines('message', out.push(chunk), this.clock.now()));
    this.read(child.stderr!, (chunk) => this.lines('stderr', err.push(chunk), this.clock.now()));
    // A server that dies mid-write makes stdin emit EPIPE; send() reports it, this keeps it from crashing us.
    child.stdin!.on('error', () => {});
    this.done = new Promise<Exit>((r) => child.once('exit', (code, signal) => r({ code, signal }))).then(async (exit) => {
      // Lines still in the pipes belong before the exit. A grandchild may hold the pipes open, so
      // the wait ends once they have been quiet for a moment, not at a fixed time: a loaded
      // machine can still be reading a full pipe 100 ms after the exit.
      await this.pipesDrained(Promise.all([stdoutEnded, stderrEnded]));
      this.lines('message', out.end(), this.clock.now());
      this.lines('stderr', err.end(), this.clock.now());
      this.exit = exit;
      const text = describeExit(exit.code, exit.signal);
      this.lifecycle({ transport: 'stdio', event: 'exit', pid, code: exit.code, signal: exit.signal }, text);
      await this.endGroup(pid);
      if (!this.closing) this.onClosed?.(text);
    });
  }

  /**
   * One read per pipe per turn of the event loop, of everything the pipe holds. libuv reads a
   * readable pipe up to 32 times in a row, each read handled at once, so a server writing without
   * pause kept the proxy on its pipes for seconds: other sessions' pings, the pages' sockets and
   * the recorder's batches all waited. In paused mode, `read()` hands over all that has been read
   * so far as one chunk (up to the stream's high-water mark), so a server logging 1 KiB lines
   * faster than Loupe reads them gives one chunk of many lines, which stderr records as one frame;
   * the next read waits until everything else ready has had its turn (setImmediate). Past the
   * high-water mark the stream stops reading, the kernel's pipe buffer fills and the server's
   * writes block, which is the backpressure a flooding server should meet.
   */
  /** When the last chunk was read from either pipe. */
  private lastReadAt = 0;

  private async pipesDrained(ended: Promise<unknown>): Promise<void> {
    const QUIET_MS = 100;
    const MOST_MS = 5000;
    const start = performance.now();
    let done = false;
    void ended.then(() => (done = true));
    while (!done && performance.now() - start < MOST_MS) {
      const quietFor = performance.now() - Math.max(this.lastReadAt, start);
      if (quietFor >= QUIET_MS) return;
      await Promise.race([ended, sleep(QUIET_MS - quietFor)]);
    }
  }

  private read(stream: Readable, handle: (chunk: Buffer) => void): void {
    let scheduled = false;
    const drain = () => {
      scheduled = false;
      const chunk = stream.read() as Buffer | null;
      if (chunk === null) return; // 'readable' fires again when more arrives, or at the end
      this.lastReadAt = performance.now();
      handle(chunk);
      schedule();
    };
    const schedule = () => {
      if (scheduled) return;
      scheduled = true;
      setImmediate(drain);
    };
    stream.on('readable', schedule);
  }

  private lines(lane: 'message' | 'stderr', lines: StderrRun[], ts: number): void {
    if (lines.length === 0) return;
    // Record the whole chunk first: replies triggered by a message must not sort before lines
    // that had already arrived with it.
    const frames: Array<Frame | undefined> = [];
    for (const l of lines) frames.push(this.record('s2c', lane, l, ts));
    if (lane !== 'message' || !this.onMessage) return;
    for (let i = 0; i < lines.length; i++) {
      const frame = frames[i];
      if (lines[i].truncated || !frame || !mayBeMessage(lines[i].raw)) continue;
      let json: unknown;
      try {
        json = JSON.parse(lines[i].raw);
      } catch {
        continue;
      }
      this.onMessage?.(frame, json);
    }
  }

  private record(dir: 'c2s' | 's2c', lane: 'message' | 'stderr', l: StderrRun, ts: number): Frame | undefined {
    const meta = l.lines ? { ...(l.crlf ? CRLF_META : LF_META), lines: l.lines } : l.crlf ? CRLF_META : LF_META;
    const c: Crossing = { dir, lane, raw: l.raw, size: l.size, ts, meta };
    if (l.truncated) c.truncated = true;
    if (l.invalidUtf8) {
      c.invalidUtf8 = true;
      c.rawBase64 = l.rawBase64;
    }
    return this.onCrossing?.(c);
  }

  private lifecycle(meta: LifecycleMeta, raw: string): void {
    this.onCrossing?.({ dir: 'local', lane: 'lifecycle', raw, size: 0, ts: this.clock.now(), meta });
  }

  /**
   * Writes `text` plus `\n`. Each line of it is recorded as a c2s frame, exactly as written.
   *
   * The bytes go out first and are recorded right after, in the same synchronous turn: nothing the
   * server answers can be read before this turn ends, so wire order holds, and the server starts
   * on the request while Loupe records it. The timestamp is taken before the write.
   */
  send(text: string): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.exit || this.closing || !stdin.writable) {
      return Promise.reject(new Error('the server process is not running: cannot write to its stdin'));
    }
    const ts = this.clock.now();
    return new Promise<void>((resolve, reject) => {
      const plain = isPlainLine(text, this.maxLineBytes);
      // Several lines, a lone surrogate (written as U+FFFD) or a line over the limit: the lines
      // are what the server reads from these exact bytes.
      const bytes = plain ? undefined : encoder.encode(text + '\n');
      stdin.write(bytes ?? text + '\n', (err) => (err ? reject(new Error(`could not write to the server's stdin: ${err.message}`)) : resolve()));
      if (!bytes) this.record('c2s', 'message', { raw: text, size: Buffer.byteLength(text) }, ts);
      else for (const l of new LineSplitter(this.maxLineBytes).push(bytes)) this.record('c2s', 'message', l, ts);
    });
  }

  /** stdin closed, a grace period, SIGTERM to the group, another grace, SIGKILL. */
  async close(): Promise<void> {
    // A close that arrives while the process is still spawning must still end it.
    await this.starting?.catch(() => {});
    const child = this.child;
    if (!child || !this.done) return;
    if (!this.closing && !this.exit) {
      this.closing = true;
      const pid = child.pid as number;
      child.stdin?.end();
      this.lifecycle({ transport: 'stdio', event: 'stdin-closed', pid }, "closed the server's stdin");
      if (!(await this.exitedWithin(this.closeGraceMs))) {
        this.signal(pid, 'SIGTERM');
        if (!(await this.exitedWithin(this.killGraceMs))) this.signal(pid, 'SIGKILL');
      }
    }
    this.closing = true;
    await this.done;
  }

  private async exitedWithin(ms: number): Promise<boolean> {
    const done = this.done!.then(() => true);
    return Promise.race([done, sleep(ms).then(() => this.exit !== undefined)]);
  }

  private signal(pgid: number, signal: NodeJS.Signals): void {
    if (signal === 'SIGTERM') this.termSentAt = Date.now();
    if (signal === 'SIGKILL') this.killSent = true;
    if (signalGroup(pgid, signal)) {
      this.lifecycle({ transport: 'stdio', event: 'signal', pid: pgid, signal }, `sent ${signal} to process group ${pgid}`);
    }
  }

  /** The leader is gone; children it left in the group are ended the same way. A group already sent
   *  SIGKILL is only waited for: its members cannot refuse it, they may just not be gone yet (a
   *  busy machine takes a moment to reap them), and a second SIGKILL would only add a frame. */
  private async endGroup(pgid: number): Promise<void> {
    if (this.killSent) await waitGroupGone(pgid, 2000);
    else if (groupAlive(pgid)) {
      if (this.termSentAt === undefined) this.signal(pgid, 'SIGTERM');
      const left = Math.max(0, (this.termSentAt ?? Date.now()) + this.killGraceMs - Date.now());
      if (!(await waitGroupGone(pgid, left))) {
        this.signal(pgid, 'SIGKILL');
        await waitGroupGone(pgid, 2000);
      }
    }
    untrackGroup(pgid);
  }
}
