/**
 * Test support: a tap fed by a script of byte chunks instead of a real host and server. The bytes
 * go through the stdio tap's own framer (TapFramer, what the recorder's worker runs), which numbers
 * and stamps them as a tap does, and its frames reach the Recording as a tap's trace file hands
 * them on (a FrameSource), so a test of a Recording with no client runs the code a real tap runs.
 * One step per turn of the event loop.
 */
import { SessionClock } from '../../shared/clock';
import type { FrameSource } from '../../sessions/frame-source';
import { TapFramer, type TapStream } from '../tap-framer';

/** A chunk of one stream as it crossed (it may end anywhere, mid-line or mid-character), or the
 *  end of the traffic (the host or the server went away). */
export type ByteStep = { dir: TapStream; bytes: Uint8Array | string } | { end: string };

export interface ScriptedTapOptions {
  /** The script starts playing once this resolves (a test that attaches a page first). */
  gate?: Promise<void>;
}

const STREAMS: TapStream[] = ['c2s', 's2c', 'stderr'];

export class ScriptedTap implements FrameSource {
  onFrames?: FrameSource['onFrames'];
  onEnded?: FrameSource['onEnded'];
  /** The tap's own clock: its frames are stamped by the tap, not by the session that reads them. */
  private readonly clock = new SessionClock();
  private readonly framer = new TapFramer((frame) => this.onFrames?.([frame]));
  private over = false;

  constructor(
    private readonly steps: ByteStep[],
    private readonly options: ScriptedTapOptions = {},
  ) {}

  async start(): Promise<void> {
    void this.play();
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
        this.onEnded?.(step.end);
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
