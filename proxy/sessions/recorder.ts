/**
 * Turns crossings into frames: dense 1-based sequence numbers, append-only. Listeners get frames
 * in small batches, coalesced per turn of the event loop (setImmediate), so a flood of lines
 * costs one emit per turn rather than one per line. A budget, when given, decides whether each
 * frame keeps its text (see budget.ts).
 */
import type { Frame, LifecycleMeta } from '../../lib/mcp/frame';
import type { Crossing } from '../transports/types';
import type { BudgetUsage, SessionBudget } from './budget';

export type FramesListener = (frames: Frame[]) => void;

export class Recorder {
  private readonly all: Frame[] = [];
  private batch: Frame[] = [];
  private scheduled = false;
  private readonly listeners = new Set<FramesListener>();

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
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
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
    this.scheduled = false;
    if (this.batch.length === 0) return;
    const out = this.batch;
    this.batch = [];
    for (const fn of this.listeners) fn(out);
  }
}
