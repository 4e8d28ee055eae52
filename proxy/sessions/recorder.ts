/**
 * Turns crossings into frames: dense 1-based sequence numbers, append-only. Listeners get frames
 * in batches, at most every BATCH_MS: recording a frame is an array push, and nothing else runs
 * on the path of the message that crossed (a ping through Loupe's client records two frames, and
 * one emit per turn for each cost it an extra turn of the event loop). The pages' stream batches
 * every 16 ms anyway; a session that ends or closes delivers what is pending at once (flush). A
 * budget, when given, decides whether each frame keeps its text (see budget.ts).
 */
import type { Frame, LifecycleMeta } from '../../lib/mcp/frame';
import type { Crossing } from '../transports/types';
import type { BudgetUsage, SessionBudget } from './budget';

export type FramesListener = (frames: Frame[]) => void;

/** How long a recorded frame may wait for its listeners; see above. */
export const BATCH_MS = 4;

export class Recorder {
  private readonly all: Frame[] = [];
  private batch: Frame[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<FramesListener>();

  private readonly flushBatch = () => this.flush();

  constructor(private readonly budget?: SessionBudget) {}

  record(c: Crossing): Frame {
    if (c.lane === 'lifecycle' && this.budget) this.repeatTail(c);
    const seq = this.all.length + 1;
    const keep = this.budget ? this.budget.keepsText(seq, c) : true;
    const frame: Frame = { seq, ts: c.ts, dir: c.dir, lane: c.lane, raw: keep ? c.raw : '', size: c.size };
    if (c.truncated) frame.truncated = true;
    if (c.invalidUtf8) frame.invalidUtf8 = true;
    if (c.rawBase64 !== undefined && keep) frame.rawBase64 = c.rawBase64;
    if (!keep) frame.textDropped = true;
    if (c.meta) frame.meta = c.meta;
    this.all.push(frame);
    this.batch.push(frame);
    this.timer ??= setTimeout(this.flushBatch, BATCH_MS);
    return frame;
  }

  /** Before the end of the server, the last lines whose text was dropped (see budget.ts). */
  private repeatTail(c: Crossing): void {
    const meta = c.meta as LifecycleMeta | undefined;
    if (meta?.event !== 'exit' && meta?.event !== 'disconnect') return;
    const tail = this.budget!.takeTail();
    if (tail.length === 0) return;
    const fromSeq = tail[0].seq;
    const toSeq = tail[tail.length - 1].seq;
    this.record({
      dir: 'local', lane: 'lifecycle', ts: c.ts, size: 0, raw: tail.map((l) => l.text).join('\n'),
      meta: { transport: meta.transport, event: 'tail', fromSeq, toSeq, lines: tail.length },
    });
  }

  /** Every frame so far. The array only grows; callers must not mutate it. */
  frames(): readonly Frame[] {
    return this.all;
  }

  /** How much text is kept and what was dropped; undefined when the recorder has no budget. */
  usage(): BudgetUsage | undefined {
    return this.budget?.usage();
  }

  get lastSeq(): number {
    return this.all.length;
  }

  onFrames(fn: FramesListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Delivers the pending batch now (also used before a session reports that it ended). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.batch.length === 0) return;
    const out = this.batch;
    this.batch = [];
    for (const fn of this.listeners) fn(out);
  }
}
