/**
 * Trace readers. Text arrives in chunks of any size; each complete line is parsed, migrated to
 * the current version and validated as soon as it is seen, so a large file costs one pass, and the
 * first bad line stops the read with its line number and reason. `TraceReader` holds the whole
 * file (within limits); `TraceBatchReader` (batch-reader.ts) hands frames on in batches and holds
 * none.
 */
import type { Frame } from '../mcp/frame';
import { formatBytes } from '../text/bytes';
import { TraceError, type Trace, type TraceHeader } from './format';
import { migrateFrame, migrateHeader, migrationsFrom } from './migrate';
import { readPlainMessageLine } from './plain-line';
import { checkSeqOrder, validateFrame, validateHeader } from './validate';

/** The limits of a whole-file read. A batch read has only the per-line one. */
export interface ReadLimits {
  /** The whole file, in characters (bytes for ASCII text). */
  maxChars: number;
  /** One line. */
  maxLineChars: number;
  maxFrames: number;
}

export const DEFAULT_LIMITS: ReadLimits = { maxChars: 512 * 2 ** 20, maxLineChars: 64 * 2 ** 20, maxFrames: 2_000_000 };

/**
 * The line parser both readers share: text in chunks of any size, each complete line parsed,
 * migrated to the current version and validated as soon as it is seen, with its line number in
 * every error. What becomes of a frame is the subclass's (`take`): kept whole, or handed on.
 */
export abstract class TraceLines {
  /** The start of a line not yet ended: kept as the chunks it arrived in and joined once when
   *  its newline comes, so a line spread over many chunks costs its length, not its length times
   *  the number of chunks. */
  private partial: string[] = [];
  private partialChars = 0;
  /** The number of the line read last (1-based; the header is line 1). */
  protected line = 0;
  protected header?: TraceHeader;
  private steps: ReturnType<typeof migrationsFrom> = [];
  private prevSeq = 0;
  private failed?: TraceError;
  /** The version the file was written in, known once the header is read. */
  sourceVersion?: number;

  constructor(private readonly maxLineChars: number) {}

  /** Frames read so far. */
  abstract get framesRead(): number;

  /** A frame read whole and valid, on line `this.line`. */
  protected abstract take(frame: Frame): void;

  /** What the reader drops when a read fails. */
  protected abstract discard(): void;

  push(chunk: string): void {
    this.guard(() => {
      this.chunk(chunk);
      // Only the new chunk is searched: what came before held no newline.
      let start = 0;
      for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', start)) {
        this.takeLine(this.finishPartial(chunk.slice(start, nl)));
        start = nl + 1;
      }
      if (start < chunk.length) this.keepPartial(start === 0 ? chunk : chunk.slice(start));
    });
  }

  /** A chunk arrived (before its lines are read): where a limit on the whole input is checked. */
  protected chunk(text: string): void {
    void text;
  }

  protected endLines(): TraceHeader {
    return this.guard(() => {
      if (this.partialChars > 0) this.takeLine(this.finishPartial(''));
      if (!this.header) throw new TraceError(1, 'missing header: the file is empty');
      return this.header;
    });
  }

  /** Runs a step; on the first failure the reader keeps nothing and repeats that failure. */
  protected guard<T>(step: () => T): T {
    if (this.failed) throw this.failed;
    try {
      return step();
    } catch (e) {
      this.failed = e instanceof TraceError ? e : new TraceError(this.line, String(e));
      this.discard();
      this.header = undefined;
      throw this.failed;
    }
  }

  private keepPartial(text: string): void {
    this.partial.push(text);
    this.partialChars += text.length;
    if (this.partialChars > this.maxLineChars) this.tooLong(this.line + 1);
  }

  /** The line whose end is `tail`: the kept chunks and the tail, joined once. */
  private finishPartial(tail: string): string {
    if (this.partial.length === 0) return tail;
    this.partial.push(tail);
    const line = this.partial.join('');
    this.partial = [];
    this.partialChars = 0;
    return line;
  }

  private tooLong(line: number): never {
    throw new TraceError(line, `the line is longer than the limit of ${formatBytes(this.maxLineChars)}`);
  }

  private takeLine(text: string): void {
    this.line++;
    const line = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (line.length > this.maxLineChars) this.tooLong(this.line);
    // Blank lines carry nothing and lose nothing. A frame line starts with `{`, so only lines that
    // do not are checked for blankness (trimming every line of a large file is measurable).
    if (line.charCodeAt(0) !== 123 && line.trim() === '') return;
    // A plain stdio message of a current trace is read without parsing the whole line (plain-line.ts).
    const plain = this.header && this.steps.length === 0 ? readPlainMessageLine(line) : undefined;
    if (plain) {
      checkSeqOrder(plain.seq, this.line, this.prevSeq);
      this.prevSeq = plain.seq;
      this.take(plain);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      throw new TraceError(this.line, `not valid JSON (${(e as Error).message})`);
    }
    if (!this.header) {
      this.steps = migrationsFrom(value, this.line);
      this.sourceVersion = (value as { version: number }).version;
      this.header = validateHeader(migrateHeader(this.steps, value), this.line);
      return;
    }
    const frame = validateFrame(migrateFrame(this.steps, value), this.line, this.prevSeq);
    this.prevSeq = frame.seq;
    this.take(frame);
  }
}

/**
 * Reads a whole trace into memory, for what must hold one (the page's file open, the offline
 * viewer): all or nothing, no frames handed out until `end()` has seen the whole file, and the
 * file's size and frame count are limited so a browser tab is never asked for more than it has.
 * `loupe check` reads any length through `TraceBatchReader` instead.
 */
export class TraceReader extends TraceLines {
  private readonly limits: ReadLimits;
  private chars = 0;
  private readonly frames: Frame[] = [];

  constructor(limits: Partial<ReadLimits> = {}) {
    const all = { ...DEFAULT_LIMITS, ...limits };
    super(all.maxLineChars);
    this.limits = all;
  }

  get framesRead(): number {
    return this.frames.length;
  }

  end(): Trace {
    const header = this.endLines();
    return { header, frames: this.frames };
  }

  protected override chunk(text: string): void {
    this.chars += text.length;
    if (this.chars > this.limits.maxChars) {
      throw new TraceError(
        this.line + 1,
        `the file is larger than the limit of ${formatBytes(this.limits.maxChars)}; split it or export a time range (\`loupe check FILE\` reads any size)`,
      );
    }
  }

  protected take(frame: Frame): void {
    if (this.frames.length >= this.limits.maxFrames) {
      throw new TraceError(
        this.line,
        `the file has more than ${this.limits.maxFrames} frames, the limit; split it or export a time range (\`loupe check FILE\` reads any length)`,
      );
    }
    this.frames.push(frame);
  }

  protected discard(): void {
    this.frames.length = 0;
  }
}

/** Reads a whole trace held in a string. Throws TraceError. */
export function readTraceText(text: string, limits?: Partial<ReadLimits>): Trace {
  const reader = new TraceReader(limits);
  reader.push(text);
  return reader.end();
}

/** Reads a byte stream (a File's `stream()`, a fetch body, a Node stream adapted to web streams). */
export async function readTraceStream(stream: ReadableStream<Uint8Array>, limits?: Partial<ReadLimits>): Promise<Trace> {
  const reader = new TraceReader(limits);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const source = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await source.read();
      if (done) break;
      reader.push(decodeChunk(decoder, value, reader));
    }
    reader.push(decodeChunk(decoder, undefined, reader));
    return reader.end();
  } finally {
    source.releaseLock();
  }
}

/** UTF-8 text of a chunk (undefined: the end of the input), refused with the frames read so far. */
function decodeChunk(decoder: TextDecoder, bytes: Uint8Array | undefined, reader: TraceLines): string {
  try {
    return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
  } catch {
    throw new TraceError(0, `the file is not valid UTF-8 (after ${reader.framesRead} frames)`);
  }
}
