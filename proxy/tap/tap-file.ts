/**
 * The trace file a tap appends to while it runs: the same NDJSON as every Loupe trace (a header
 * line, then one frame per line), written in the config dir's `taps/` folder with mode 0600
 * (traffic holds secrets). The file, not a socket, is the tap's record of truth: a dashboard
 * started before, during or after the tap reads it the same way, and a slow or absent dashboard
 * can never hold the host up.
 *
 * Writes are coalesced per turn of the event loop and go out asynchronously. If the disk falls
 * behind by more than `maxQueuedBytes`, frame text is dropped (the frame keeps seq, ts, dir, lane
 * and size, marked `truncated`) rather than letting the host wait or the shim's memory grow. A
 * writer on a thread of its own (the stdio tap's recorder, which nothing waits on) writes each
 * turn's lines synchronously instead (`sync`): nothing then waits for the disk in memory, where a
 * flood kept tens of MiB of lines queued, joined and copied for the write, at once.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { makeDirs } from '../shared/make-dirs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import type { TraceHeader } from '../../lib/trace/format';
import { STDIO_CRLF_META, STDIO_META } from './tap-framer';

export interface TapFileOptions {
  /** Bytes waiting for the disk before frame text is dropped. Default 64 MiB. */
  maxQueuedBytes?: number;
  /** One synchronous append per turn; see above. */
  sync?: boolean;
}

export function tapsDir(configDir: string): string {
  return path.join(configDir, 'taps');
}

/** A file name that sorts by start time and says whose traffic it holds. */
export function tapFileName(name: string, startedAt: Date, pid: number): string {
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60) || 'server';
  return `${stamp}-${safe}-${pid}.loupe.ndjson`;
}

/** The shared metas of line frames (tap-framer.ts), as JSON.stringify writes them. */
const META_TEXT = new Map<unknown, string>([
  [STDIO_META, JSON.stringify(STDIO_META)],
  [STDIO_CRLF_META, JSON.stringify(STDIO_CRLF_META)],
]);
/** A line frame's fields, in the order the framer gives them (JSON.stringify writes them so). */
const LINE_FIELDS = ['seq', 'ts', 'dir', 'lane', 'raw', 'size', 'meta'];
const PLAIN = new Set(['c2s', 's2c', 'message', 'stderr']);

/**
 * A frame's line in the file, exactly as `JSON.stringify(frame) + '\n'` writes it. A line frame as
 * the framer makes it (the fields in its order, a shared meta, at most `truncated`) is written
 * from its parts, escaping only its text: a flood spent twice as long serialising the whole
 * frame. Any other frame is serialised whole.
 */
export function frameLine(f: Frame): string {
  const meta = META_TEXT.get(f.meta);
  if (meta === undefined || !isLineFrame(f)) return JSON.stringify(f) + '\n';
  return `{"seq":${f.seq},"ts":${f.ts},"dir":"${f.dir}","lane":"${f.lane}","raw":${JSON.stringify(f.raw)},"size":${f.size},"meta":${meta}${f.truncated ? ',"truncated":true' : ''}}\n`;
}

function isLineFrame(f: Frame): boolean {
  let i = 0;
  for (const k in f) {
    if (i < LINE_FIELDS.length ? k !== LINE_FIELDS[i] : k !== 'truncated' || f.truncated !== true || i > LINE_FIELDS.length) return false;
    i++;
  }
  return (
    i >= LINE_FIELDS.length &&
    Number.isFinite(f.seq) &&
    Number.isFinite(f.ts) &&
    Number.isFinite(f.size) &&
    typeof f.raw === 'string' &&
    PLAIN.has(f.dir) &&
    PLAIN.has(f.lane)
  );
}

/** A synchronous writer writes at once past this many queued bytes, not only once a turn. */
const SYNC_WRITE_BYTES = 1024 * 1024;

export class TapFile {
  readonly path: string;
  private handle?: Promise<FileHandle>;
  private fd?: number;
  private readonly sync: boolean;
  private queue: string[] = [];
  private queuedBytes = 0;
  private scheduled = false;
  private writing: Promise<void> = Promise.resolve();
  private readonly maxQueuedBytes: number;
  /** Frames whose text was dropped because the disk fell behind. */
  dropped = 0;
  /** The first write error, if any; the tap keeps passing bytes regardless. */
  error?: Error;

  /** Creates the file with its header; without a header, appends to a tap file that exists
   *  (the recorder's worker writes the frames of a file the tap created). */
  constructor(dir: string, fileName: string, header?: TraceHeader, options: TapFileOptions = {}) {
    this.path = path.join(dir, fileName);
    this.maxQueuedBytes = options.maxQueuedBytes ?? 64 * 2 ** 20;
    this.sync = options.sync ?? false;
    if (!header) return;
    makeDirs(dir, 0o700);
    // The header is written synchronously, so the file exists (and says what it is) before any frame.
    const fd = openSync(this.path, 'wx', 0o600);
    try {
      writeSync(fd, JSON.stringify(header) + '\n');
    } finally {
      closeSync(fd);
    }
  }

  append(frame: Frame): void {
    let line = frameLine(frame);
    if (this.queuedBytes + line.length > this.maxQueuedBytes) {
      this.dropped++;
      const { raw: _raw, rawBase64: _b64, ...rest } = frame;
      line = JSON.stringify({ ...rest, raw: '', truncated: true }) + '\n';
    }
    this.queue.push(line);
    this.queuedBytes += line.length;
    // A worker's port hands over every message waiting in one turn: a backlog of them would queue
    // all their lines before the turn ends.
    if (this.sync && this.queuedBytes >= SYNC_WRITE_BYTES) return this.flush();
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.scheduled = false;
    if (this.queue.length === 0) return;
    const text = this.queue.join('');
    this.queue = [];
    const bytes = this.queuedBytes;
    if (this.sync) return this.writeNow(text, bytes);
    this.writing = this.writing.then(async () => {
      try {
        this.handle ??= open(this.path, 'a');
        await (await this.handle).appendFile(text);
      } catch (e) {
        this.error ??= e as Error;
      } finally {
        this.queuedBytes -= bytes;
      }
    });
  }

  private writeNow(text: string, bytes: number): void {
    try {
      this.fd ??= openSync(this.path, 'a', 0o600);
      writeSync(this.fd, text);
    } catch (e) {
      this.error ??= e as Error;
    } finally {
      this.queuedBytes -= bytes;
    }
  }

  /** Writes what is queued and closes the file. */
  async close(): Promise<void> {
    this.flush();
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    await this.writing;
    if (this.handle) await (await this.handle).close().catch(() => {});
  }
}
