/**
 * A tap's trace file of frames as a FrameSource: the frames the tap recorded, numbered and stamped
 * by the tap, handed on as they are, so a tapped session streams, is analysed and exports like any
 * other and its HTTP links (`exchange`) still point at the right frames. A tap writes its frames
 * here only when it could not store its session (tap-output.ts), and taps of earlier versions
 * always did. It follows the file while the tap runs and ends when the tap recorded the server's
 * exit or its process is gone (followed-frames.ts).
 */
import { FollowedFrames, type FollowedRead, type FollowOptions } from './followed-frames';
import { TapTail, tapRunning } from './tap-tail';

export class TapFileSource extends FollowedFrames {
  readonly tail: TapTail;

  constructor(
    readonly file: string,
    options: FollowOptions = {},
  ) {
    super(file, options);
    this.tail = new TapTail(file);
  }

  protected async read(): Promise<FollowedRead> {
    return { frames: await this.tail.read(), more: false };
  }

  protected over(): string | undefined {
    if (this.tail.error) return this.tail.error;
    return tapRunning(this.tail.header) ? undefined : "the tap is no longer running (it ended without recording the server's exit)";
  }

  protected unreadable(e: Error): string {
    return `cannot read the tap's trace ${this.file}: ${e.message}`;
  }
}
