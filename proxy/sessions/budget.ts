/**
 * A session's byte budget for frame text. Until sessions are kept on disk, every frame lives in
 * the proxy's memory, so a server that writes without pause would grow it without limit.
 *
 * Policy: the head of a session is kept whole (the handshake and the first frames are what a
 * person debugging a server needs most), up to `limitBytes` of text. Past it, frames are still
 * recorded (seq, ts, dir, lane, size, meta: the timeline stays complete and dense) but their text
 * is dropped and the frame is marked `textDropped`. Lifecycle frames (spawn, exit, signals) are
 * tiny and say why a session ended, so they always keep their text.
 *
 * There is no rolling tail: a frame is immutable once a page holds it, so text cannot be taken
 * back from frames already streamed; keeping the newest text would mean dropping text the page
 * already shows, and the proxy and the page would then disagree about the same seq.
 */
import type { Frame } from '../../lib/mcp/frame';

export const DEFAULT_SESSION_BUDGET_BYTES = 256 * 1024 * 1024;

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
    return false;
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
