/**
 * A session's byte budget for frame text. The frames a page is sent live in the proxy's memory, so
 * a server that writes without pause would grow it without limit; the session's copy on disk
 * (proxy/store) keeps every frame whole, whatever this budget drops, and Browse reads it a window
 * at a time, following the newest frames while the session goes on.
 *
 * Policy: the head of a session is kept whole (the handshake and the first frames are what a
 * person debugging a server needs most), up to `limitBytes` of text. Past it, frames are still
 * recorded (seq, ts, dir, lane, size, meta: the timeline stays complete and dense) but their text
 * is dropped and the frame is marked `textDropped`. Lifecycle frames (spawn, exit, signals, and
 * the tail below) are small and say why a session ended, so they always keep their text.
 *
 * The newest text is kept differently: a frame is immutable once a page holds it, so text cannot
 * be taken back from frames already streamed to make room. Instead the budget remembers the text
 * of the last dropped frames (at most TAIL_BYTES), and when the server exits or disconnects the
 * recorder repeats them in one lifecycle frame (`tail`): a crash's last words, such as a stack
 * trace on stderr after a flood of logs, are not lost.
 *
 * Text is not all a frame costs: each frame object costs the heap about 150 bytes even with no
 * text, so a flood of tiny lines (millions of `x\n`) ran the proxy out of memory within a budget
 * of text. The budget therefore also bounds the number of frames kept (`maxFrames`, by default one
 * per FRAME_SLOT_BYTES of the byte budget). Past it, frames are counted, not kept: the recorder
 * says so in lifecycle frames (`frame-limit`, then `gap` with how many frames and bytes were not
 * kept), and their text still feeds the tail, so the last words survive this limit too.
 *
 * The defaults are small because nothing is lost past them: the disk holds every frame (within the
 * session's disk budget), a frame whose text was dropped reads it back from there, and Browse
 * follows the session past its frame limit. What they bound is the proxy's memory: with 256 MiB of text and 1,048,576 frames, a flood
 * of 1.2 million 1 KiB notifications took `loupe start` to a peak RSS of 1.4 GB, and 16 million tiny
 * lines to 850 MB; with 8 MiB and 32,768 frames, 275 to 290 MB and about 270 MB
 * (scripts/bench/proxy-memory.ts). Most of that peak is garbage the collector has not reached yet
 * while a flood is written to disk, and the collector lets it grow with what the session holds.
 */
import type { Frame } from '../../lib/mcp/frame';
import { TailRing, type TailLine } from './tail-ring';

/**
 * 32 MiB: an MCP App's single-file view is often a few MiB of HTML (a PDF viewer's is 4 MB), and a
 * session that rendered two or three of them at 8 MiB already lost the text of its next frames in
 * the live view. The frame limit below keeps a flood of small frames from holding much of it.
 */
export const DEFAULT_SESSION_BUDGET_BYTES = 32 * 1024 * 1024;
/** Text of the last dropped frames kept for the `tail` frame (at most TAIL_LINES lines; half for stderr, half for the rest); longer lines are named, not kept. */
export const TAIL_BYTES = 64 * 1024;
const TAIL_LINE_BYTES = 4096;
/** Lines the tail keeps at most, however short: a flood of tiny lines past the frame limit kept
 *  32,000 of them (64 KiB of `x`), each an object that lived long enough to reach the collector's
 *  old generation; a crash's last words are far fewer. */
const TAIL_LINES = 1000;
/** Bytes of budget per frame kept: one per 4 KiB, so 32 MiB allows the 10,000 of MIN_FRAMES (a
 *  flood of 1 KiB lines then holds about 10 MiB of text; the proxy peaked at 280 MiB in a 1.2 GiB
 *  flood, 300 MiB with 16,384 frames, scripts/bench/proxy-memory.ts), and 512 MiB 131,072. */
export const FRAME_SLOT_BYTES = 4096;
/** However small the byte budget, a session may keep this many frames. */
const MIN_FRAMES = 10_000;

/** The frames a byte budget allows; see above. */
export function defaultMaxFrames(limitBytes: number): number {
  return Math.max(MIN_FRAMES, Math.floor(Math.min(limitBytes, Number.MAX_SAFE_INTEGER) / FRAME_SLOT_BYTES));
}

/** What was dropped so far, for the summary and tests. */
export interface BudgetUsage {
  limitBytes: number;
  /** Text held by kept frames: the length of `raw` plus `rawBase64` (string length, which is the
   *  byte count for ASCII and what the heap holds for one-byte strings). */
  keptBytes: number;
  droppedFrames: number;
  /** Bytes that crossed the wire in frames whose text was dropped. */
  droppedBytes: number;
  firstDroppedSeq?: number;
  lastDroppedSeq?: number;
  /** Most frames the session keeps; lifecycle frames are kept past it. */
  maxFrames: number;
  /** Frames that crossed past `maxFrames`: counted, not kept, and their bytes. */
  notKeptFrames: number;
  notKeptBytes: number;
}

export class SessionBudget {
  private kept = 0;
  private dropped = 0;
  private droppedBytes = 0;
  private firstDropped?: number;
  private lastDropped?: number;
  /**
   * The tail, by stream, each with half its budget: stdout and stderr are read apart, so a flood on
   * one can be taken in after the other's last words (a crash's stack trace on stderr after its
   * stdout flood); in one ring those words could be pushed out by lines that crossed before them.
   */
  private readonly stderrTail = new TailRing(TAIL_BYTES / 2, TAIL_LINES / 2);
  private readonly otherTail = new TailRing(TAIL_BYTES / 2, TAIL_LINES / 2);
  /** Lines remembered so far: the order of the two rings' lines. */
  private remembered = 0;
  private framesKept = 0;
  private notKept = 0;
  private notKeptBytes = 0;
  readonly maxFrames: number;

  constructor(
    readonly limitBytes: number = DEFAULT_SESSION_BUDGET_BYTES,
    maxFrames?: number,
  ) {
    if (!(limitBytes >= 0) || !Number.isFinite(limitBytes)) throw new Error(`the session budget must be a number of bytes, got ${limitBytes}`);
    this.maxFrames = maxFrames ?? defaultMaxFrames(limitBytes);
    if (!Number.isInteger(this.maxFrames) || this.maxFrames < 1) throw new Error(`a session must keep at least one frame, got a limit of ${maxFrames}`);
  }

  /**
   * Whether a frame of this lane may be kept at all; counts it either way. Lifecycle frames are
   * always kept (few, and they say why a session ended); others only below `maxFrames`. A frame
   * refused here is remembered for the tail like one whose text was dropped.
   */
  keepsFrame(seq: number, c: Pick<Frame, 'lane' | 'raw' | 'size'>): boolean {
    if (c.lane === 'lifecycle') return true;
    if (this.framesKept < this.maxFrames) {
      this.framesKept++;
      return true;
    }
    this.notKept++;
    this.notKeptBytes += c.size;
    this.remember(seq, c.lane, c.raw, c.size);
    return false;
  }

  /**
   * Whether the frame about to be recorded as `seq` keeps its text; counts it either way. The
   * recorder then builds the frame once, in one shape (a copy per dropped frame would cost more
   * heap than the text it saves on short lines).
   */
  keepsText(seq: number, c: Pick<Frame, 'lane' | 'raw' | 'rawBase64' | 'size'>): boolean {
    const cost = c.raw.length + (c.rawBase64?.length ?? 0);
    // Once a frame was dropped, later ones are too (but lifecycle): one clear range, no holes.
    if (c.lane === 'lifecycle' || (this.firstDropped === undefined && this.kept + cost <= this.limitBytes)) {
      this.kept += cost;
      return true;
    }
    this.dropped++;
    this.droppedBytes += c.size;
    this.firstDropped ??= seq;
    this.lastDropped = seq;
    this.remember(seq, c.lane, c.raw, c.size);
    return false;
  }

  private remember(seq: number, lane: Frame['lane'], raw: string, size: number): void {
    const text = raw.length <= TAIL_LINE_BYTES ? raw : lastLines(raw, size);
    (lane === 'stderr' ? this.stderrTail : this.otherTail).push({ seq, text, n: this.remembered++ });
  }

  /** The remembered text of the last dropped frames, in the order they came, once: it is cleared as it is taken. */
  takeTail(): TailLine[] {
    return [...this.stderrTail.take(), ...this.otherTail.take()].sort((a, b) => a.n - b.n).map(({ seq, text }) => ({ seq, text }));
  }

  usage(): BudgetUsage {
    const u: BudgetUsage = {
      limitBytes: this.limitBytes,
      keptBytes: this.kept,
      droppedFrames: this.dropped,
      droppedBytes: this.droppedBytes,
      maxFrames: this.maxFrames,
      notKeptFrames: this.notKept,
      notKeptBytes: this.notKeptBytes,
    };
    if (this.firstDropped !== undefined) {
      u.firstDroppedSeq = this.firstDropped;
      u.lastDroppedSeq = this.lastDropped;
    }
    return u;
  }
}

/**
 * What the tail keeps of a long text: its last whole lines within TAIL_LINE_BYTES (a frame of
 * several stderr lines ends with the newest), copied so that they do not keep the whole string
 * alive as a slice would; a long text with no newline there is named, not kept.
 */
function lastLines(raw: string, size: number): string {
  const nl = raw.indexOf('\n', raw.length - TAIL_LINE_BYTES);
  if (nl === -1) return `(a line of ${size} bytes)`;
  return Buffer.from(raw.slice(nl + 1), 'utf8').toString('utf8');
}
