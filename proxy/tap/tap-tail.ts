/**
 * Reads a tap's trace file as it grows: complete lines only (the tap may be mid-write), each
 * migrated and validated like any trace line. The dashboard follows running taps with it, and
 * opens finished ones the same way, so a tap started before Loupe, or one whose Loupe restarted,
 * is seen whole.
 */
import { open } from 'node:fs/promises';
import type { Frame } from '../../lib/mcp/frame';
import type { TraceHeader } from '../../lib/trace/format';
import { validateFrame, validateHeader } from '../../lib/trace/validate';
import { migrateFrame, migrateHeader, migrationsFrom } from '../../lib/trace/migrate';

export interface TapHeader extends TraceHeader {
  /** `stored`: the id of the stored session that holds the frames (tap-output.ts); absent when the file holds them. */
  tap?: { pid?: number; host?: { pid?: number; name?: string }; cwd?: string; listen?: string; startedBy?: string; stored?: string };
}

export class TapTail {
  header?: TapHeader;
  private offset = 0;
  private partial = Buffer.alloc(0);
  private line = 0;
  private lastSeq = 0;
  private steps: ReturnType<typeof migrationsFrom> = [];
  private reading?: Promise<Frame[]>;
  /** Why the file stopped being readable (a bad line); nothing after it is taken. */
  error?: string;

  constructor(readonly path: string) {}

  /** Reads whatever was appended since the last call; returns the new frames. */
  read(): Promise<Frame[]> {
    // Calls overlap when changes come quickly: chain them so bytes are read once, in order.
    const next = (this.reading ?? Promise.resolve([])).then(() => this.readMore());
    this.reading = next.catch(() => []);
    return next;
  }

  private async readMore(): Promise<Frame[]> {
    if (this.error) return [];
    const handle = await open(this.path, 'r');
    const frames: Frame[] = [];
    try {
      const chunk = Buffer.alloc(1 << 20);
      for (;;) {
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, this.offset);
        if (bytesRead === 0) break;
        this.offset += bytesRead;
        this.take(Buffer.concat([this.partial, chunk.subarray(0, bytesRead)]), frames);
      }
    } finally {
      await handle.close();
    }
    return frames;
  }

  private take(bytes: Buffer, frames: Frame[]): void {
    let start = 0;
    for (let nl = bytes.indexOf(0x0a); nl !== -1 && !this.error; nl = bytes.indexOf(0x0a, start)) {
      this.line++;
      const text = bytes.subarray(start, nl).toString('utf8');
      start = nl + 1;
      try {
        const value = JSON.parse(text) as unknown;
        if (!this.header) {
          // A tap written by an older Loupe is read as any old trace is: migrated line by line.
          this.steps = migrationsFrom(value, this.line);
          this.header = validateHeader(migrateHeader(this.steps, value), this.line) as TapHeader;
        } else {
          const frame = validateFrame(migrateFrame(this.steps, value), this.line, this.lastSeq);
          this.lastSeq = frame.seq;
          frames.push(frame);
        }
      } catch (e) {
        this.error = `${this.path}: ${(e as Error).message}`;
      }
    }
    this.partial = Buffer.from(bytes.subarray(start));
  }
}

/** Whether the tap that writes a file is still running (its pid answers signal 0). */
export function tapRunning(header: TapHeader | undefined): boolean {
  const pid = header?.tap?.pid;
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
