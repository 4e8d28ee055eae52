/**
 * A tap's trace file as a transport: the frames the tap recorded become crossings of a Recording
 * with no client, so a tapped session streams, is analysed and exports like any other. It follows
 * the file while the tap runs (file-system events, with a slow poll as a backstop) and ends when
 * the tap recorded the server's exit or its process is gone. It never writes: Loupe is not a peer.
 */
import { watch, type FSWatcher } from 'node:fs';
import type { Frame, LifecycleMeta } from '../../lib/mcp/frame';
import type { SessionClock } from '../shared/clock';
import type { WireTransport } from '../transports/types';
import { deliverTapFrame } from './tap-crossing';
import { TapTail, tapRunning } from './tap-tail';

export interface TapFileTransportOptions {
  /** How often to look at the file when no event says it changed. Default 1 s. */
  pollMs?: number;
}

function isEnd(frame: Frame): boolean {
  const event = (frame.meta as LifecycleMeta | undefined)?.event;
  // A stdio tap ends with its server's exit; an HTTP tap with its own disconnect.
  return frame.lane === 'lifecycle' && (event === 'exit' || event === 'spawn-error' || event === 'disconnect');
}

export class TapFileTransport implements WireTransport {
  onCrossing?: WireTransport['onCrossing'];
  onMessage?: WireTransport['onMessage'];
  onClosed?: (reason: string) => void;
  readonly tail: TapTail;
  private watcher?: FSWatcher;
  private timer?: ReturnType<typeof setInterval>;
  private ended = false;
  private pumping = false;
  private again = false;

  constructor(readonly file: string, _clock: SessionClock, private readonly options: TapFileTransportOptions = {}) {
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

  send(): Promise<void> {
    return Promise.reject(new Error('a tapped session only records: Loupe is not a peer in it, so it sends nothing'));
  }

  async close(): Promise<void> {
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
        for (const frame of await this.tail.read()) this.deliver(frame);
      } while (this.again && !this.ended);
      if (!this.ended && (this.tail.error || !tapRunning(this.tail.header))) {
        // One last read: the tap may have written its final lines just before it exited.
        for (const frame of await this.tail.read()) this.deliver(frame);
        if (!this.ended) this.finish(this.tail.error ?? 'the tap is no longer running (it ended without recording the server\'s exit)');
      }
    } catch (e) {
      this.finish(`cannot read the tap's trace ${this.file}: ${(e as Error).message}`);
    } finally {
      this.pumping = false;
    }
  }

  private deliver(f: Frame): void {
    if (this.ended) return;
    deliverTapFrame(this, f);
    if (isEnd(f)) this.finish(f.raw);
  }

  private finish(reason: string): void {
    if (this.ended) return;
    this.ended = true;
    this.stop();
    this.onClosed?.(reason);
  }
}
