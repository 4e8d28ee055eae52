/**
 * What following a tap's recording takes, whatever holds its frames (its stored session, or a tap
 * file of frames): reading what was appended on every file-system event, with a slow poll as a
 * backstop, one read at a time so frames are handed on once each and in order; handing them on up
 * to the tap's last frame (its server's exit, an HTTP tap's disconnect); and ending when the
 * recording says no more will come. It never writes and parses no message: Loupe is not a peer.
 */
import { watch, type FSWatcher } from 'node:fs';
import type { Frame, LifecycleMeta } from '../../lib/mcp/frame';
import type { FrameSource } from '../sessions/frame-source';

export interface FollowOptions {
  /** How often to look when no event says something changed. Default 1 s. */
  pollMs?: number;
}

/** What one read gave: new frames, and whether more are ready to read at once. */
export interface FollowedRead {
  frames: Frame[];
  more: boolean;
}

function isEnd(frame: Frame): boolean {
  const event = (frame.meta as LifecycleMeta | undefined)?.event;
  // A stdio tap ends with its server's exit; an HTTP tap with its own disconnect.
  return frame.lane === 'lifecycle' && (event === 'exit' || event === 'spawn-error' || event === 'disconnect');
}

export abstract class FollowedFrames implements FrameSource {
  onFrames?: FrameSource['onFrames'];
  onEnded?: FrameSource['onEnded'];
  private watcher?: FSWatcher;
  private timer?: ReturnType<typeof setInterval>;
  private ended = false;
  private pumping = false;
  private again = false;

  constructor(
    /** The file or folder whose changes say there is more to read. */
    private readonly watched: string,
    private readonly options: FollowOptions = {},
  ) {}

  /** Reads what was appended since the last read. */
  protected abstract read(): Promise<FollowedRead> | FollowedRead;
  /** Why no more frames will come, once none will (asked after a read; one more read follows). */
  protected abstract over(): string | undefined;
  /** What to say when reading failed. */
  protected abstract unreadable(e: Error): string;

  async start(): Promise<void> {
    await this.pump();
    if (this.ended) return;
    try {
      this.watcher = watch(this.watched, () => void this.pump());
      this.watcher.on('error', () => {});
      this.watcher.unref();
    } catch {
      /* some file systems have no events: the poll below still follows the recording */
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
        await this.drain();
      } while (this.again && !this.ended);
      const over = this.ended ? undefined : this.over();
      if (over !== undefined) {
        // One last read: the tap may have written its final lines just before it ended.
        await this.drain();
        this.finish(over);
      }
    } catch (e) {
      this.finish(this.unreadable(e as Error));
    } finally {
      this.pumping = false;
    }
  }

  private async drain(): Promise<void> {
    for (let more = true; more && !this.ended;) {
      const got = await this.read();
      this.deliver(got.frames);
      more = got.more;
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
