/**
 * Frames someone else recorded (a tap's trace file), beside the wire transports rather than one
 * of them: they come numbered and stamped, and their meta links them by those numbers (an HTTP
 * message's `exchange` is its request's seq). A SourceRecording keeps them as they are (a hole
 * in their numbering aside, see dense-seqs.ts). Nothing is sent through a FrameSource: Loupe is
 * no peer in the traffic, so the session has no client, and no message is parsed for one.
 */
import type { Frame } from '../../lib/mcp/frame';
import type { SourceKind } from '../../lib/wire/protocol';
import type { SessionBudget } from './budget';
import { DenseSeqs } from './dense-seqs';
import { Recording } from './recording';

export interface FrameSource {
  /** Starts handing frames on (some may come before it resolves). Rejects with a clear message. */
  start(): Promise<void>;
  /** Stops; no frame is handed on after it resolves. */
  close(): Promise<void>;
  /** New frames, in seq order, each once. */
  onFrames?: (frames: Frame[]) => void;
  /** The frames ended by themselves (the server exited, the tap is gone), and why. */
  onEnded?: (reason: string) => void;
}

export class SourceRecording extends Recording {
  private readonly feed: FrameSource;
  private readonly dense = new DenseSeqs();

  constructor(source: SourceKind, makeSource: () => FrameSource, budget?: SessionBudget) {
    super(source, budget);
    this.feed = makeSource();
    this.feed.onFrames = (frames) => this.take(frames);
    this.feed.onEnded = (reason) => this.end(reason);
  }

  async start(): Promise<void> {
    try {
      await this.feed.start();
    } catch (e) {
      this.failed();
      throw e;
    }
  }

  async close(): Promise<void> {
    await this.feed.close();
    if (!this.ended) this.over();
  }

  private take(frames: Frame[]): void {
    for (const f of frames) {
      if (this.ended) return;
      const refused = this.recorder.adopt(this.dense.take(f));
      if (refused) {
        // Taking more would mean numbering them anew, and their links would point elsewhere.
        void this.feed.close();
        return this.end(refused);
      }
      const meta = f.lane === 'lifecycle' ? f.meta : undefined;
      if (meta?.event === 'spawn') this.events.emit('pid', meta.pid);
      if (meta?.event === 'exit') this.exit = meta.signal ? null : meta.code;
    }
  }

  private end(reason: string): void {
    if (this.ended) return;
    this.recorder.endAdopted();
    this.over(reason);
  }
}
