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

export class TraceBatchReader extends TraceLines {
  private batch: Frame[] = [];
  private count = 0;
  private announced = false;
  /** The 1-based line of each frame whose line is not seq + 1 (blank lines, an exported selection
   *  that skips seqs): dense traces keep nothing here. */
  readonly lineExceptions = new Map<number, number>();

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
    if (this.line !== frame.seq + 1) this.lineExceptions.set(frame.seq, this.line);
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
