/**
 * A session's byte budget for frame text. Until sessions are kept on disk, every frame lives in
 * the proxy's memory, so a server that writes without pause would grow it without limit.
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
 */
import type { Frame } from '../../lib/mcp/frame';

export const DEFAULT_SESSION_BUDGET_BYTES = 256 * 1024 * 1024;
/** Text of the last dropped frames kept for the `tail` frame; longer lines are named, not kept. */
export const TAIL_BYTES = 64 * 1024;
const TAIL_LINE_BYTES = 4096;

export interface TailLine {
  seq: number;
  text: string;
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
}

export class SessionBudget {
  private kept = 0;
  private dropped = 0;
  private droppedBytes = 0;
  private firstDropped?: number;
  private lastDropped?: number;
  private tail: TailLine[] = [];
  private tailBytes = 0;

  constructor(readonly limitBytes: number = DEFAULT_SESSION_BUDGET_BYTES) {
    if (!(limitBytes >= 0) || !Number.isFinite(limitBytes)) throw new Error(`the session budget must be a number of bytes, got ${limitBytes}`);
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
    this.remember(seq, c.raw, c.size);
    return false;
  }

  private remember(seq: number, raw: string, size: number): void {
    // A long line is named, not kept: a slice of it would keep the whole string alive.
    const text = raw.length <= TAIL_LINE_BYTES ? raw : `(a line of ${size} bytes)`;
    this.tail.push({ seq, text });
    // Each line costs its newline too, so the joined text stays within TAIL_BYTES.
    this.tailBytes += text.length + 1;
    while (this.tailBytes > TAIL_BYTES + 1) this.tailBytes -= this.tail.shift()!.text.length + 1;
  }

  /** The remembered text of the last dropped frames, once: it is cleared as it is taken. */
  takeTail(): TailLine[] {
    const out = this.tail;
    this.tail = [];
    this.tailBytes = 0;
    return out;
  }

  usage(): BudgetUsage {
    const u: BudgetUsage = { limitBytes: this.limitBytes, keptBytes: this.kept, droppedFrames: this.dropped, droppedBytes: this.droppedBytes };
    if (this.firstDropped !== undefined) {
      u.firstDroppedSeq = this.firstDropped;
      u.lastDroppedSeq = this.lastDropped;
    }
    return u;
  }
}

const UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1000, kib: 1024, m: 1024 ** 2, mb: 1000 ** 2, mib: 1024 ** 2, g: 1024 ** 3, gb: 1000 ** 3, gib: 1024 ** 3 };

/** Reads `256MiB`, `64m`, `1GiB`, `1000000`; a string return is the message for a bad value. */
export function parseByteSize(text: string): number | string {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = m ? UNITS[m[2].toLowerCase()] : undefined;
  if (!m || unit === undefined) return `"${text}" is not a size: write a number of bytes, or one with a unit such as 64MiB, 512MB or 1GiB`;
  const bytes = Math.floor(Number(m[1]) * unit);
  if (bytes < 1024 * 1024) return `"${text}" is too small for a session budget: give at least 1MiB`;
  return bytes;
}
