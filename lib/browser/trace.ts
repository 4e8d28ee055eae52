/**
 * One session's frames as the page holds them, whether they stream from the proxy or come from an
 * imported trace file. Frames sit in an array indexed by `seq - 1` (seq is dense and 1-based; a
 * partial trace file maps seq to position instead), the classification of each message frame is computed once when it arrives, and pairs come from the
 * shared PairIndex, so the table, the detail pane and every other view read the same derived data.
 *
 * For speed with 100,000 frames the arrays are appended in place; `ingest` returns a new Trace
 * object (with `version` bumped) so that store subscribers notice. Never keep an old Trace and
 * expect it to be frozen.
 */
import type { Frame } from '../mcp/frame';
import { classifyFrame, type Classified } from '../mcp/classify';
import { PairIndex } from '../mcp/pairs';

export type TraceSource = { kind: 'live'; sessionId: string } | { kind: 'file'; name: string };

export interface Trace {
  source: TraceSource;
  /** In seq order: frames[seq - 1] while dense; a sparse file trace looks positions up in `positions`. */
  frames: Frame[];
  /** classified[i] belongs to frames[i], filled on arrival (pairing needs it anyway). */
  classified: Classified[];
  /**
   * seq -> position, only for a file trace whose seqs have gaps (a selection or time-range
   * export). Live sessions are always dense and never pay for it.
   */
  positions?: Map<number, number>;
  pairs: PairIndex;
  /** Frames that arrived ahead of a gap, held until the gap fills. */
  early: Map<number, Frame>;
  /** The highest `endSeq` a snapshot promised; frames up to it are known to exist. */
  snapshotEnd: number;
  /** Bumped on every change, for memoised views. */
  version: number;
}

const OTHER: Classified = { kind: 'other' };

export function emptyTrace(source: TraceSource): Trace {
  return { source, frames: [], classified: [], pairs: new PairIndex(), early: new Map(), snapshotEnd: 0, version: 0 };
}

function appendOne(t: Trace, frame: Frame): void {
  const c = frame.lane === 'message' ? classifyFrame(frame) : OTHER;
  t.frames.push(frame);
  t.classified.push(c);
  t.pairs.push(frame, c);
}

/**
 * A file holds a finished part of a session: its seqs only increase, but may skip (an exported
 * selection keeps the seqs the frames had). Frames are appended as they come; on the first gap a
 * seq -> position map takes over from `seq - 1`.
 */
function ingestFile(t: Trace, frames: readonly Frame[]): Trace {
  const before = t.frames.length;
  for (const frame of frames) {
    const last = t.frames[t.frames.length - 1];
    if (last && frame.seq <= last.seq) continue;
    if (!t.positions && frame.seq !== t.frames.length + 1) t.positions = new Map(t.frames.map((f, i) => [f.seq, i]));
    t.positions?.set(frame.seq, t.frames.length);
    appendOne(t, frame);
  }
  return t.frames.length === before ? t : { ...t, version: t.version + 1 };
}

/**
 * Adds frames, idempotent by seq: a frame already held is skipped, a frame past a gap waits in
 * `early` until the frames before it arrive. This is what makes the snapshot/live race harmless:
 * the proxy may send a live `frames/append` before, during or after the `frames/snapshot` that
 * covers the same range (on attach, on a reconnect, on a second tab), and in any interleaving the
 * trace ends up with each seq exactly once, in order.
 */
export function ingest(t: Trace, frames: readonly Frame[], snapshotEnd = 0): Trace {
  if (t.source.kind === 'file') return ingestFile(t, frames);
  const before = t.frames.length;
  for (const frame of frames) {
    const have = t.frames.length;
    if (frame.seq <= have || t.early.has(frame.seq)) continue;
    if (frame.seq > have + 1) {
      t.early.set(frame.seq, frame);
      continue;
    }
    appendOne(t, frame);
    let next = t.early.get(t.frames.length + 1);
    while (next) {
      t.early.delete(next.seq);
      appendOne(t, next);
      next = t.early.get(t.frames.length + 1);
    }
  }
  const end = Math.max(t.snapshotEnd, snapshotEnd);
  if (t.frames.length === before && end === t.snapshotEnd) return t;
  return { ...t, snapshotEnd: end, version: t.version + 1 };
}

/** Where the frame with this seq sits in `frames` (-1 when the trace does not hold it). */
export function positionOf(t: Trace, seq: number): number {
  const i = t.positions ? (t.positions.get(seq) ?? -1) : seq - 1;
  return i >= 0 && i < t.frames.length ? i : -1;
}

export function frameAt(t: Trace, seq: number): Frame | undefined {
  return t.frames[positionOf(t, seq)];
}

export function classifiedAt(t: Trace, seq: number): Classified | undefined {
  return t.classified[positionOf(t, seq)];
}
