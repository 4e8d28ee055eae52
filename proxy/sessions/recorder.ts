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
 *
 * With a disk writer (proxy/store), every crossing is also written there whole, numbered in the
 * order it crossed: the memory budget thins what the page is sent, never what is stored. The
 * frames that exist only because of the memory budget (`frame-limit`, `gap`, `tail`) are not
 * stored, so while nothing is thinned a frame has the same seq in memory and on disk, and past the
 * memory's frame limit the disk holds every frame the memory only counted.
 *
 * A recorder that does not hold its frames (`holds` false: a headless session whose every frame is
 * on disk, which no page reads back) numbers, stores and delivers each frame as above and then
 * lets it go: its memory does not grow with the session. It takes no budget (there is nothing to
 * thin), so its seqs are the disk's.
 *
 * Frames someone else numbered (a tap's, see frame-source.ts) are adopted, not recorded: they
 * keep their seq, so the meta that links them by seq (an HTTP message's `exchange`) still holds.
 * Nothing may then be slipped in between them, so past the frame limit the recorder writes its
 * `frame-limit` frame last and takes no more (its tail, too, comes after the last frame).
 */
import type { Frame, LifecycleMeta } from '../../lib/mcp/frame';
import { formatBytes } from '../../lib/text/bytes';
import type { Crossing } from '../transports/types';
import type { BudgetUsage, SessionBudget } from './budget';

type SessionTransport = 'stdio' | 'http';

/** Where every recorded crossing is also written (a stored session's writer). */
export interface FrameSink {
  append(frame: Frame): void;
}

/** A crossing as a frame of this seq, with its text or (`keep` false) without. */
function frameOf(c: Crossing, seq: number, keep: boolean): Frame {
  const frame: Frame = { seq, ts: c.ts, dir: c.dir, lane: c.lane, raw: keep ? c.raw : '', size: c.size };
  // An MCP App's bridge frame keeps its channel (lib/mcp/channel.ts), in memory and on disk.
  if (c.channel !== undefined) frame.channel = c.channel;
  if (c.truncated) frame.truncated = true;
  if (c.invalidUtf8) frame.invalidUtf8 = true;
  if (c.rawBase64 !== undefined && keep) frame.rawBase64 = c.rawBase64;
  if (!keep) frame.textDropped = true;
  if (c.meta) frame.meta = c.meta;
  return frame;
}

export type FramesListener = (frames: Frame[]) => void;

/** How long a recorded frame may wait for its listeners; see above. */
export const BATCH_MS = 4;

export class Recorder {
  /** The frames held, when the recorder holds them; see above. */
  private readonly all: Frame[] = [];
  /** Frames recorded: the seq of the last one, held or not. */
  private count = 0;
  private last?: Frame;
  private sessionTransport: SessionTransport = 'stdio';
  private batch: Frame[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<FramesListener>();
  /** Since the last `gap` frame: frames not kept, their bytes, and their transport's name. */
  private gap?: { frames: number; bytes: number; transport: 'stdio' | 'http' };
  private limitReached = false;
  /** Crossings written to the disk so far; the seq of the last one. */
  private stored = 0;

  private readonly flushBatch = () => this.flush();

  constructor(
    private readonly budget?: SessionBudget,
    private readonly disk?: FrameSink,
    private readonly holds = true,
  ) {
    if (!holds && (budget || !disk)) throw new Error('a recorder that holds no frames writes them to disk and takes no budget');
  }

  record(c: Crossing): Frame {
    const frame = this.recordInMemory(c);
    if (this.disk) this.store(c, frame);
    return frame;
  }

  /** The crossing whole, as the disk keeps it: the frame itself unless the budget thinned or
   *  renumbered it. */
  private store(c: Crossing, frame: Frame): void {
    const seq = ++this.stored;
    if (frame.seq === seq && !frame.textDropped) return this.disk!.append(frame);
    this.disk!.append(frameOf(c, seq, true));
  }

  private recordInMemory(c: Crossing): Frame {
    if (c.lane === 'lifecycle' && this.budget) {
      this.closeGap(c.ts);
      this.repeatTail(c);
    }
    const seq = this.count + 1;
    if (this.budget && !this.budget.keepsFrame(seq, c)) return this.notKept(c);
    const keep = this.budget ? this.budget.keepsText(seq, c) : true;
    const frame = frameOf(c, seq, keep);
    this.keep(frame);
    return frame;
  }

  /**
   * Keeps a frame numbered elsewhere as it is, but for its text when the budget drops it. Returns
   * why it was not kept: its seq does not follow the last one (the page holds frames until the
   * gap before them fills, so a session's seqs stay dense), or the frame limit was reached, in
   * which case a `frame-limit` frame ends the frames kept.
   */
  adopt(f: Frame): string | undefined {
    const seq = this.count + 1;
    if (f.seq !== seq) return `frame ${f.seq} of the recorded frames does not follow frame ${seq - 1}: they must be numbered 1, 2, 3 and so on`;
    if (this.budget && !this.budget.keepsFrame(seq, f)) {
      const limit = this.budget.maxFrames;
      const raw = `this session reached its limit of ${limit.toLocaleString('en-US')} frames: Loupe shows no more of it (the recording it follows holds them all)`;
      this.keep({ seq, dir: 'local', lane: 'lifecycle', ts: f.ts, size: 0, raw, meta: { transport: this.transportOf(f), event: 'frame-limit', limit } });
      return raw;
    }
    if (this.budget && !this.budget.keepsText(seq, f)) {
      const { rawBase64: _dropped, ...rest } = f;
      this.keep({ ...rest, raw: '', textDropped: true });
    } else {
      this.keep(f);
    }
    return undefined;
  }

  /** After the last adopted frame: the last words whose text the budget dropped (see budget.ts). */
  endAdopted(): void {
    const last = this.last;
    if (last && this.budget) this.tailAt(last.ts, this.transportOf(last));
  }

  /** A crossing past the frame limit: counted, handed back unnumbered, not kept. */
  private notKept(c: Crossing): Frame {
    const transport = this.transportOf(c);
    if (!this.limitReached) {
      this.limitReached = true;
      const limit = this.budget!.maxFrames;
      this.keep({
        seq: this.count + 1,
        dir: 'local',
        lane: 'lifecycle',
        ts: c.ts,
        size: 0,
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
    const at = ts ?? this.last?.ts ?? 0;
    this.keep({
      seq: this.count + 1,
      dir: 'local',
      lane: 'lifecycle',
      ts: at,
      size: 0,
      raw: `${gap.frames.toLocaleString('en-US')} frames (${formatBytes(gap.bytes)}) crossed here and were not kept: the session is at its frame limit`,
      meta: { transport: gap.transport, event: 'gap', frames: gap.frames, bytes: gap.bytes },
    });
  }

  /** The transport a frame-limit, gap or tail frame names: the frame's own, or for an MCP App's
   *  frame (whose meta names the app, not a transport) the session's, as its last frames said. */
  private transportOf(f: Pick<Frame, 'meta'>): SessionTransport {
    const t = f.meta?.transport;
    return t === 'stdio' || t === 'http' ? t : this.sessionTransport;
  }

  private keep(frame: Frame): void {
    const t = frame.meta?.transport;
    if (t === 'stdio' || t === 'http') this.sessionTransport = t;
    this.count++;
    this.last = frame;
    if (this.holds) this.all.push(frame);
    this.batch.push(frame);
    this.timer ??= setTimeout(this.flushBatch, BATCH_MS);
  }

  /** Before the end of the server, the last lines whose text was dropped (see budget.ts). */
  private repeatTail(c: Crossing): void {
    const meta = c.meta as LifecycleMeta | undefined;
    if (meta?.event === 'exit' || meta?.event === 'disconnect') this.tailAt(c.ts, meta.transport);
  }

  private tailAt(ts: number, transport: 'stdio' | 'http'): void {
    const tail = this.budget!.takeTail();
    if (tail.length === 0) return;
    const fromSeq = tail[0].seq;
    const toSeq = tail[tail.length - 1].seq;
    this.recordInMemory({
      dir: 'local',
      lane: 'lifecycle',
      ts,
      size: 0,
      raw: tail.map((l) => l.text).join('\n'),
      meta: { transport, event: 'tail', fromSeq, toSeq, lines: tail.length },
    });
  }

  /** Every frame so far (none when the recorder does not hold them). The array only grows;
   *  callers must not mutate it. */
  frames(): readonly Frame[] {
    return this.all;
  }

  /** How much text is kept and what was dropped; undefined when the recorder has no budget. */
  usage(): BudgetUsage | undefined {
    return this.budget?.usage();
  }

  get lastSeq(): number {
    return this.count;
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
