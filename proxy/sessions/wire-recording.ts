/**
 * A Recording over a wire transport: the transport reports each crossing, the recorder numbers it
 * and hands the Frame back (so the transport links frames by their real seq), and each message
 * that parsed goes to Loupe's own client, which writes through `send`.
 */
import type { SendOptions, WireTransport } from '../transports/types';
import type { SessionClock } from '../shared/clock';
import type { SourceKind } from '../../lib/wire/protocol';
import type { SessionBudget } from './budget';
import { Recording, type OpenDisk } from './recording';

export class WireRecording extends Recording {
  readonly transport: WireTransport;

  constructor(source: SourceKind, makeTransport: (clock: SessionClock) => WireTransport, budget?: SessionBudget, openDisk?: OpenDisk, diskOnly?: boolean) {
    super(source, budget, openDisk, diskOnly);
    this.transport = makeTransport(this.clock);
    this.transport.onCrossing = (c) => {
      const frame = this.recorder.record(c);
      const meta = frame.lane === 'lifecycle' ? frame.meta : undefined;
      if (meta?.event === 'spawn') this.events.emit('pid', meta.pid);
      if (meta?.event === 'exit') this.exit = meta.signal ? null : meta.code;
      return frame;
    };
    this.transport.onMessage = (frame, json) => this.events.emit('message', frame, json);
    this.transport.onClosed = (reason) => this.over(reason);
  }

  /** Opens the transport. Rejects with the transport's message (already recorded as a frame). */
  async start(): Promise<void> {
    try {
      await this.transport.start();
    } catch (e) {
      this.failed();
      throw e;
    }
  }

  /** Writes one message exactly as given; the transport records it. */
  send(text: string, options?: SendOptions): Promise<void> {
    return this.transport.send(text, options);
  }

  /** Ends the transport; resolves when nothing is left running and every frame was delivered. */
  async close(): Promise<void> {
    await this.transport.close();
    this.over();
  }
}
