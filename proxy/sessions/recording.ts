/**
 * A Recording is what every session is first: a clock, a recorder and one transport that reports
 * each crossing to the recorder and gets the Frame back. It knows nothing of MCP: it does not
 * write, answer or handshake. Loupe's own client (ClientDriver) sits on top when the session has
 * one; a tap or a file is a Recording alone, and still streams, exports and gets analysed.
 */
import type { Frame } from '../../lib/mcp/frame';
import type { SourceKind } from '../../lib/wire/protocol';
import type { SendOptions, WireTransport } from '../transports/types';
import { SessionClock } from '../shared/clock';
import { Emitter } from './emitter';
import { Recorder } from './recorder';
import type { SessionBudget } from './budget';

export interface RecordingEvents {
  /** New frames, in order, as the recorder batches them. */
  frames: (frames: Frame[]) => void;
  /** A message that parsed, with the frame that recorded it (in wire order, after recording). */
  message: (frame: Frame, json: unknown) => void;
  /** The process started (stdio): its pid. */
  pid: (pid: number) => void;
  /** The transport ended by itself (process exit, stream gone). */
  ended: (reason: string) => void;
}

export class Recording {
  readonly clock = new SessionClock();
  readonly recorder: Recorder;
  readonly transport: WireTransport;
  private readonly events = new Emitter<RecordingEvents>();
  /** From the transport's exit frame: 0 is a clean exit, null a signal or no exit code. */
  private exit?: number | null;
  private done = false;

  /** `budget` bounds the frame text kept (see budget.ts); without one every frame keeps its text. */
  constructor(readonly source: SourceKind, makeTransport: (clock: SessionClock) => WireTransport, budget?: SessionBudget) {
    this.recorder = new Recorder(budget);
    this.transport = makeTransport(this.clock);
    this.transport.onCrossing = (c) => {
      const frame = this.recorder.record(c);
      const meta = frame.lane === 'lifecycle' ? frame.meta : undefined;
      if (meta?.event === 'spawn') this.events.emit('pid', meta.pid);
      if (meta?.event === 'exit') this.exit = meta.signal ? null : meta.code;
      return frame;
    };
    this.transport.onMessage = (frame, json) => this.events.emit('message', frame, json);
    this.transport.onClosed = (reason) => {
      this.done = true;
      this.recorder.closeGap();
      this.recorder.flush();
      this.events.emit('ended', reason);
    };
    this.recorder.onFrames((frames) => this.events.emit('frames', frames));
  }

  /** Opens the transport. Rejects with the transport's message (already recorded as a frame). */
  async start(): Promise<void> {
    try {
      await this.transport.start();
    } catch (e) {
      this.done = true;
      this.recorder.flush();
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
    this.done = true;
    this.recorder.closeGap();
    this.recorder.flush();
  }

  frames(): readonly Frame[] {
    return this.recorder.frames();
  }

  get lastSeq(): number {
    return this.recorder.lastSeq;
  }

  /** The transport is over: closed, failed to start, or ended by itself. */
  get ended(): boolean {
    return this.done;
  }

  /** The exit code of a launched server that ended (null: killed by a signal). */
  get exitCode(): number | null | undefined {
    return this.exit;
  }

  on<E extends keyof RecordingEvents>(event: E, fn: RecordingEvents[E]): () => void {
    return this.events.on(event, fn);
  }
}
