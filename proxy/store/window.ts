/**
 * A window onto a stored session (lib/wire/stored-window.ts): at most `limit` frames that match a
 * filter, the newest, those from a seq on, or those before a seq, read without the rest of the
 * session. The page never holds a stored session, only the rows it shows, so a session of ten
 * million frames opens as fast as one of ten.
 *
 * A segment is read in blocks: the lines from one index mark to the next (INDEX_EVERY frames, each
 * starting with a full line, so it decodes alone). A window starts at the block that holds its
 * anchor and reads blocks away from it, forward or backward, until it has one frame more than it
 * sends (which answers hasAfter or hasBefore); the other side is answered by looking for one
 * matching frame there. Segments whose columns cannot match the filter are not read, and a block
 * whose bytes cannot hold a method or tool asked for is not decoded.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import { channelOf } from '../../lib/mcp/channel';
import type { WindowFilter } from '../../lib/wire/stored-window';
import { segmentName, type SegmentSummary } from './layout';
import { StoreError, type StoredSession } from './reader';
import { LineDecoder } from './segment-lines';
import { methodAndTool } from './segment-summary';

export interface WindowQuery {
  /** The first `limit` matching frames with seq >= fromSeq. */
  fromSeq?: number;
  /** The last `limit` matching frames with seq < beforeSeq. Neither: the newest `limit`. */
  beforeSeq?: number;
  limit: number;
  filter?: WindowFilter;
}

export interface StoredWindow {
  /** In seq order. */
  frames: Frame[];
  /** Whether matching frames exist before the first frame sent and after the last. */
  hasBefore: boolean;
  hasAfter: boolean;
  /** Bytes of segment files read. */
  scannedBytes: number;
}

/** An anchor the session cannot answer: the message says what to ask instead. */
export class WindowError extends StoreError {}

/** The lines of one segment from an index mark to the next. */
interface Block {
  segment: SegmentSummary;
  firstSeq: number;
  start: number;
  end: number;
}

type Matches = (frame: Frame, message: unknown) => boolean;

function blocksOf(s: SegmentSummary): Block[] {
  const marks = s.marks.length > 0 ? s.marks : [[s.firstSeq, 0] as [number, number]];
  return marks.map(([seq, start], i) => ({ segment: s, firstSeq: seq, start, end: marks[i + 1]?.[1] ?? s.bytes }));
}

/** The index of the last block starting at or before `seq` (0 when all start after it). */
function blockHolding(blocks: Block[], seq: number): number {
  let lo = 0;
  let hi = blocks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (blocks[mid].firstSeq <= seq) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function matcher(f: WindowFilter | undefined): Matches | undefined {
  if (!f || Object.values(f).every((v) => v === undefined)) return undefined;
  return (frame, message) => {
    if (f.dir !== undefined && frame.dir !== f.dir) return false;
    if (f.lane !== undefined && frame.lane !== f.lane) return false;
    if (f.channel !== undefined && channelOf(frame) !== f.channel) return false;
    if (f.method === undefined && f.tool === undefined) return true;
    const { method, tool } = methodAndTool(message);
    return (f.method === undefined || method === f.method) && (f.tool === undefined || tool === f.tool);
  };
}

/**
 * Whether a block's bytes may hold a frame whose method (or tool) is `word`: they must hold it as
 * written, unless the block has a JSON escape that could spell it otherwise (`\/`, `\u`). A word
 * with a character JSON must escape is not looked for.
 */
function mayHold(bytes: Buffer, word: string | undefined): boolean {
  if (word === undefined || !/^[\x20-\x7e]+$/.test(word) || /["\\]/.test(word)) return true;
  return bytes.includes(word) || bytes.includes('\\/') || bytes.includes('\\u');
}

class BlockReader {
  scannedBytes = 0;
  private readonly decoder = new LineDecoder();
  /** The segment file being read: blocks are read in turn from one file before the next. */
  private file?: { segment: number; name: string; fd: number };

  constructor(
    private readonly session: StoredSession,
    private readonly filter: WindowFilter | undefined,
    private readonly matches: Matches | undefined,
  ) {}

  /** The block's frames that match, in seq order. */
  read(b: Block): Frame[] {
    const { name: file, fd } = this.open(b.segment.segment);
    const buf = Buffer.allocUnsafe(b.end - b.start);
    // A file shorter than its summary says (cut by hand) gives what it has: its whole lines.
    const bytes = buf.subarray(0, readSync(fd, buf, 0, buf.length, b.start));
    this.scannedBytes += bytes.length;
    if (!mayHold(bytes, this.filter?.method) || !mayHold(bytes, this.filter?.tool)) return [];
    const out: Frame[] = [];
    this.decoder.restart();
    let from = 0;
    for (let nl = bytes.indexOf(10, from); nl !== -1; nl = bytes.indexOf(10, from)) {
      let frame: Frame;
      try {
        frame = this.decoder.decode(bytes.toString('utf8', from, nl));
      } catch (e) {
        throw new StoreError(`${file}, byte ${b.start + from}: ${(e as Error).message}`);
      }
      if (!this.matches || this.matches(frame, this.decoder.message)) out.push(frame);
      from = nl + 1;
    }
    return out;
  }

  private open(segment: number): { name: string; fd: number } {
    if (this.file?.segment === segment) return this.file;
    this.close();
    const name = path.join(this.session.dir, segmentName(segment));
    this.file = { segment, name, fd: openSync(name, 'r') };
    return this.file;
  }

  close(): void {
    if (this.file) closeSync(this.file.fd);
    this.file = undefined;
  }
}

/** What segmentsFor skips a segment by: the filter's columns. */
function columns(f: WindowFilter | undefined) {
  return { dir: f?.dir, lane: f?.lane, method: f?.method, tool: f?.tool, channel: f?.channel };
}

/** Matching frames with seq >= fromSeq, in seq order. */
function* forward(session: StoredSession, reader: BlockReader, fromSeq: number, filter?: WindowFilter): Generator<Frame> {
  for (const s of session.segmentsFor({ ...columns(filter), fromSeq })) {
    const blocks = blocksOf(s);
    for (let i = blockHolding(blocks, fromSeq); i < blocks.length; i++) {
      for (const f of reader.read(blocks[i])) if (f.seq >= fromSeq) yield f;
    }
  }
}

/** Matching frames with seq < beforeSeq, newest first. */
function* backward(session: StoredSession, reader: BlockReader, beforeSeq: number, filter?: WindowFilter): Generator<Frame> {
  const segments = session.segmentsFor({ ...columns(filter), toSeq: beforeSeq - 1 });
  for (let si = segments.length - 1; si >= 0; si--) {
    const blocks = blocksOf(segments[si]);
    for (let i = blockHolding(blocks, beforeSeq - 1); i >= 0; i--) {
      const frames = reader.read(blocks[i]);
      for (let j = frames.length - 1; j >= 0; j--) if (frames[j].seq < beforeSeq) yield frames[j];
    }
  }
}

function take(frames: Generator<Frame>, n: number): Frame[] {
  const out: Frame[] = [];
  for (const f of frames) {
    out.push(f);
    if (out.length === n) break;
  }
  frames.return(undefined);
  return out;
}

const any = (frames: Generator<Frame>) => take(frames, 1).length > 0;

function checkAnchor(session: StoredSession, name: string, seq: number): void {
  if (!Number.isSafeInteger(seq) || seq < 1) throw new WindowError(`${name} must be a seq (a whole number from 1), not ${seq}`);
  const last = session.lastSeq;
  if (seq > last + 1) {
    throw new WindowError(
      `${name} ${seq} is past the session's last frame (seq ${last}): ask for the newest frames (no fromSeq or beforeSeq), or a seq up to ${last + 1}`,
    );
  }
}

export function storedWindow(session: StoredSession, q: WindowQuery): StoredWindow {
  if (!Number.isSafeInteger(q.limit) || q.limit < 1) throw new WindowError(`a window's limit is a whole number from 1, not ${q.limit}`);
  if (q.fromSeq !== undefined && q.beforeSeq !== undefined)
    throw new WindowError('a window starts from a seq or ends before one: give fromSeq or beforeSeq, not both');
  const matches = matcher(q.filter);
  const reader = new BlockReader(session, q.filter, matches);
  try {
    return read(session, reader, q);
  } finally {
    reader.close();
  }
}

function read(session: StoredSession, reader: BlockReader, q: WindowQuery): StoredWindow {
  let frames: Frame[];
  let hasBefore: boolean;
  let hasAfter: boolean;
  if (q.fromSeq !== undefined) {
    checkAnchor(session, 'fromSeq', q.fromSeq);
    frames = take(forward(session, reader, q.fromSeq, q.filter), q.limit + 1);
    hasAfter = frames.length > q.limit;
    if (hasAfter) frames.pop();
    hasBefore = any(backward(session, reader, q.fromSeq, q.filter));
  } else {
    if (q.beforeSeq !== undefined) checkAnchor(session, 'beforeSeq', q.beforeSeq);
    const before = q.beforeSeq ?? session.lastSeq + 1;
    frames = take(backward(session, reader, before, q.filter), q.limit + 1);
    hasBefore = frames.length > q.limit;
    if (hasBefore) frames.pop();
    frames.reverse();
    hasAfter = q.beforeSeq !== undefined && any(forward(session, reader, before, q.filter));
  }
  return { frames, hasBefore, hasAfter, scannedBytes: reader.scannedBytes };
}
