/**
 * Turns crossings into frames: dense 1-based sequence numbers, append-only. Listeners get frames
 * in batches, at most every BATCH_MS: recording a frame is an array push, and nothing else runs
 * on the path of the message that crossed (a ping through Loupe's client records two frames, and
 * one emit per turn for each cost it an extra turn of the event loop). The pages' stream batches
 * every 16 ms anyway; a session that ends or closes delivers what is pending at once (flush). A
 * budget, when given, decides whether each frame keeps its text, and whether it is kept at all
 * (see budget.ts).
 *
 * Past the budget's frame limit a crossing is still turned into a Frame and handed back (Loupe's
 * own client must still read the answers of a flooding server), but with seq 0, and it is neither
 * stored nor delivered: the frames kept stay dense. What was not kept is written down, never
 * lost silently: a `frame-limit` lifecycle frame where the limit was reached, and a `gap` frame
 * with the count of frames and bytes not kept before the next lifecycle frame (an exit, a signal)
 * and when the recording ends (`closeGap`).
 */
import type { Frame, LifecycleMeta } from '../../lib/mcp/frame';
import { formatBytes } from '../../lib/text/bytes';
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
  /** Since the last `gap` frame: frames not kept, their bytes, and their transport's name. */
  private gap?: { frames: number; bytes: number; transport: 'stdio' | 'http' };
  private limitReached = false;

  private readonly flushBatch = () => this.flush();

  constructor(private readonly budget?: SessionBudget) {}

  record(c: Crossing): Frame {
    if (c.lane === 'lifecycle' && this.budget) {
      this.closeGap(c.ts);
      this.repeatTail(c);
    }
    const seq = this.all.length + 1;
    if (this.budget && !this.budget.keepsFrame(seq, c)) return this.notKept(c);
    const keep = this.budget ? this.budget.keepsText(seq, c) : true;
    const frame: Frame = { seq, ts: c.ts, dir: c.dir, lane: c.lane, raw: keep ? c.raw : '', size: c.size };
    if (c.truncated) frame.truncated = true;
    if (c.invalidUtf8) frame.invalidUtf8 = true;
    if (c.rawBase64 !== undefined && keep) frame.rawBase64 = c.rawBase64;
    if (!keep) frame.textDropped = true;
    if (c.meta) frame.meta = c.meta;
    this.keep(frame);
    return frame;
  }

  /** A crossing past the frame limit: counted, handed back unnumbered, not kept. */
  private notKept(c: Crossing): Frame {
    const transport = c.meta && 'transport' in c.meta ? c.meta.transport : 'stdio';
    if (!this.limitReached) {
      this.limitReached = true;
      const limit = this.budget!.maxFrames;
      this.keep({
        seq: this.all.length + 1, dir: 'local', lane: 'lifecycle', ts: c.ts, size: 0,
        raw: `this session reached its limit of ${limit.toLocaleString('en-US')} frames: from here frames are counted, not kept (a gap frame says how many)`,
        meta: { transport, event: 'frame-limit', limit },
      });
    }
    this.gap ??= { frames: 0, bytes: 0, transport };
    this.gap.frames++;
    this.gap.bytes += c.size;
    return { ...c, seq: 0 } as Frame;
  }

  /** Writes down the frames not kept since the last gap frame, if any (also when a recording ends). */
  closeGap(ts?: number): void {
    const gap = this.gap;
    if (!gap) return;
    this.gap = undefined;
    const at = ts ?? this.all[this.all.length - 1]?.ts ?? 0;
    this.keep({
      seq: this.all.length + 1, dir: 'local', lane: 'lifecycle', ts: at, size: 0,
      raw: `${gap.frames.toLocaleString('en-US')} frames (${formatBytes(gap.bytes)}) crossed here and were not kept: the session is at its frame limit`,
      meta: { transport: gap.transport, event: 'gap', frames: gap.frames, bytes: gap.bytes },
    });
  }

  private keep(frame: Frame): void {
    this.all.push(frame);
    this.batch.push(frame);
    this.timer ??= setTimeout(this.flushBatch, BATCH_MS);
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
