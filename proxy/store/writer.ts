/**
 * Appends one session's frames to its folder as they are recorded. Lines are batched and written
 * at most FLUSH_MS after they were given (and at once past FLUSH_BYTES or FLUSH_LINES, and on close), with one
 * synchronous append per batch: recording stays an array push on the path of the message, and a
 * writer killed at any moment leaves every batch written before it on disk (a torn last line at
 * worst, which the reader skips and reports).
 */
import { closeSync, existsSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import type { TraceHeader } from '../../lib/trace/format';
import { formatBytes } from '../../lib/text/bytes';
import { LineEncoder } from './segment-lines';
import { marksNext, newSummary, noteFrame, summaryOf, type SummaryBuilder } from './segment-summary';
import { RequestPairing, type OpenRequest } from './timing-column';
import {
  INDEX_FILE,
  SECRETS_FILE,
  SEGMENT_BYTES,
  segmentName,
  SESSION_FILE,
  type SegmentSummary,
  type StoredEnd,
  type StoredMeta,
  type StoredSecrets,
} from './layout';

/** A batch waits at most this long for the disk. */
export const FLUSH_MS = 100;
const FLUSH_BYTES = 1024 * 1024;
/**
 * Lines a batch holds at most, however short: a flood of tiny lines (`x\n`, half a million a
 * second) otherwise held a hundred thousand line strings for a tenth of a second, long enough for
 * the collector to move them to the old generation, whose garbage it reaches late: the proxy's
 * peak RSS in that flood fell from about 320 MB to 280 MB (scripts/bench/proxy-memory.ts --tiny).
 */
const FLUSH_LINES = 1024;
/** Share of a budget at which a warning is given once. */
export const WARN_AT = 0.9;

export interface WriterOptions {
  /** Most bytes the session may take on disk. */
  sessionBytes: number;
  segmentBytes?: number;
  flushMs?: number;
  /** Warnings for a person (the disk budget nears or is reached, a write failed). */
  onNotice?: (text: string) => void;
  /** A segment was finished: the store checks the total budget. */
  onSegment?: () => void;
}

/**
 * Where a writer stood when it handed its session on to another process (handOff): the next
 * writer starts the segment after the last one written, so neither touches the other's files.
 */
export interface WriterHandoff {
  /** The segment the next writer starts. */
  segment: number;
  frames: number;
  /** Bytes of frames on disk. */
  bytes: number;
  lastSeq: number;
  warned: boolean;
  full: boolean;
  /** Requests not answered yet, for the timing column of the segments to come. */
  open: OpenRequest[];
}

export function writeJsonAtomically(file: string, value: unknown, mode = 0o600): void {
  writeTextAtomically(file, JSON.stringify(value) + '\n', mode);
}

/** Written beside, then renamed over: a reader sees the old file or the new one, never a part. */
export function writeTextAtomically(file: string, text: string, mode = 0o600): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode });
  renameSync(tmp, file);
}

export class SessionWriter {
  private readonly encoder = new LineEncoder();
  /** Pairs requests with answers across segments, for each segment's timing column. */
  private readonly pairing: RequestPairing;
  private readonly segmentBytes: number;
  private readonly flushMs: number;
  private fd: number;
  private summary: SummaryBuilder;
  private segmentSize = 0;
  private pending: string[] = [];
  private pendingBytes = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private written = 0;
  private count = 0;
  private lastSeq = 0;
  private warned = false;
  private full = false;
  private closed = false;
  /** The first write error: recording goes on in memory, the disk copy stops. */
  error?: Error;
  /** Set by the store on close: settles once the session's findings are counted and kept
   *  (findings.ts). A process that ends after closing awaits it, or the counts are not kept. */
  counted?: Promise<void>;
  /** Set by the store: called once the session passed what the proxy's memory holds of it
   *  (recording.ts), so that its copy here is judged as it grows (live-judge.ts). */
  passedMemoryBudget?: () => void;

  private readonly flushLater = () => this.flush();

  constructor(
    readonly dir: string,
    private readonly meta: StoredMeta,
    private readonly options: WriterOptions,
    /** Goes on with a session another writer handed on (handOff), from its next segment. */
    from?: WriterHandoff,
  ) {
    this.segmentBytes = options.segmentBytes ?? SEGMENT_BYTES;
    this.flushMs = options.flushMs ?? FLUSH_MS;
    this.pairing = new RequestPairing(from?.open);
    const segment = from?.segment ?? 1;
    if (from) {
      this.count = from.frames;
      this.written = from.bytes;
      this.lastSeq = from.lastSeq;
      this.warned = from.warned;
      this.full = from.full;
    }
    this.summary = newSummary(segment);
    this.fd = openSync(path.join(dir, segmentName(segment)), 'a', 0o600);
  }

  get id(): string {
    return this.meta.id;
  }

  /** Bytes written so far (frames on disk, flushed or not). */
  get bytes(): number {
    return this.written + this.pendingBytes;
  }

  get frames(): number {
    return this.count;
  }

  /** Every frame given so far is on disk (or pending): no budget stopped it and no write failed. */
  get complete(): boolean {
    return !this.full && !this.error;
  }

  append(frame: Frame): void {
    if (this.closed || this.full || this.error) return;
    const s = this.summary;
    const markHere = marksNext(s);
    if (markHere) this.encoder.restart();
    const { line, bytes: size, json } = this.encoder.encode(frame);
    if (this.bytes + size > this.options.sessionBytes) return this.reachBudget();
    noteFrame(s, frame, this.segmentSize + this.pendingBytes, json, this.pairing);
    s.bytes += size;
    this.pending.push(line);
    this.pendingBytes += size;
    this.count++;
    this.lastSeq = frame.seq;
    if (!this.warned && this.bytes >= this.options.sessionBytes * WARN_AT) {
      this.warned = true;
      this.options.onNotice?.(
        `session ${this.id} has used ${formatBytes(this.bytes)} of its disk budget of ${formatBytes(this.options.sessionBytes)}: past it, its frames are no longer stored (raise it with --disk-budget)`,
      );
    }
    if (this.pendingBytes >= FLUSH_BYTES || this.pending.length >= FLUSH_LINES) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(this.flushLater, this.flushMs);
      this.timer.unref?.();
    }
  }

  /** Fields of the trace header learnt while recording (the negotiated version), kept on close. */
  noteHeader(patch: Partial<TraceHeader>): void {
    Object.assign(this.meta.header, patch);
  }

  /** Values learnt while recording that its exports must redact too (an OAuth client's tokens). */
  addSecrets(values: readonly string[]): void {
    const fresh = values.filter((v) => v.length >= 4);
    if (fresh.length === 0 || this.error) return;
    const file = path.join(this.dir, SECRETS_FILE);
    const known: StoredSecrets = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets) : { secrets: [] };
    const have = new Set(known.secrets.map((s) => s.value));
    for (const value of fresh) if (!have.has(value)) known.secrets.push({ rule: 'oauth:credential', value });
    try {
      writeJsonAtomically(file, known);
    } catch (e) {
      this.fail(e as Error);
    }
  }

  /**
   * Writes what is pending, and returns the summary of the segment being written as its index
   * line will say it: a reader in this process takes it instead of scanning the segment (every
   * line of up to SEGMENT_BYTES parsed) for each read of a live session.
   */
  writtenSegment(): SegmentSummary {
    this.flush();
    return summaryOf(this.summary);
  }

  /** Writes what is pending now. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0 || this.error) return;
    const text = this.pending.join('');
    const bytes = this.pendingBytes;
    this.pending = [];
    this.pendingBytes = 0;
    try {
      writeSync(this.fd, text);
    } catch (e) {
      this.fail(e as Error);
      return;
    }
    this.written += bytes;
    this.segmentSize += bytes;
    if (this.segmentSize >= this.segmentBytes) this.nextSegment();
  }

  /** Flushes, indexes the last segment and writes down the end: a clean close. */
  close(): StoredEnd {
    const end: StoredEnd = { at: Date.now(), frames: this.count, bytes: this.written + this.pendingBytes };
    if (this.closed) return end;
    this.flush();
    this.closed = true;
    end.bytes = this.written;
    if (this.full) end.fullAtSeq = this.lastSeq;
    try {
      closeSync(this.fd);
      if (this.summary.frames > 0) this.writeIndex();
      this.meta.end = end;
      writeJsonAtomically(path.join(this.dir, SESSION_FILE), this.meta);
    } catch (e) {
      this.fail(e as Error);
    }
    return end;
  }

  /**
   * Writes what is pending and indexes the segment, then stops without ending the session: another
   * process goes on with it from the returned state (a tap the host ended before its recorder
   * caught up: proxy/tap/tap-handoff.ts), and the session reads as recording while it runs.
   */
  handOff(): WriterHandoff {
    this.flush();
    this.closed = true;
    const hasFrames = this.summary.frames > 0;
    closeSync(this.fd);
    if (hasFrames) this.writeIndex();
    writeJsonAtomically(path.join(this.dir, SESSION_FILE), this.meta);
    const segment = this.summary.segment + (hasFrames ? 1 : 0);
    return { segment, frames: this.count, bytes: this.written, lastSeq: this.lastSeq, warned: this.warned, full: this.full, open: this.pairing.carry() };
  }

  private nextSegment(): void {
    this.writeIndex();
    closeSync(this.fd);
    this.summary = newSummary(this.summary.segment + 1);
    this.segmentSize = 0;
    this.fd = openSync(path.join(this.dir, segmentName(this.summary.segment)), 'a', 0o600);
    this.options.onSegment?.();
  }

  private writeIndex(): void {
    writeFileSync(path.join(this.dir, INDEX_FILE), JSON.stringify(summaryOf(this.summary)) + '\n', { flag: 'a', mode: 0o600 });
  }

  private reachBudget(): void {
    this.full = true;
    this.options.onNotice?.(
      `session ${this.id} reached its disk budget of ${formatBytes(this.options.sessionBytes)}: frames after ${this.lastSeq} are not stored (the live view still shows them; raise it with --disk-budget)`,
    );
  }

  private fail(e: Error): void {
    this.error ??= e;
    this.options.onNotice?.(`session ${this.id} can no longer be written to ${this.dir} (${e.message}): the frames from here on are not stored`);
  }
}
