/**
 * Reads a stored session back: its meta, its segments' summaries (from index.ndjson, or by
 * scanning a segment that has no index line yet: the one being written, or the last one of a
 * writer that died), and its frames, from the start, from a seq (through the index's marks), or
 * only from segments whose columns can match a filter.
 *
 * A writer killed mid-write may leave half a line at the end of its last segment: that line is
 * skipped and reported as a notice (every frame before it is read), never as an error. A line
 * that is broken elsewhere is an error that names the file and the byte where it starts.
 */
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import { LineDecoder, SegmentLineError } from './segment-lines';
import { newSummary, noteFrame, summaryOf } from './segment-summary';
import { INDEX_FILE, SECRETS_FILE, segmentName, segmentNumber, SESSION_FILE, type SegmentSummary, type StoredMeta, type StoredSecrets } from './layout';

export class StoreError extends Error {}

/** Which frames a reader wants; a segment whose columns cannot match is not read. */
export interface FrameFilter {
  fromSeq?: number;
  toSeq?: number;
  method?: string;
  tool?: string;
  dir?: string;
  lane?: string;
  /** A channel key (lib/mcp/channel.ts): `session` or `app:<n>`. */
  channel?: string;
}

const CHUNK = 1024 * 1024;

/** Each whole line of a file from `start` to `end` (exclusive), with the byte offset it starts at. */
function* linesOf(file: string, start = 0, end = Infinity): Generator<{ at: number; line: string }, { torn: number; end: number }> {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(CHUNK);
    let carry: Buffer = Buffer.alloc(0);
    let pos = start;
    let lineStart = start;
    for (;;) {
      const want = Math.min(CHUNK, end - pos);
      const n = want > 0 ? readSync(fd, buf, 0, want, pos) : 0;
      if (n === 0) return { torn: carry.length, end: lineStart };
      pos += n;
      const chunk = carry.length > 0 ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
      let from = 0;
      for (let nl = chunk.indexOf(10, from); nl !== -1; nl = chunk.indexOf(10, from)) {
        yield { at: lineStart, line: chunk.toString('utf8', from, nl) };
        lineStart += nl - from + 1;
        from = nl + 1;
      }
      carry = Buffer.from(chunk.subarray(from));
    }
  } finally {
    closeSync(fd);
  }
}

function mayMatch(s: SegmentSummary, f: FrameFilter): boolean {
  if (f.fromSeq !== undefined && s.lastSeq < f.fromSeq) return false;
  if (f.toSeq !== undefined && s.firstSeq > f.toSeq) return false;
  if (f.method !== undefined && !s.methods.includes(f.method)) return false;
  if (f.tool !== undefined && !s.tools.includes(f.tool)) return false;
  if (f.dir !== undefined && !s.dirs.includes(f.dir)) return false;
  if (f.lane !== undefined && !s.lanes.includes(f.lane)) return false;
  if (f.channel !== undefined && !s.channels.includes(f.channel)) return false;
  return true;
}

export class StoredSession {
  private constructor(
    readonly dir: string,
    readonly meta: StoredMeta,
    /** Finished and scanned segments, in order. */
    readonly segments: SegmentSummary[],
    /** What was recovered rather than read as written (a torn line, a segment not indexed). */
    readonly notices: string[],
  ) {}

  /** `live`: the summary of the segment a writer in this process is writing (SessionWriter.writtenSegment), read instead of scanning it. */
  static open(dir: string, live?: SegmentSummary): StoredSession {
    let meta: StoredMeta;
    try {
      meta = JSON.parse(readFileSync(path.join(dir, SESSION_FILE), 'utf8')) as StoredMeta;
    } catch (e) {
      throw new StoreError(`${dir} is not a stored session: its ${SESSION_FILE} cannot be read (${(e as Error).message})`);
    }
    const notices: string[] = [];
    const indexed = new Map<number, SegmentSummary>();
    const indexFile = path.join(dir, INDEX_FILE);
    if (existsSync(indexFile)) {
      const lines = readFileSync(indexFile, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (line === '') return;
        try {
          const s = JSON.parse(line) as SegmentSummary;
          indexed.set(s.segment, s);
        } catch {
          // Only the last line can be torn by a kill; the segment it described is scanned instead.
          notices.push(`${INDEX_FILE} line ${i + 1} is incomplete: its segment is read without it`);
        }
      });
    }
    const numbers = readdirSync(dir)
      .map(segmentNumber)
      .filter((n): n is number => n !== undefined)
      .sort((a, b) => a - b);
    const segments: SegmentSummary[] = [];
    for (const n of numbers) {
      const s = indexed.get(n) ?? (live?.segment === n ? live : scanSegment(dir, n, notices));
      if (s.frames > 0) segments.push(s);
    }
    return new StoredSession(dir, meta, segments, notices);
  }

  get frameCount(): number {
    return this.segments.reduce((n, s) => n + s.frames, 0);
  }

  get bytes(): number {
    return this.segments.reduce((n, s) => n + s.bytes, 0);
  }

  get lastSeq(): number {
    return this.segments[this.segments.length - 1]?.lastSeq ?? 0;
  }

  /** The values its exports redact; none when the file is absent. */
  secrets(): StoredSecrets['secrets'] {
    const file = path.join(this.dir, SECRETS_FILE);
    if (!existsSync(file)) return [];
    return (JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets).secrets;
  }

  /** The segments a filter may find frames in, and only those. */
  segmentsFor(filter: FrameFilter): SegmentSummary[] {
    return this.segments.filter((s) => mayMatch(s, filter));
  }

  /** The frames in seq order: all of them, or those of the segments a filter may match, from
   *  `fromSeq` to `toSeq` (other parts of the filter only skip segments; the caller tests frames). */
  *frames(filter: FrameFilter = {}): Generator<Frame> {
    for (const s of this.segmentsFor(filter)) {
      const from = filter.fromSeq ?? 0;
      let mark: [number, number] = s.marks[0] ?? [s.firstSeq, 0];
      for (const m of s.marks) if (m[0] <= from) mark = m;
      const decoder = new LineDecoder();
      const file = path.join(this.dir, segmentName(s.segment));
      // To the segment's last whole line: a torn one after it is never read.
      for (const { at, line } of linesOf(file, mark[1], s.bytes)) {
        let frame: Frame;
        try {
          frame = decoder.decode(line);
        } catch (e) {
          throw new StoreError(`${file}, byte ${at}: ${(e as Error).message}`);
        }
        if (frame.seq < from) continue;
        if (filter.toSeq !== undefined && frame.seq > filter.toSeq) return;
        yield frame;
      }
    }
  }

  /** The frame with this seq, read from the nearest mark before it. */
  frameAt(seq: number): Frame | undefined {
    for (const f of this.frames({ fromSeq: seq, toSeq: seq })) return f;
    return undefined;
  }
}

/**
 * A segment's summary, read from its lines: for the segment being written, and for the last one of
 * a writer that stopped without closing (its half-written last line, if any, is reported).
 */
function scanSegment(dir: string, n: number, notices: string[]): SegmentSummary {
  const file = path.join(dir, segmentName(n));
  const decoder = new LineDecoder();
  const s = newSummary(n);
  const lines = linesOf(file);
  let step = lines.next();
  for (; !step.done; step = lines.next()) {
    const { at, line } = step.value;
    let frame: Frame;
    try {
      frame = decoder.decode(line);
    } catch (e) {
      if (e instanceof SegmentLineError) throw new StoreError(`${file}, byte ${at}: ${e.message}`);
      throw e;
    }
    // The same columns and marks the writer keeps (a mark points at a full line, as it writes one).
    noteFrame(s, frame, at, decoder.message);
  }
  s.bytes = step.value.end;
  if (step.value.torn > 0) {
    notices.push(
      `${segmentName(n)} ends in half a line (${step.value.torn} bytes, from byte ${step.value.end}): the writer stopped in the middle of it; it was skipped, every frame before it was read`,
    );
  }
  return summaryOf(s);
}
