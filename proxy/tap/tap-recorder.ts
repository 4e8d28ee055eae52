/**
 * The stdio tap's recorder, as the tap's main thread sees it: every call only hands a copy of the
 * bytes to a worker thread and returns, so the thread that forwards the host's bytes never frames,
 * serialises or writes anything. The worker may fall behind (a flood on a busy machine); past
 * `maxBehindBytes` the tap appends its batches to a spool file instead (tap-spool.ts), which the
 * worker reads back in order, so every frame is recorded while neither the host waits nor the
 * tap's memory grows. Only when the spool cannot be written (a full disk) does the tap tell the
 * worker how many bytes it missed instead (a `note` frame in the trace). A host that ends the tap
 * while the worker is still catching up has it abandon the rest (abandon()): the worker hands what
 * it had not reached on to a process that outlives the tap (tap-handoff.ts), or, without a stored
 * session, notes it as gaps, and closes the recording, in well under the two seconds an SDK leaves
 * before SIGKILL.
 */
import { Worker } from 'node:worker_threads';
import type { LifecycleMeta } from '../../lib/mcp/frame';
import type { TapStream } from './tap-framer';
import type { TapHeaderInput } from './tap-header';
import type { OtlpEndpoint } from '../../lib/wire/otlp-endpoint';
import { spoolPathFor, SpoolWriter, type SpooledBatch } from './tap-spool';

/** A chunk's bytes are `start..end` of its batch's `bytes`: one buffer moves per batch. */
export type RecorderItem =
  | { kind: 'chunk'; stream: TapStream; ts: number; start: number; end: number }
  | { kind: 'gap'; stream: TapStream; ts: number; bytes: number }
  | { kind: 'end'; stream: TapStream; ts: number }
  | { kind: 'lifecycle'; ts: number; meta: LifecycleMeta; raw: string };

/** `spooled`: the next batch is in the spool, there (read it back in this message's turn). */
export type RecorderMessage = { kind: 'batch'; items: RecorderItem[]; bytes: Uint8Array } | ({ kind: 'spooled' } & SpooledBatch) | { kind: 'close' };

/** How long items wait to be handed over together: a ping's round trip then rarely wakes the
 *  worker, whose thread would compete with the host and the server for a core. */
const BATCH_MS = 25;
/** Until the server's first output, the first batch (and the worker's start) waits this long. */
const FIRST_BATCH_MS = 250;
/** A batch this large goes at once, so a flood does not pile up between turns. */
const BATCH_BYTES = 1 << 20;
const SLAB_START = 64 * 1024;

export type RecorderReply =
  | { kind: 'taken'; bytes: number; spooled: number }
  | { kind: 'closed'; dropped: number; error?: string; handedOff?: string }
  | { kind: 'not-recording'; error: string }
  | { kind: 'warning'; text: string };

export interface RecorderSetup {
  /** The tap file: the worker creates it with this header, or, without one, appends to it. */
  file: string;
  header?: TapHeaderInput;
  maxLineBytes?: number;
  /** Bytes the worker's writes may lag the disk before it drops frame text (TapFile). */
  maxQueuedBytes?: number;
  /** `--otlp`: the worker also streams the session's spans and metrics there, from the frames it makes. */
  otlp?: OtlpEndpoint;
  /** The stored sessions' folder: the worker also writes the session there (`loupe sessions`). */
  storeDir?: string;
  /** Where the backlog is spooled; beside the tap file unless given. */
  spool?: string;
  /** Set by the recorder itself: the flag abandon() raises, read by the worker before each batch. */
  abandon?: SharedArrayBuffer;
}

/** What the tap hands its recording to (the worker-backed recorder, or anything in a test). */
export interface TapSink {
  chunk(stream: TapStream, ts: number, bytes: Uint8Array): void;
  end(stream: TapStream, ts: number): void;
  lifecycle(meta: LifecycleMeta, raw: string, ts: number): void;
}

export interface RecorderOutcome {
  /** Bytes forwarded but not recorded because the worker was too far behind and the spool could not be written. */
  gapBytes: number;
  /** Frames whose text the worker dropped because the disk was too slow. */
  droppedFrames: number;
  error?: string;
  /** Why nothing was recorded at all (the tap file could not be created). */
  notRecording?: string;
  /** Abandoned before it caught up: the rest of the recording was handed on in this file
   *  (tap-handoff.ts), for a process to finish once the tap has ended. */
  handedOff?: string;
}

export class TapRecorder implements TapSink {
  private worker?: Worker;
  /** Bytes posted to the worker and not yet taken: what the tap holds for it in memory. */
  private behind = 0;
  private gapBytes = 0;
  private readonly spool: SpoolWriter;
  /** Spool bytes the worker has not read yet: while any are left, batches go on to the spool, in order. */
  private spoolUnread = 0;
  /** Why the spool cannot be written: from then on, bytes past the bound are gaps. */
  private spoolFailed?: string;
  private failed?: string;
  private notRecording = false;
  private readonly closed: Promise<RecorderOutcome>;
  private batch: RecorderItem[] = [];
  /** The batch's bytes, copied end to end into one buffer that grows as needed. */
  private slab = new Uint8Array(SLAB_START);
  private batchBytes = 0;
  private timer?: ReturnType<typeof setTimeout>;

  private serverSpoke = false;
  /** Raised (to 1) by abandon(): shared with the worker, which reads it before each batch it takes. */
  private readonly abandonShared = new SharedArrayBuffer(4);
  private readonly abandonFlag = new Int32Array(this.abandonShared);
  private resolveClosed!: (outcome: RecorderOutcome) => void;

  /** `onNotRecording` hears at once when the tap file cannot be created, so the tap can say so;
   *  `onWarning`, what else the worker has to say (the OpenTelemetry receiver cannot be reached). */
  constructor(
    private readonly setup: RecorderSetup,
    private readonly maxBehindBytes = 64 * 2 ** 20,
    private readonly onNotRecording: (reason: string) => void = () => {},
    private readonly onWarning: (text: string) => void = () => {},
  ) {
    this.spool = new SpoolWriter(setup.spool ?? spoolPathFor(setup.file));
    // Whichever way the worker ends, it reads no more of the spool.
    this.closed = new Promise<RecorderOutcome>((resolve) => (this.resolveClosed = resolve)).then((outcome) => {
      // A handoff reads the spool after the tap has ended, and removes it then.
      if (!outcome.handedOff) this.removeSpool();
      return outcome;
    });
  }

  /**
   * The worker, started with the first batch rather than with the tap: starting a thread and
   * loading the recording code takes CPU that the server needs while it starts and answers the
   * host's first request, and on a small machine they would share the same cores.
   */
  private started(): Worker {
    if (this.worker) return this.worker;
    const resolve = this.resolveClosed;
    // The worker's stdout is kept apart and discarded: the tap's stdout belongs to the protocol.
    const worker = new Worker(new URL('./tap-recorder-worker.mjs', import.meta.url), {
      workerData: { ...this.setup, abandon: this.abandonShared } satisfies RecorderSetup,
      stdout: true,
    });
    this.worker = worker;
    worker.stdout.resume();
    worker.on('message', (m: RecorderReply) => {
      if (m.kind === 'taken') {
        this.behind -= m.bytes;
        this.spoolUnread -= m.spooled;
        // Caught up: batches are posted again, and the spool's disk space is given back.
        if (m.spooled > 0 && this.spoolUnread === 0) this.removeSpool();
      } else if (m.kind === 'warning') {
        this.onWarning(m.text);
      } else if (m.kind === 'not-recording') {
        // Nothing more is handed over; the worker ends once told to close.
        this.failed = m.error;
        this.notRecording = true;
        this.batch = [];
        this.removeSpool();
        this.onNotRecording(m.error);
        resolve({ gapBytes: 0, droppedFrames: 0, notRecording: m.error });
      } else
        resolve({
          gapBytes: this.gapBytes,
          droppedFrames: m.dropped,
          ...(m.error ? { error: m.error } : {}),
          ...(m.handedOff ? { handedOff: m.handedOff } : {}),
        });
    });
    // A recorder that fails must never take the host's session down with it.
    worker.on('error', (e) => {
      this.failed ??= e.message;
      resolve({ gapBytes: this.gapBytes, droppedFrames: 0, error: this.failed });
    });
    worker.on('exit', () => resolve({ gapBytes: this.gapBytes, droppedFrames: 0, error: this.failed ?? 'the recorder stopped before it finished writing' }));
    return worker;
  }

  chunk(stream: TapStream, ts: number, bytes: Uint8Array): void {
    if (this.failed) return;
    if (stream === 's2c' && !this.serverSpoke) {
      // The server is up and has answered: the first batch need wait no longer.
      this.serverSpoke = true;
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    // Past the bound, the batch goes to the spool (flush); only without one is it a gap.
    if (this.spoolFailed && this.behind + this.batchBytes + bytes.length > this.maxBehindBytes) return this.gap(stream, ts, bytes.length);
    // Copied, since the stream may reuse or keep alive a larger buffer; into one slab per batch,
    // since allocating and moving a buffer per chunk costs more than the copy on a flood of lines.
    const start = this.batchBytes;
    const end = start + bytes.length;
    if (end > this.slab.length) {
      const grown = new Uint8Array(Math.max(end, this.slab.length * 2));
      grown.set(this.slab.subarray(0, start));
      this.slab = grown;
    }
    this.slab.set(bytes, start);
    this.batchBytes = end;
    this.add({ kind: 'chunk', stream, ts, start, end });
  }

  /** Bytes that were passed on but not recorded: the worker is told how many, not handed them. */
  private gap(stream: TapStream, ts: number, bytes: number): void {
    this.gapBytes += bytes;
    // One note for a run of missed chunks of a stream, not one per chunk.
    const last = this.batch.at(-1);
    if (last?.kind === 'gap' && last.stream === stream) last.bytes += bytes;
    else this.add({ kind: 'gap', stream, ts, bytes });
  }

  end(stream: TapStream, ts: number): void {
    this.add({ kind: 'end', stream, ts });
  }

  lifecycle(meta: LifecycleMeta, raw: string, ts: number): void {
    this.add({ kind: 'lifecycle', ts, meta, raw });
  }

  /** Everything handed over is framed and written; then the worker ends. */
  close(): Promise<RecorderOutcome> {
    this.flush();
    // A worker that records nothing still waits to be told, so it ends with the tap.
    if (!this.failed || this.notRecording) this.started().postMessage({ kind: 'close' } satisfies RecorderMessage);
    return this.closed;
  }

  private add(item: RecorderItem): void {
    if (this.failed) return;
    this.batch.push(item);
    if (this.batchBytes >= BATCH_BYTES) return this.flush();
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.worker || this.serverSpoke ? BATCH_MS : FIRST_BATCH_MS);
      // Waiting to hand over a batch must not keep the tap alive once the server is gone.
      this.timer.unref();
    }
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.batch.length === 0 || this.failed) return;
    const over = this.behind + this.batchBytes > this.maxBehindBytes;
    if (!this.spoolFailed && (over || this.spoolUnread > 0) && this.spill()) return;
    // Without a spool, what does not fit is passed on unrecorded (spill() made it gaps).
    const bytes = this.slab.subarray(0, this.batchBytes);
    this.started().postMessage({ kind: 'batch', items: this.batch, bytes } satisfies RecorderMessage, [this.slab.buffer]);
    this.behind += this.batchBytes;
    this.batch = [];
    this.slab = new Uint8Array(SLAB_START);
    this.batchBytes = 0;
  }

  /** The batch goes to the spool, and the worker is told where; false when it must be posted after all. */
  private spill(): boolean {
    const bytes = this.slab.subarray(0, this.batchBytes);
    try {
      const where = this.spool.append(this.batch, bytes);
      this.started().postMessage({ kind: 'spooled', ...where } satisfies RecorderMessage);
      this.spoolUnread += where.length;
      this.batch = [];
      // The slab was not handed over: the next batch reuses it.
      this.batchBytes = 0;
      return true;
    } catch (e) {
      this.spoolFailed = (e as Error).message;
      this.onWarning(
        `cannot spool the recording's backlog to ${this.spool.path} (${this.spoolFailed}): from now on, what the tap passes on while its recorder is more than ${this.maxBehindBytes} bytes behind is noted as a gap, not recorded`,
      );
      // A full disk gets back what the spool held at once when the worker has read all of it.
      if (this.spoolUnread === 0) this.removeSpool();
      if (this.behind + this.batchBytes > this.maxBehindBytes) this.dropBatch();
      return false;
    }
  }

  /** The batch's chunks past the bound become gaps (the host has them, the recording notes how many
   *  bytes it missed); those within it stay, moved to the front of the slab. */
  private dropBatch(): void {
    const items = this.batch;
    this.batch = [];
    let kept = 0;
    for (const item of items) {
      const last = this.batch.at(-1);
      const n = item.kind === 'chunk' ? item.end - item.start : 0;
      if (item.kind !== 'chunk') this.batch.push(item);
      else if (this.behind + kept + n <= this.maxBehindBytes) {
        this.slab.copyWithin(kept, item.start, item.end);
        this.batch.push({ ...item, start: kept, end: kept + n });
        kept += n;
      } else {
        this.gapBytes += n;
        if (last?.kind === 'gap' && last.stream === item.stream) last.bytes += n;
        else this.batch.push({ kind: 'gap', stream: item.stream, ts: item.ts, bytes: n });
      }
    }
    this.batchBytes = kept;
  }

  /**
   * The host is ending the tap before its recorder has caught up: the worker notes what it has not
   * taken yet as gaps instead of framing it, then closes the recording clean without counting its
   * findings; close()'s promise settles then. The flag overtakes the batches queued for the worker,
   * as a message could not.
   */
  abandon(): void {
    Atomics.store(this.abandonFlag, 0, 1);
  }

  /** A signal ends the tap before its recorder has caught up: the spool is not left behind. */
  forgetSpool(): void {
    this.spool.unlink();
  }

  private removeSpool(): void {
    try {
      this.spool.remove();
    } catch {
      /* a descriptor that cannot be closed changes nothing for the host or the recording */
    }
  }
}
