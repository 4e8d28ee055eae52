/**
 * A live session's request/response pairs in memory that does not grow with the session: what the
 * live OpenTelemetry export (proxy/telemetry) reads. Frames go through the same analyser, read the
 * same way, as SessionModel's (so the pairing policy is the one of lib/mcp/calls.ts, the forwarded
 * calls of MCP Apps are linked by forwards.ts, and the negotiated version is the analyser's), in
 * the same live order (a frame already taken is skipped; one past a gap waits until the gap fills).
 * Then each frame is handed to the reader with its JSON (`judged`) and let go: nothing here keeps
 * frames, the analyser keeps per-message facts of requests only, as BoundedModel's does, and an
 * HTTP exchange (which holds the first frame of each body and counts the rest, so a GET stream open
 * for days stays small) goes once its `end` frame was judged. A reader done with
 * the calls that are over says so (`release`), and they are let go too.
 */
import type { Frame } from '../mcp/frame';
import type { Call, CallIndex } from '../mcp/calls';
import { createAnalyzer, type AnalysisState } from '../analyze';
import { HttpExchanges, exchangeIdOf } from '../mcp/http-exchanges';
import { readFrame } from './bounded-model';
import { Forwards, type ForwardLink } from './forwards';

/** Called once per frame, in seq order, after the analyser judged it: `json` is its message. */
export type FrameJudged = (frame: Frame, json: unknown) => void;

export class LivePairs {
  /** HTTP exchanges, fed here so that each is let go once its `end` frame was judged. */
  private readonly exchanges = new HttpExchanges('first', true);
  /** The analyser's findings are not kept: the export reads pairs, not findings. */
  private readonly analyzer = createAnalyzer({ requestsOnly: true, exchanges: this.exchanges });
  private readonly forwards = new Forwards();
  /** The app channels seen so far, in the order of their first frames. */
  appChannels: readonly string[] = [];
  /** How many frames were taken: the next one expected is `taken + 1`. */
  private taken = 0;
  /** Frames that arrived ahead of a gap, held until the gap fills. */
  private readonly early = new Map<number, Frame>();
  /** The wire time of the last frame taken (µs): where a request never answered ends. */
  lastTs = 0;
  private ended = false;

  constructor(private readonly judged: FrameJudged) {}

  get state(): AnalysisState {
    return this.analyzer.state();
  }

  /** The calls of a channel: the session's (undefined) or an app's; undefined for an app channel not seen yet. */
  callsOf(channel: string | undefined): CallIndex | undefined {
    return this.analyzer.channelState(channel)?.calls;
  }

  /** The forwarded call a request frame is part of (the app's request or the host's). */
  forwardAt(seq: number): ForwardLink | undefined {
    return this.forwards.at(seq);
  }

  /** Adds frames, idempotent by seq, as SessionModel's live source does. Returns true when any was taken. */
  append(frames: readonly Frame[]): boolean {
    const before = this.taken;
    for (const f of frames) {
      if (this.ended || f.seq <= this.taken || this.early.has(f.seq)) continue;
      if (f.seq > this.taken + 1) {
        this.early.set(f.seq, f);
        continue;
      }
      this.take(f);
      for (let next = this.early.get(this.taken + 1); next; next = this.early.get(this.taken + 1)) {
        this.early.delete(next.seq);
        this.take(next);
      }
    }
    return this.taken > before;
  }

  /** The session ended: pending stdio lines are judged (a reassembled message may answer a call). Idempotent. */
  finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.analyzer.finish();
  }

  /** Lets go of every call that is over, on every channel, and of their forward links; once the
   *  session ended, of every call. Returns the calls let go: those that ended since the last release.
   *  Costs what it lets go of, never what is still open (tens of thousands of calls may be). */
  release(): Call[] {
    const out: Call[] = [];
    for (const channel of [undefined, ...this.appChannels]) {
      for (const c of this.callsOf(channel)?.release(this.ended) ?? []) {
        // A link is read when the host's request starts its span: once either call is over, it is done with.
        this.forwards.forget(c.seq);
        out.push(c);
      }
    }
    return out;
  }

  /** What is held that grows with the session, for tests: frames waiting on a gap, calls and HTTP exchanges not let go. */
  held(): { frames: number; calls: number; exchanges: number } {
    let calls = 0;
    for (const channel of [undefined, ...this.appChannels]) calls += this.callsOf(channel)?.size ?? 0;
    return { frames: this.early.size, calls, exchanges: this.exchanges.all.length };
  }

  private take(f: Frame): void {
    this.taken = f.seq;
    this.lastTs = f.ts;
    if (f.channel !== undefined && !this.appChannels.includes(f.channel)) this.appChannels = [...this.appChannels, f.channel];
    const { classified, strict } = readFrame(f);
    this.exchanges.push(f);
    this.analyzer.push(f, strict);
    if (f.lane === 'http' && f.meta?.transport === 'http' && f.meta.phase === 'end') this.exchanges.release(exchangeIdOf(f) ?? -1);
    if (this.appChannels.length > 0) this.forwards.link(f, classified, (channel) => this.callsOf(channel));
    this.judged(f, classified.json);
  }
}
