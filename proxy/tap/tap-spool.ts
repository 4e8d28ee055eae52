/**
 * The stdio tap recorder's spool: a file beside the tap file that holds what the tap has for its
 * recorder while the recorder's worker is more than its bound behind. A flood faster than the
 * worker frames and writes (it runs at the lowest priority, on cores the host and the server are
 * using) is then recorded whole, later, without the tap's memory growing and without the host ever
 * waiting: the tap's main thread appends each batch here (one synchronous write of at most about
 * 1 MiB, only while behind) and tells the worker where it lies; the worker reads the batches back
 * one at a time, in order, and takes them exactly as posted ones.
 *
 * A record is two little-endian u32 (the items' JSON length, the bytes' length), the items as JSON,
 * then the batch's bytes. The file is mode 0600 (traffic holds secrets), removed once the worker
 * has read all of it, when the recorder closes, and when a signal ends the tap while its recorder
 * catches up; only a tap killed with SIGKILL then leaves it behind (`….loupe.ndjson.backlog`).
 *
 * Both threads use the same descriptor (a process's descriptors are shared by its threads): the
 * main thread opens and writes, the worker only reads where it is told, and the main thread closes
 * the file only once the worker has read every record it was told of, or has ended.
 */
import { closeSync, openSync, readSync, unlinkSync, writeSync, writevSync } from 'node:fs';
import path from 'node:path';
import { makeDirs } from '../shared/make-dirs';

/** Where a tap file's spool lives: beside it, named after it. */
export function spoolPathFor(tapFile: string): string {
  return `${tapFile}.backlog`;
}

/** Where one batch lies in the spool, as the worker is told. */
export interface SpooledBatch {
  fd: number;
  at: number;
  length: number;
}

const HEAD = 8;

/** The main thread's side: appends batches, removes the file. */
export class SpoolWriter {
  private fd?: number;
  private end = 0;

  constructor(readonly path: string) {}

  /** Appends one batch whole, or throws (the disk is full, the folder is gone) having told the worker nothing. */
  append(items: unknown[], bytes: Uint8Array): SpooledBatch {
    // 'w+' (the worker reads through the same descriptor): a file of the same name can only be a leftover of a killed tap with the same pid and start.
    if (this.fd === undefined) {
      // The worker creates the tap file's folder when it starts, which may be after the first spill.
      makeDirs(path.dirname(this.path), 0o700);
      this.fd = openSync(this.path, 'w+', 0o600);
    }
    const json = Buffer.from(JSON.stringify(items));
    const head = Buffer.alloc(HEAD);
    head.writeUInt32LE(json.length, 0);
    head.writeUInt32LE(bytes.length, 4);
    const length = HEAD + json.length + bytes.length;
    let written = writevSync(this.fd, [head, json, bytes], this.end);
    // A short write (the disk filling up) is finished or fails on the next write.
    if (written < length) {
      const rest = Buffer.concat([head, json, bytes]).subarray(written);
      for (let n = 0; n < rest.length;) {
        const w = writeSync(this.fd, rest, n, rest.length - n, this.end + written + n);
        if (w === 0) throw new Error(`wrote ${written + n} of ${length} bytes`);
        n += w;
      }
      written = length;
    }
    const at = this.end;
    this.end += length;
    return { fd: this.fd, at, length };
  }

  /** The tap is ending by a signal while its worker still reads: the name goes now, so nothing is
   *  left behind; the worker reads on through the descriptor until the process ends. */
  unlink(): void {
    if (this.fd === undefined) return;
    try {
      unlinkSync(this.path);
    } catch {
      /* already gone */
    }
  }

  /** Done writing, the file kept for another process to read (tap-handoff.ts). */
  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }

  /** The worker has read every record (or will read none): the file goes. The next append starts a new one. */
  remove(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
    this.end = 0;
    try {
      unlinkSync(this.path);
    } catch {
      /* already gone (its folder was removed): nothing is left to remove */
    }
  }
}

/** The worker's side: one batch, read back whole. */
export function readSpooled<T>(where: SpooledBatch): { items: T[]; bytes: Uint8Array } {
  const record = Buffer.allocUnsafe(where.length);
  for (let n = 0; n < where.length;) {
    const r = readSync(where.fd, record, n, where.length - n, where.at + n);
    if (r === 0) throw new Error(`the spool ends ${where.length - n} bytes short`);
    n += r;
  }
  const jsonLength = record.readUInt32LE(0);
  const bytesLength = record.readUInt32LE(4);
  if (HEAD + jsonLength + bytesLength !== where.length) throw new Error('a record of the spool does not have the length it was written with');
  return { items: JSON.parse(record.toString('utf8', HEAD, HEAD + jsonLength)) as T[], bytes: record.subarray(HEAD + jsonLength) };
}
