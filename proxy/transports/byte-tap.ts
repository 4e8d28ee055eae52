/**
 * A transport that only listens: two byte streams, what the client wrote and what the server
 * wrote, split into lines as stdio frames messages and recorded as they cross. This is the core
 * of tap mode (a shim between a real host and its server feeds it); Loupe writes nothing here.
 */
import { DEFAULT_MAX_LINE_BYTES, LineSplitter, type Line } from '../../lib/mcp/framing';
import type { Frame } from '../../lib/mcp/frame';
import type { RecordCrossing, WireTransport } from './types';

export type TapDirection = 'c2s' | 's2c';

export interface TapSink {
  /** One chunk of bytes as it crossed, in wire order; it may end anywhere, mid-line or mid-character. */
  push(dir: TapDirection, chunk: Uint8Array): void;
  /** The traffic is over (the host or the server went away). */
  end(reason: string): void;
}

/** Where the bytes come from: a stdio shim, a test's script. */
export interface ByteSource {
  start(sink: TapSink): Promise<void>;
  close(): Promise<void>;
}

export class ByteTapTransport implements WireTransport {
  onCrossing?: RecordCrossing;
  onMessage?: (frame: Frame, json: unknown) => void;
  onClosed?: (reason: string) => void;

  private readonly splitters: Record<TapDirection, LineSplitter>;
  private over = false;

  constructor(private readonly source: ByteSource, private readonly clock: { now(): number }, maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
    this.splitters = { c2s: new LineSplitter(maxLineBytes), s2c: new LineSplitter(maxLineBytes) };
  }

  start(): Promise<void> {
    return this.source.start({ push: (dir, chunk) => this.push(dir, chunk), end: (reason) => this.end(reason) });
  }

  send(): Promise<void> {
    return Promise.reject(new Error('a tap only records: Loupe does not write into traffic between two other peers'));
  }

  async close(): Promise<void> {
    if (this.over) return;
    await this.source.close();
    this.finish();
  }

  private push(dir: TapDirection, chunk: Uint8Array): void {
    if (this.over) return;
    this.lines(dir, this.splitters[dir].push(chunk));
  }

  private end(reason: string): void {
    if (this.over) return;
    this.finish();
    this.onClosed?.(reason);
  }

  /** An unterminated last line in either direction is still a line. */
  private finish(): void {
    this.over = true;
    this.lines('c2s', this.splitters.c2s.end());
    this.lines('s2c', this.splitters.s2c.end());
  }

  private lines(dir: TapDirection, lines: Line[]): void {
    const ts = this.clock.now();
    for (const l of lines) {
      const frame = this.onCrossing?.({
        dir, lane: 'message', raw: l.raw, size: l.size, ts,
        meta: l.crlf ? { transport: 'stdio', crlf: true } : { transport: 'stdio' },
        ...(l.truncated ? { truncated: true } : {}),
        ...(l.invalidUtf8 ? { invalidUtf8: true, rawBase64: l.rawBase64 } : {}),
      });
      if (!frame || l.truncated || !this.onMessage) continue;
      let json: unknown;
      try {
        json = JSON.parse(l.raw);
      } catch {
        continue;
      }
      this.onMessage(frame, json);
    }
  }
}
