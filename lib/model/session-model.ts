/**
 * The one model of a session: every view, export and the CLI read their facts here, so the same
 * frames tell the same story everywhere. Frames go in (append-only, incremental); each message
 * frame is parsed ONCE: that value classifies it for the tables and feeds the analyser, which only
 * confirms by a light scan that no key was repeated (the strict reader runs only where needed:
 * text JSON.parse refuses, or a repeated key to locate). Pairs, progress and cancellation come from the analyser's CallIndex
 * (lib/mcp/calls.ts holds the policy for reused ids), HTTP exchanges from one builder.
 *
 * Exchanges follow every `append` at once. A frame is classified the first time anything asks
 * (`classifiedAt`, `classifiedOf`: a table row being drawn) or when the analyser reaches it,
 * whichever comes first, never twice: a 100,000-frame snapshot goes in without parsing 100,000
 * messages before its newest row can be drawn, and every frame is still classified (and judged)
 * once the analyser caught up. The analyser may run behind in budgeted slices (`advance`) so that a
 * 100,000-frame file or snapshot never blocks a page; `analysed` says how far it got. A live session's wire clock moves
 * between frames (`tick`); `finish()` ends the session: pending stdio lines are judged and no
 * clock tick follows.
 *
 * Facts are keyed by channel (lib/mcp/channel.ts): `calls` and `state` are the session channel's,
 * `callsOf(channel)` an MCP App's, and `forwards` links an app's forwarded request to the session
 * request the host sent for it.
 */
import type { Frame, Framing } from '../mcp/frame';
import { classifyValue, type Classified } from '../mcp/classify';
import { DEFAULT_TIMEOUT_MS, type Call, type CallIndex } from '../mcp/calls';
import { confirmStrict, parseJson, readStrictly, UNPARSED, type StrictJson } from '../mcp/strict-json';
import { createAnalyzer, type Analyzer, type AnalysisState, type AnalyzerOptions, type Annotation } from '../analyze';
import { HttpExchanges } from '../mcp/http-exchanges';
import type { EraTracker } from '../mcp/era';
import { Forwards, type ForwardLink } from './forwards';

export type ModelSource = 'live' | 'file';

export interface SessionModelOptions extends AnalyzerOptions {
  /** `live`: frames stream in and may arrive out of order or twice (snapshot and live batches
   *  race); `file`: a finished trace whose seqs only increase but may skip (an exported selection). */
  source?: ModelSource;
}

const OTHER: Classified = { kind: 'other' };

function classifyParsed(p: StrictJson): Classified {
  if (p.value === undefined) return { kind: 'invalid', problem: `not JSON: ${p.error?.message ?? 'unreadable'}` };
  return classifyValue(p.value);
}

export class SessionModel {
  readonly source: ModelSource;
  /** In seq order: frames[seq - 1] while dense; a sparse file looks positions up in `positions`. */
  readonly frames: Frame[] = [];
  /** classes[i] belongs to frames[i]; undefined until first asked for (`classifiedOf`). */
  private readonly classes: (Classified | undefined)[] = [];
  readonly exchanges = new HttpExchanges();
  /** Replaced (never appended in place) whenever it grows, so memoised views notice. */
  annotations: Annotation[] = [];
  /** Frames the analyser has judged so far. */
  analysed = 0;
  /** Bumped on every change, for memoised views. */
  version = 0;
  private positions?: Map<number, number>;
  /** Frames that arrived ahead of a gap (live only), held until the gap fills. */
  private readonly early = new Map<number, Frame>();
  /** The strict reading of frames JSON.parse refused, by position, until analysed. */
  private readonly pending: (StrictJson | undefined)[] = [];
  private readonly analyzer: Analyzer;
  /** The app channels seen so far, in the order of their first frames; replaced when one is added. */
  appChannels: readonly string[] = [];
  /** Forwarded calls: an app's request and the session's request the host sent for it. */
  private readonly forwards = new Forwards();
  private ended = false;
  /** The session's request timeout the analyser judges `timing.no-response` with (ms): views that
   *  mark a request as hung (the waterfall) read it here so they say what Annotations say. */
  readonly timeoutMs: number;
  /** The framing the source declared (a trace file's header, a tap), when it did: a copy of this
   *  model (a comparison) is judged with it, as the CLI judges the file. */
  readonly framing?: Framing;

  constructor(options: SessionModelOptions = {}) {
    const { source = 'live', ...analyzer } = options;
    this.source = source;
    this.timeoutMs = analyzer.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.framing = analyzer.framing;
    this.analyzer = createAnalyzer({ ...analyzer, exchanges: this.exchanges });
  }

  /** True until `finish()`: the wire clock still runs. */
  get live(): boolean {
    return !this.ended;
  }

  get state(): AnalysisState {
    return this.analyzer.state();
  }

  /** The era of every message and of the server (docs/eras.md), and where the conversation changed era. */
  get eras(): EraTracker {
    return this.analyzer.state().eras;
  }

  /** The session channel's calls (an app's are `callsOf(channel)`). */
  get calls(): CallIndex {
    return this.analyzer.state().calls;
  }

  /** The calls of a channel: the session's (undefined) or an app's; undefined for an app channel
   *  not analysed yet. */
  callsOf(channel: string | undefined): CallIndex | undefined {
    return this.analyzer.channelState(channel)?.calls;
  }

  /** The forwarded call a request frame is part of (the app's request or the host's), once analysed. */
  forwardAt(seq: number): ForwardLink | undefined {
    return this.forwards.at(seq);
  }

  get caughtUp(): boolean {
    return this.analysed === this.frames.length;
  }

  /**
   * Adds frames, idempotent by seq. Live: a frame already held is skipped and a frame past a gap
   * waits until the frames before it arrive, so a snapshot and live batches covering the same range
   * in any interleaving leave each seq exactly once, in order. File: seqs only increase.
   * Returns true when anything was added.
   */
  append(frames: readonly Frame[]): boolean {
    const before = this.frames.length;
    if (this.source === 'file') {
      for (const f of frames) {
        const last = this.frames[this.frames.length - 1];
        if (last && f.seq <= last.seq) continue;
        if (!this.positions && f.seq !== this.frames.length + 1) this.positions = new Map(this.frames.map((x, i) => [x.seq, i]));
        this.positions?.set(f.seq, this.frames.length);
        this.take(f);
      }
    } else {
      for (const f of frames) {
        const have = this.frames.length;
        if (f.seq <= have || this.early.has(f.seq)) continue;
        if (f.seq > have + 1) {
          this.early.set(f.seq, f);
          continue;
        }
        this.take(f);
        for (let next = this.early.get(this.frames.length + 1); next; next = this.early.get(this.frames.length + 1)) {
          this.early.delete(next.seq);
          this.take(next);
        }
      }
    }
    if (this.frames.length === before) return false;
    this.version++;
    return true;
  }

  /** Analyses pending frames until `budgetMs` of `clock` time is spent (all of them without a
   *  budget). Returns true when annotations were added. */
  advance(budgetMs = Infinity, clock: () => number = () => 0): boolean {
    const deadline = budgetMs === Infinity ? Infinity : clock() + budgetMs;
    const found: Annotation[] = [];
    while (this.analysed < this.frames.length) {
      const i = this.analysed;
      const parsed = this.strictAt(i);
      this.analysed++;
      // Only frames JSON.parse refused have a reading held here; the rest never grow the list.
      if (i < this.pending.length) this.pending[i] = undefined;
      for (const a of this.analyzer.push(this.frames[i], parsed)) found.push(a);
      this.linkForward(i);
      // Checking the clock every 64 frames keeps its cost out of the loop.
      if ((this.analysed & 63) === 0 && deadline !== Infinity && clock() >= deadline) break;
    }
    if (this.analysed === this.frames.length) this.pending.length = 0;
    return this.add(found);
  }

  /** The wire clock reached `nowUs` with no frame: a live session's overdue requests are judged.
   *  Does nothing while the analyser is behind (the frames still to come carry the time) or once
   *  the session ended. Returns true when annotations were added. */
  tick(nowUs: number): boolean {
    if (this.ended || !this.caughtUp) return false;
    return this.add(this.analyzer.finish(nowUs));
  }

  /** The session ended (the process exited, the file was read whole): everything pending is
   *  judged, end-of-trace rules run, and the clock stops. Idempotent. */
  finish(): boolean {
    if (this.ended) return false;
    const more = this.advance();
    this.ended = true;
    const end = this.add(this.analyzer.finish());
    if (!more && !end) this.version++;
    return true;
  }

  /** True for a file that holds part of a session (its seqs skip: a selection or time range). */
  get partial(): boolean {
    return this.positions !== undefined;
  }

  /** Where the frame with this seq sits in `frames` (-1 when the model does not hold it). */
  positionOf(seq: number): number {
    const i = this.positions ? (this.positions.get(seq) ?? -1) : seq - 1;
    return i >= 0 && i < this.frames.length ? i : -1;
  }

  frameAt(seq: number): Frame | undefined {
    return this.frames[this.positionOf(seq)];
  }

  classifiedAt(seq: number): Classified | undefined {
    const i = this.positionOf(seq);
    return i < 0 ? undefined : this.classifiedOf(i);
  }

  /** The classification of frames[i], made on the first call (by position; frames[i] must exist). */
  classifiedOf(i: number): Classified {
    return this.classes[i] ?? this.classify(i);
  }

  /** The call a frame belongs to, from its request or its response (once analysed), on the frame's own channel. */
  callAt(seq: number): Call | undefined {
    const f = this.frameAt(seq);
    return f && this.callsOf(f.channel)?.callAt(seq);
  }

  private take(f: Frame): void {
    if (f.channel !== undefined && !this.appChannels.includes(f.channel)) this.appChannels = [...this.appChannels, f.channel];
    this.frames.push(f);
    // A hole, not a parse: the frame is classified when first needed (see the file's comment).
    this.classes.push(undefined);
    this.exchanges.push(f);
  }

  /** One reading per frame: JSON.parse classifies it; the analyser later only confirms that
   *  nothing was hidden (`confirmStrict`, a scan for repeated keys). Text JSON.parse refuses is
   *  read by the full strict reader at once, for the classification's reason, and kept for the
   *  analyser. */
  private classify(i: number): Classified {
    const f = this.frames[i];
    let c = OTHER;
    if (f.lane === 'message') {
      const raw = typeof f.raw === 'string' ? f.raw : String(f.raw);
      const value = parseJson(raw);
      if (value !== UNPARSED) c = classifyValue(value);
      else {
        const parsed = readStrictly(raw);
        // Only until analysed: a frame the analyser already passed never needs it again.
        if (i >= this.analysed) this.pending[i] = parsed;
        c = classifyParsed(parsed);
      }
    }
    this.classes[i] = c;
    return c;
  }

  /** The strict reading the analyser gets for frame `i` (undefined off the message lane). */
  private strictAt(i: number): StrictJson | undefined {
    const f = this.frames[i];
    const c = this.classifiedOf(i);
    if (f.lane !== 'message' || f.dir === 'local') return undefined;
    return this.pending[i] ?? confirmStrict(typeof f.raw === 'string' ? f.raw : String(f.raw), c.json);
  }

  /** After frames[i] was analysed: an app's request the host may forward, or the host's request
   *  that forwards one (forwards.ts says how they are matched). */
  private linkForward(i: number): void {
    const f = this.frames[i];
    // Without an app (so far) nothing can be forwarded: a session without apps pays nothing here.
    if (this.appChannels.length === 0 || f.lane !== 'message' || f.dir !== 'c2s') return;
    this.forwards.link(f, this.classifiedOf(i), (channel) => this.callsOf(channel));
  }

  private add(found: Annotation[]): boolean {
    if (found.length === 0) return false;
    this.annotations = this.annotations.concat(found);
    this.version++;
    return true;
  }
}

/** A finished list of frames, wholly analysed: what the CLI and the exports read. */
export function modelOf(frames: readonly Frame[], options: AnalyzerOptions = {}): SessionModel {
  const model = new SessionModel({ ...options, source: 'file' });
  model.append(frames);
  model.finish();
  return model;
}

/** How many frames `handshakeVersionOf` analyses between two looks at the state. */
const HANDSHAKE_SLICE = 16;

/**
 * The version a session's frames settled on, as the session model reads it (the `initialize`
 * result, or a modern request's `_meta`), analysing only until it is known: the handshake is near
 * the start, so an export's header costs a few frames, not the whole session. For the proxy,
 * which holds frames but no model, where the page reads the same fact off its model.
 */
export function handshakeVersionOf(frames: readonly Frame[]): string | undefined {
  const model = new SessionModel({ source: 'file' });
  for (let i = 0; i < frames.length && model.state.negotiatedVersion === undefined; i += HANDSHAKE_SLICE) {
    model.append(frames.slice(i, i + HANDSHAKE_SLICE));
    model.advance();
  }
  return model.state.negotiatedVersion;
}
