/**
 * Reads a trace of any length in bounded memory: each chunk's frames are handed on as one batch
 * as soon as the chunk is read, and the reader keeps none of them. Lines are parsed, migrated and
 * validated as the whole-file reader does, with the same errors and line numbers; only a line has
 * a length limit (a file has no size or frame limit). A consumer may have seen earlier batches
 * when a later line turns out bad: the error still stops the read.
 */
import type { Frame } from '../mcp/frame';
import type { TraceHeader } from './format';
import { DEFAULT_LIMITS, TraceLines } from './reader';

export interface TraceBatchSink {
  /** The header, before any frame. */
  header(header: TraceHeader): void;
  /** Frames in file order; the array is the sink's to keep. */
  frames(batch: Frame[]): void;
}

/**
 * The line each frame sits on, without a note per frame: a frame's line is its seq plus an offset
 * (1: the header is line 1) that changes only where a blank line or a skipped seq moves it, so a
 * dense trace stores nothing and an exported selection one entry per gap.
 */
export class FrameLines {
  /** The first seq of each stretch whose offset differs from the one before, and that offset. */
  private readonly seqs: number[] = [];
  private readonly offsets: number[] = [];
  private offset = 1;

  /** Frames are noted in seq order. */
  note(seq: number, line: number): void {
    const offset = line - seq;
    if (offset === this.offset) return;
    this.seqs.push(seq);
    this.offsets.push(offset);
    this.offset = offset;
  }

  lineOf(seq: number): number {
    // The last stretch that starts at or before `seq`.
    let lo = 0;
    let hi = this.seqs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.seqs[mid] <= seq) lo = mid + 1;
      else hi = mid;
    }
    return seq + (lo === 0 ? 1 : this.offsets[lo - 1]);
  }

  /** How many stretches were noted (0 for a dense trace). */
  get stretches(): number {
    return this.seqs.length;
  }
}

export class TraceBatchReader extends TraceLines {
  private batch: Frame[] = [];
  private count = 0;
  private announced = false;
  /** The 1-based line of every frame read. */
  readonly lines = new FrameLines();

  constructor(
    private readonly sink: TraceBatchSink,
    maxLineChars = DEFAULT_LIMITS.maxLineChars,
  ) {
    super(maxLineChars);
  }

  get framesRead(): number {
    return this.count;
  }

  override push(chunk: string): void {
    super.push(chunk);
    this.handOn();
  }

  /** The end of the input: the last line and the last batch. Returns the header. */
  end(): TraceHeader {
    const header = this.endLines();
    this.handOn();
    return header;
  }

  protected take(frame: Frame): void {
    this.count++;
    this.lines.note(frame.seq, this.line);
    this.batch.push(frame);
  }

  protected discard(): void {
    this.batch = [];
  }

  /** Outside the parser's guard: a sink's own failure is not a bad line. */
  private handOn(): void {
    if (this.header && !this.announced) {
      this.announced = true;
      this.sink.header(this.header);
    }
    if (this.batch.length === 0) return;
    const batch = this.batch;
    this.batch = [];
    this.sink.frames(batch);
  }
}
