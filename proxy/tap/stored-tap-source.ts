/**
 * A tap's stored session as a FrameSource: the dashboard follows a running tap by reading the
 * segments its recorder appends to (`<config dir>/sessions/<id>/seg-*.ndjson`), the one copy of
 * the traffic a tap writes. Only whole lines are taken (the recorder may be mid-write); a segment
 * is left for the next once the next exists, since the writer finishes one before it starts
 * another. Frames are handed on with the tap's numbering and stamps, as they were stored.
 *
 * It ends at the tap's last frame (the server's exit, or an HTTP tap's disconnect), when the
 * session was closed, or when the process writing it is gone: a tap killed mid-session leaves
 * what it wrote, and a torn last line is skipped, as the store's reader skips it.
 */
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import { segmentName, SESSION_FILE, type StoredMeta } from '../store/layout';
import { alive } from '../store/process-alive';
import { LineDecoder } from '../store/segment-lines';
import { FollowedFrames, type FollowedRead, type FollowOptions } from './followed-frames';

export class StoredTapSource extends FollowedFrames {
  private segment = 1;
  /** Where the next unread line of the segment starts. */
  private offset = 0;
  private decoder = new LineDecoder();

  constructor(
    /** The stored session's folder. */
    readonly dir: string,
    options: FollowOptions = {},
  ) {
    super(dir, options);
  }

  override async start(): Promise<void> {
    if (!existsSync(path.join(this.dir, SESSION_FILE)))
      throw new Error(`the tap's stored session ${this.dir} is missing (it was deleted, or its disk budget was reached)`);
    await super.start();
  }

  /** Why no more frames will come, once none will: the session was closed, or its writer is gone. */
  protected over(): string | undefined {
    let meta: StoredMeta;
    try {
      meta = JSON.parse(readFileSync(path.join(this.dir, SESSION_FILE), 'utf8')) as StoredMeta;
    } catch {
      return undefined;
    }
    if (meta.end) return 'the tap closed its session';
    if (!alive(meta.writerPid)) return "the tap is no longer running (it ended without recording the server's exit)";
    return undefined;
  }

  protected unreadable(e: Error): string {
    return `cannot read the tap's stored session ${this.dir}: ${e.message}`;
  }

  /** The whole lines appended to the segment being read since the last read (a segment is at
   *  most about SEGMENT_BYTES), moving on to the next segment once one exists. */
  protected read(): FollowedRead {
    // Asked first: once the next segment exists, this one holds every line it ever will.
    const finished = existsSync(path.join(this.dir, segmentName(this.segment + 1)));
    const file = path.join(this.dir, segmentName(this.segment));
    if (!existsSync(file)) return { frames: [], more: false };
    const bytes = this.readWholeLines(file);
    const frames: Frame[] = [];
    for (let start = 0, nl = bytes.indexOf(10); nl !== -1; start = nl + 1, nl = bytes.indexOf(10, start)) {
      frames.push(this.decoder.decode(bytes.toString('utf8', start, nl)));
    }
    this.offset += bytes.length;
    // A finished segment ends in a whole line; bytes after its last one were torn by a kill.
    if (!finished) return { frames, more: false };
    this.segment++;
    this.offset = 0;
    this.decoder = new LineDecoder();
    return { frames, more: true };
  }

  /** The bytes from the offset to the end of the segment's last whole line. */
  private readWholeLines(file: string): Buffer {
    const fd = openSync(file, 'r');
    try {
      const want = Math.max(0, fstatSync(fd).size - this.offset);
      const buf = Buffer.allocUnsafe(want);
      let got = 0;
      while (got < want) {
        const n = readSync(fd, buf, got, want - got, this.offset + got);
        if (n === 0) break;
        got += n;
      }
      return buf.subarray(0, buf.subarray(0, got).lastIndexOf(10) + 1);
    } finally {
      closeSync(fd);
    }
  }
}
