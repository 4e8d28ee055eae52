/**
 * A Recording is what every session is first: a clock, a recorder, and where its frames come
 * from. It knows nothing of MCP: it does not write, answer or handshake. Frames come either from
 * a wire transport, numbered here as they cross (WireRecording, which Loupe's own client writes
 * through), or already numbered by whoever recorded them (SourceRecording: a tap, which nothing
 * writes into). Either way the session streams, exports and gets analysed alike.
 */
import type { Frame } from '../../lib/mcp/frame';
import type { SourceKind } from '../../lib/wire/protocol';
import { SessionClock } from '../shared/clock';
import { Emitter } from './emitter';
import { Recorder } from './recorder';
import type { SessionBudget } from './budget';
import type { SessionWriter } from '../store/writer';

/** Starts the disk copy of a recording once its clock runs (its start time names the session). */
export type OpenDisk = (startedAt: number) => SessionWriter | undefined;

export interface RecordingEvents {
  /** New frames, in order, as the recorder batches them. */
  frames: (frames: Frame[]) => void;
  /** A message that parsed, with the frame that recorded it (in wire order, after recording).
   *  Only a WireRecording parses: Loupe's client reads it; a recording nothing answers does not. */
  message: (frame: Frame, json: unknown) => void;
  /** The process started (stdio): its pid. */
  pid: (pid: number) => void;
  /** The frames ended by themselves (process exit, stream gone, the tap ended). */
  ended: (reason: string) => void;
  /** The memory budget was passed (once): the page's analyser judges no more frames. */
  pastBudget: () => void;
}

export abstract class Recording {
  readonly clock = new SessionClock();
  readonly recorder: Recorder;
  /** The session on disk, when the proxy stores its sessions. */
  readonly disk?: SessionWriter;
  protected readonly events = new Emitter<RecordingEvents>();
  /** From an exit frame: 0 is a clean exit, null a signal or no exit code. */
  protected exit?: number | null;
  private done = false;
  private past = false;

  /** `budget` bounds the frame text kept in memory (see budget.ts); without one every frame keeps
   *  its text. `openDisk` stores every frame whole as it is recorded (see recorder.ts). With
   *  `diskOnly`, frames the disk holds are not held in memory too (a headless session: nothing
   *  reads them back), and the budget has nothing to bound; without a disk copy (the store could
   *  not create one) they are held as usual. */
  constructor(
    readonly source: SourceKind,
    budget?: SessionBudget,
    openDisk?: OpenDisk,
    diskOnly = false,
  ) {
    this.disk = openDisk?.(this.clock.startedAt);
    const holds = !(diskOnly && this.disk);
    this.recorder = new Recorder(holds ? budget : undefined, this.disk, holds);
    this.recorder.onFrames((frames) => this.events.emit('frames', frames));
    if (holds && budget) this.watchBudget();
  }

  /** Whether the memory budget was passed: frames since are not all judged by the page. */
  get pastBudget(): boolean {
    return this.past;
  }

  /**
   * Past its memory budget the live analyser stops judging (lib/analyze/engine.ts `blind`): the
   * store is told once, so it judges the copy on disk as it grows instead (proxy/store/live-judge.ts);
   * a recording another process stores (a tap's) says so to whoever follows it (tap-live-judging.ts).
   * The budget's counts say it, read once per batch of frames, not once per frame.
   */
  private watchBudget(): void {
    const off = this.recorder.onFrames(() => {
      const u = this.recorder.usage();
      if (!u || (u.firstDroppedSeq === undefined && u.notKeptFrames === 0)) return;
      off();
      this.past = true;
      this.disk?.passedMemoryBudget?.();
      this.events.emit('pastBudget');
    });
  }

  /** Starts the frames coming. Rejects with a clear message (a wire transport records it too). */
  abstract start(): Promise<void>;

  /** Stops them; resolves when nothing is left running and every frame was delivered. */
  abstract close(): Promise<void>;

  frames(): readonly Frame[] {
    return this.recorder.frames();
  }

  get lastSeq(): number {
    return this.recorder.lastSeq;
  }

  /** The frames are over: closed, failed to start, or ended by themselves. */
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

  /** Marks the end: what is pending is delivered now, and nothing is recorded after it. */
  protected over(reason?: string): void {
    this.done = true;
    this.recorder.closeGap();
    this.recorder.flush();
    if (reason !== undefined) this.events.emit('ended', reason);
    // After 'ended': the session notes on disk what it learnt before the folder is closed.
    this.disk?.close();
  }

  /** A failed start: no gap to close, only what was recorded to deliver. */
  protected failed(): void {
    this.done = true;
    this.recorder.flush();
    this.disk?.close();
  }
}
