/**
 * What a session's byte budget dropped, read from the frames themselves (`textDropped`), so the
 * page's banner, the trace header and the CLI all state the same facts for live sessions and for
 * files alike.
 */
import type { Frame } from '../mcp/frame';

export interface DroppedText {
  /** Frames that kept only their metadata. */
  frames: number;
  /** Bytes that crossed the wire in those frames. */
  bytes: number;
  /** The first and last such seq: the text of frames between them may be missing. */
  fromSeq: number;
  toSeq: number;
}

/** A running count that scans only frames it has not seen (the frames array only grows). */
export interface DroppedTextScan {
  scanned: number;
  dropped?: DroppedText;
  /** Where the session reached the most frames it keeps (its `frame-limit` frame): later frames
   *  were counted, not kept, so the frames here stop short of the session's. */
  frameLimit?: { seq: number; limit: number };
}

export function scanDroppedText(frames: readonly Frame[], prev?: DroppedTextScan): DroppedTextScan {
  // A shorter array is another trace: start over.
  const start = prev && prev.scanned <= frames.length ? prev : { scanned: 0 };
  let dropped = start.dropped ? { ...start.dropped } : undefined;
  let frameLimit = start.frameLimit;
  for (let i = start.scanned; i < frames.length; i++) {
    const f = frames[i];
    if (f.lane === 'lifecycle' && f.meta?.event === 'frame-limit') frameLimit ??= { seq: f.seq, limit: f.meta.limit };
    if (!f.textDropped) continue;
    if (!dropped) dropped = { frames: 0, bytes: 0, fromSeq: f.seq, toSeq: f.seq };
    dropped.frames++;
    dropped.bytes += f.size;
    dropped.toSeq = f.seq;
  }
  return { scanned: frames.length, ...(dropped ? { dropped } : {}), ...(frameLimit ? { frameLimit } : {}) };
}

export function droppedText(frames: readonly Frame[]): DroppedText | undefined {
  return scanDroppedText(frames).dropped;
}
