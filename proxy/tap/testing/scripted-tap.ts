/**
 * Test support: a tap fed by a script of byte chunks instead of a real host and server. The bytes
 * go through the stdio tap's own framer (TapFramer, what the recorder's worker runs) and its
 * frames reach the Recording the way a tap's trace file does (deliverTapFrame), so a test of a
 * Recording with no client runs the code a real tap runs. One step per turn of the event loop.
 */
import type { WireTransport } from '../../transports/types';
import { deliverTapFrame } from '../tap-crossing';
import { TapFramer, type TapStream } from '../tap-framer';

/** A chunk of one stream as it crossed (it may end anywhere, mid-line or mid-character), or the
 *  end of the traffic (the host or the server went away). */
export type ByteStep = { dir: TapStream; bytes: Uint8Array | string } | { end: string };

export interface ScriptedTapOptions {
  /** The script starts playing once this resolves (a test that attaches a page first). */
  gate?: Promise<void>;
}

const STREAMS: TapStream[] = ['c2s', 's2c', 'stderr'];

export class ScriptedTap implements WireTransport {
  onCrossing?: WireTransport['onCrossing'];
  onMessage?: WireTransport['onMessage'];
  onClosed?: (reason: string) => void;
  private readonly framer = new TapFramer((frame) => deliverTapFrame(this, frame));
  private over = false;

  constructor(private readonly steps: ByteStep[], private readonly clock: { now(): number }, private readonly options: ScriptedTapOptions = {}) {}

  async start(): Promise<void> {
    void this.play();
  }

  send(): Promise<void> {
    return Promise.reject(new Error('a tap only records: Loupe does not write into traffic between two other peers'));
  }

  async close(): Promise<void> {
    this.finish();
  }

  private async play(): Promise<void> {
    await this.options.gate;
    for (const step of this.steps) {
      await new Promise((r) => setImmediate(r));
      if (this.over) return;
      if ('end' in step) {
        this.finish();
        this.onClosed?.(step.end);
      } else {
        this.framer.chunk(step.dir, this.clock.now(), typeof step.bytes === 'string' ? new TextEncoder().encode(step.bytes) : step.bytes);
      }
    }
  }

  /** An unterminated last line of any stream is still a line. */
  private finish(): void {
    if (this.over) return;
    this.over = true;
    for (const stream of STREAMS) this.framer.end(stream, this.clock.now());
  }
}
