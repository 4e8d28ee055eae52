/**
 * A tap's trace file as a FrameSource: the frames the tap recorded, numbered and stamped by the
 * tap, handed on as they are, so a tapped session streams, is analysed and exports like any other
 * and its HTTP links (`exchange`) still point at the right frames. It follows the file while the
 * tap runs (file-system events, with a slow poll as a backstop) and ends when the tap recorded the
 * server's exit or its process is gone. It never writes and parses no message: Loupe is not a peer.
 */
import { watch, type FSWatcher } from 'node:fs';
import type { Frame, LifecycleMeta } from '../../lib/mcp/frame';
import type { FrameSource } from '../sessions/frame-source';
import { TapTail, tapRunning } from './tap-tail';

export interface TapFileSourceOptions {
  /** How often to look at the file when no event says it changed. Default 1 s. */
  pollMs?: number;
}

function isEnd(frame: Frame): boolean {
  const event = (frame.meta as LifecycleMeta | undefined)?.event;
  // A stdio tap ends with its server's exit; an HTTP tap with its own disconnect.
  return frame.lane === 'lifecycle' && (event === 'exit' || event === 'spawn-error' || event === 'disconnect');
}

export class TapFileSource implements FrameSource {
  onFrames?: FrameSource['onFrames'];
  onEnded?: FrameSource['onEnded'];
  readonly tail: TapTail;
  private watcher?: FSWatcher;
  private timer?: ReturnType<typeof setInterval>;
  private ended = false;
  private pumping = false;
  private again = false;

  constructor(
    readonly file: string,
    private readonly options: TapFileSourceOptions = {},
  ) {
    this.tail = new TapTail(file);
  }

  async start(): Promise<void> {
    await this.pump();
    if (this.ended) return;
    try {
      this.watcher = watch(this.file, () => void this.pump());
      this.watcher.on('error', () => {});
      this.watcher.unref();
    } catch {
      /* some file systems have no events: the poll below still follows the file */
    }
    this.timer = setInterval(() => void this.pump(), this.options.pollMs ?? 1000);
    this.timer.unref?.();
  }

  async close(): Promise<void> {
    this.ended = true;
    this.stop();
  }

  private stop(): void {
    this.watcher?.close();
    clearInterval(this.timer);
  }

  /** Reads what was appended; serialised, so frames are handed on once each, in order. */
  private async pump(): Promise<void> {
    if (this.ended) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.again = false;
        this.deliver(await this.tail.read());
      } while (this.again && !this.ended);
      if (!this.ended && (this.tail.error || !tapRunning(this.tail.header))) {
        // One last read: the tap may have written its final lines just before it exited.
        this.deliver(await this.tail.read());
        if (!this.ended) this.finish(this.tail.error ?? "the tap is no longer running (it ended without recording the server's exit)");
      }
    } catch (e) {
      this.finish(`cannot read the tap's trace ${this.file}: ${(e as Error).message}`);
    } finally {
      this.pumping = false;
    }
  }

  /** Hands on the frames up to the tap's end, if it is among them; nothing after it. */
  private deliver(frames: Frame[]): void {
    if (this.ended || frames.length === 0) return;
    const end = frames.findIndex(isEnd);
    this.onFrames?.(end === -1 ? frames : frames.slice(0, end + 1));
    if (end !== -1) this.finish(frames[end].raw);
  }

  private finish(reason: string): void {
    if (this.ended) return;
    this.ended = true;
    this.stop();
    this.onEnded?.(reason);
  }
}
