/**
 * A finished trace judged in bounded memory, for `loupe check` of a file of any length. Frames go
 * through the same analyser, read the same way as SessionModel reads them (one JSON.parse, then a
 * scan that confirms no key was repeated), and are let go once judged: the model keeps the
 * analyser's state (open calls, the handshake, capabilities, counters), the annotations, and only
 * the frames and readings that the gates and the connection doctor quote afterwards:
 *
 * - the last TAIL frames (the doctor reads why a process ended from its last stderr lines);
 * - the first server frames of each lane and phase until the first valid JSON-RPC message from
 *   the server, and the first spawn (which layers the traffic reached);
 * - the readings of answers the gates and the doctor open: listings (tools/list and the other
 *   listings: offered items, the listing's size), the first -32602 refusals and tool results
 *   marked isError the doctor quotes (the rest counted: toolErrorCount, invalidParamsCount);
 *   and the method of each HTTP request (which request an HTTP refusal refused);
 * - of each HTTP exchange, its head and the first frame each body carried (the doctor quotes the
 *   first), the rest counted: a GET stream may carry millions of events.
 *
 * So `frames` here is that short list in seq order, not the trace; `frameCount` is the trace's
 * length. Every reader of a finished model the CLI judges (lib/doctor, lib/gates, lib/diff's
 * offered items) takes a `JudgedModel`, which both models are, and reads the same facts from each.
 */
import type { Frame } from '../mcp/frame';
import { classifyValue, type Classified } from '../mcp/classify';
import { DEFAULT_TIMEOUT_MS, type Call, type CallIndex } from '../mcp/calls';
import { confirmStrict, parseJson, readStrictly, UNPARSED, type StrictJson } from '../mcp/strict-json';
import { createAnalyzer, type Analyzer, type AnalysisState, type AnalyzerOptions, type Annotation } from '../analyze';
import { HttpExchanges, exchangeIdOf, type HttpExchange } from '../mcp/http-exchanges';
import type { Era } from '../mcp/era';
import type { SessionModel } from './session-model';
import { emptySettled, releaseAtEnd, releaseSettled, type SettledExchanges } from './settled-exchanges';

/** What the CLI's readers of a finished model read: SessionModel and BoundedModel both offer it.
 *  `toolErrorCount`, `invalidParamsCount`: how many tool calls answered with an isError, and how
 *  many requests (initialize aside) were refused with -32602, when the model keeps only the first
 *  few of each whole (BoundedModel); absent, the doctor counts them in `calls`. */
export type JudgedModel = Pick<SessionModel, 'annotations' | 'frames' | 'classifiedOf' | 'classifiedAt' | 'calls' | 'exchanges' | 'live' | 'state'> & {
  readonly toolErrorCount?: number;
  readonly invalidParamsCount?: number;
  /** The accepted HTTP exchanges a bounded model let go of (settled-exchanges.ts). */
  readonly settledExchanges?: SettledExchanges;
  /** How many annotations of each rule there were, when `annotations` lists only the first of each
   *  (a `loupe check` of a file: proxy/cli/check/finding-tally.ts); absent, it lists them all. */
  readonly annotationCounts?: ReadonlyMap<string, number>;
};

/** How many of the last frames are kept: as far back as the doctor reads stderr (stderrReason). */
const TAIL = 500;
/**
 * With `compact`, answered calls are let go of every this many frames at the most: often enough
 * that most calls are let go of before the engine's young generation has copied them twice and
 * moved them to the old one (whose collections cost a long trace's judge more than the
 * compaction). A compaction reads every call and exchange still held, so while many are held
 * (calls that stay open, or are kept whole), it waits for a quarter as many frames as there are:
 * it reads at most four of them a frame however many that is.
 */
const COMPACT_EVERY = 2_000;
/** The requests the doctor takes for a handshake (lib/doctor/reach.ts). */
const HANDSHAKE = new Set(['initialize', 'server/discover']);

const OTHER: Classified = { kind: 'other' };
const LISTINGS = new Set(['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']);
const INVALID_PARAMS = -32602;
/** How many tool errors, and -32602 refusals, the doctor quotes (lib/doctor/from-calls.ts): the rest it counts. */
const QUOTED_OF_A_KIND = 3;

interface Kept {
  frame: Frame;
  classified: Classified;
}

/** A valid JSON-RPC message: where the doctor stops looking for the layers reached. */
const isJsonRpc = (c: Classified) => c.kind !== 'invalid' && c.kind !== 'other';

function resultOf(c: Classified): unknown {
  const json = c.json as { result?: unknown } | undefined;
  return typeof json === 'object' && json !== null ? json.result : undefined;
}

export class BoundedModel implements JudgedModel {
  readonly exchanges: HttpExchanges;
  /** The annotations not yet taken: a judge of any length takes them as it goes and empties this
   *  (proxy/store/findings.ts), and may leave the first of each rule with their counts for the doctor. */
  annotations: Annotation[] = [];
  annotationCounts?: ReadonlyMap<string, number>;
  /** Frames judged: the trace's length. */
  frameCount = 0;
  readonly timeoutMs: number;
  private readonly analyzer: Analyzer;
  private ended = false;
  private lastSeq = 0;
  /** The last TAIL frames and their readings, as a ring (two arrays: no object per frame):
   *  `tailAt` is where the next one goes. */
  private readonly tailFrames: Frame[] = [];
  private readonly tailClasses: Classified[] = [];
  private tailAt = 0;
  /** The first server frames until the first valid message from the server, and the first spawn. */
  private readonly opening: Kept[] = [];
  private readonly openingKinds = new Set<string>();
  private reachedJsonRpc = false;
  private spawnSeen = false;
  /** Readings of frames the gates and the doctor open after the trace was judged, by seq. */
  private readonly quoted = new Map<number, Classified>();
  /** The tool calls answered with an isError, and the requests refused with -32602, whose answers
   *  are quoted: the first few of each by request seq (what the doctor quotes), however many there
   *  were; the counts count them all. */
  private readonly toolErrors: Call[] = [];
  private readonly refusals: Call[] = [];
  toolErrorCount = 0;
  invalidParamsCount = 0;
  /** With `compact: 'report'`, what the doctor reads of the exchanges let go of. */
  readonly settledExchanges: SettledExchanges = emptySettled();
  private merged?: Kept[];
  /** With `compact`, how many frames between two compactions of the calls; 0: never. */
  private readonly compactEvery: number;
  /** Frames until the next compaction (see COMPACT_EVERY). */
  private toCompaction: number;
  private readonly compact?: 'findings' | 'report';
  /** With `compact: 'report'`, the first answered call of each method that was not an error. */
  private readonly firstAnswered = new Map<string, Call>();

  /**
   * `compact`: answered calls are let go of as the trace goes (CallIndex.compactAnswered), so a trace
   * of millions of requests is judged in memory that does not grow with them, with the same
   * findings; `calls` then holds only those not let go of.
   * - `findings`: for a judge that reads only `annotations` (a stored session's findings): no
   *   answer is kept for a later reader, and each HTTP exchange is let go once its `end` frame
   *   was judged (nothing belongs to it after that).
   * - `report`: for `loupe check` without latency budgets: the calls the doctor, the interface
   *   baseline and the tools-size gate read again stay whole (listings, handshakes, the first tool
   *   calls whose result was an isError and -32602 refusals the doctor quotes, and the first
   *   answered call of each method, for the layers reached). A budget reads every call's latency, so a check with one does not
   *   compact. An HTTP exchange accepted with its calls answered goes at its end (releaseAtEnd),
   *   the rest at compactions.
   * Either way a call holds only the facts of its params read after its request (a tool's name,
   * a resource's URI: lib/analyze/kept-params.ts), so tool calls are let go of like any other.
   * `compactEvery` (tests): how often, in frames.
   */
  constructor({
    compact,
    compactEvery = COMPACT_EVERY,
    ...options
  }: Omit<AnalyzerOptions, 'exchanges' | 'requestsOnly' | 'slimCalls'> & { compact?: 'findings' | 'report'; compactEvery?: number } = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.compact = compact;
    this.compactEvery = compact ? compactEvery : 0;
    this.toCompaction = this.compactEvery;
    // Only the report's doctor reads an exchange once it ended.
    // Judging findings only, each exchange goes once ended; for the report, once the doctor cannot quote it.
    this.exchanges = new HttpExchanges('first', compact !== undefined);
    this.analyzer = createAnalyzer({ ...options, exchanges: this.exchanges, requestsOnly: true, slimCalls: true });
  }

  get live(): boolean {
    return !this.ended;
  }

  get state(): AnalysisState {
    return this.analyzer.state();
  }

  get calls(): CallIndex {
    return this.analyzer.state().calls;
  }

  /** Judges frames in seq order (a file's seqs only increase; a frame at or below the last one is
   *  skipped, as SessionModel skips it). */
  append(frames: readonly Frame[]): void {
    for (const f of frames) {
      if (f.seq <= this.lastSeq) continue;
      this.lastSeq = f.seq;
      this.take(f);
    }
  }

  /** The end of the trace: pending stdio lines are judged and end-of-trace rules run. */
  finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.add(this.analyzer.finish());
  }

  /** The kept frames, in seq order (see the file's comment): not the trace. */
  get frames(): Frame[] {
    return this.keptFrames().map((k) => k.frame);
  }

  classifiedOf(i: number): Classified {
    return this.keptFrames()[i].classified;
  }

  classifiedAt(seq: number): Classified | undefined {
    const q = this.quoted.get(seq);
    if (q) return q;
    return this.keptFrames().find((k) => k.frame.seq === seq)?.classified;
  }

  private take(f: Frame): void {
    this.frameCount++;
    this.merged = undefined;
    this.exchanges.push(f);
    const { classified, strict } = readFrame(f);
    this.add(this.analyzer.push(f, strict));
    this.keep(f, classified);
    // Nothing belongs to an exchange after its end (HttpExchanges.push): only the report's doctor reads it again.
    if (this.compact === 'findings' && f.lane === 'http' && f.meta?.transport === 'http' && f.meta.phase === 'end')
      this.exchanges.release(exchangeIdOf(f) ?? -1);
    if (this.compact === 'report' && f.lane === 'http' && f.meta?.transport === 'http' && f.meta.phase === 'end') this.settleAtEnd(f);
    if (this.compactEvery > 0 && --this.toCompaction === 0) {
      const { calls, eras } = this.analyzer.state();
      calls.compactAnswered(
        (seq) => eras.forget(seq),
        (seq, era) => eras.remember(seq, era as Era | undefined),
        this.compact === 'report' ? this.readAgain : undefined,
      );
      if (this.compact === 'report') for (const ex of releaseSettled(this.exchanges, calls, this.settledExchanges, this.methodOf)) this.forgetSent(ex);
      this.toCompaction = Math.max(this.compactEvery, Math.ceil((calls.all.length + this.exchanges.all.length) / 4));
    }
  }

  /** The method of the first request an exchange carried (quoted as its request was judged). */
  private readonly methodOf = (ex: HttpExchange): string => this.quoted.get(ex.sent[0].seq)?.method ?? 'a message';

  /** At an exchange's end, for the report: it goes at once when only its answers decide (releaseAtEnd). */
  private settleAtEnd(end: Frame): void {
    const ex = this.exchanges.get(exchangeIdOf(end) ?? -1);
    if (ex && releaseAtEnd(ex, this.exchanges, this.calls, this.settledExchanges, this.methodOf)) this.forgetSent(ex);
  }

  /** The method of each request an exchange let go of carried goes with it (an answer quoted for a refusal stays). */
  private forgetSent(ex: HttpExchange): void {
    for (const sent of ex.sent) {
      const kind = this.quoted.get(sent.seq)?.kind;
      if (kind === 'request' || kind === 'notification') this.quoted.delete(sent.seq);
    }
  }

  /** Whether the report reads this answered call again (see the constructor), so it stays whole. */
  private readonly readAgain = (c: Call): boolean => {
    // The doctor quotes the first tool calls whose result was an isError, and the first -32602
    // refusals (their answers are quoted while they are among the first: `keep`).
    if ((c.method === 'tools/call' || c.errorCode === INVALID_PARAMS) && c.responseSeq !== undefined && this.quoted.has(c.responseSeq)) return true;
    if (LISTINGS.has(c.method) || HANDSHAKE.has(c.method)) return true;
    if (c.isError) return false;
    const first = this.firstAnswered.get(c.method);
    if (first) return first === c;
    this.firstAnswered.set(c.method, c);
    return true;
  };

  private add(found: Annotation[]): void {
    for (const a of found) this.annotations.push(a);
  }

  private keep(frame: Frame, classified: Classified): void {
    this.tailFrames[this.tailAt] = frame;
    this.tailClasses[this.tailAt] = classified;
    this.tailAt = this.tailAt + 1 === TAIL ? 0 : this.tailAt + 1;
    if (!this.reachedJsonRpc) this.keepOpening({ frame, classified });
    // A judge of findings only reads no answer again.
    if (this.compact === 'findings') return;
    const kind = classified.kind;
    if (kind === 'response' || kind === 'error') {
      // A batch's answers, or one reassembled from several lines, are not read again: their
      // frames hold no single answer (see JudgedModel's readers).
      const call = this.calls.callAt(frame.seq);
      if (call && call.responseSeq === frame.seq && quotedAnswer(call, classified)) {
        this.quoted.set(frame.seq, classified);
        if (isToolError(call)) {
          this.toolErrorCount++;
          this.keepFirst(this.toolErrors, call);
        } else if (call.errorCode === INVALID_PARAMS && call.method !== 'initialize') {
          this.invalidParamsCount++;
          this.keepFirst(this.refusals, call);
        }
      }
    } else if (classified.method !== undefined && frame.dir === 'c2s' && frame.meta?.transport === 'http') {
      this.quoted.set(frame.seq, { kind, method: classified.method });
    }
  }

  /** Keeps an answer quoted (a tool error, a refusal) while its call is among the first few of its
   *  kind by request seq (answers come in any order), and lets the one it displaces go: a session
   *  of many holds a few and their count. */
  private keepFirst(list: Call[], call: Call): void {
    list.push(call);
    list.sort((a, b) => a.seq - b.seq);
    if (list.length <= QUOTED_OF_A_KIND) return;
    const out = list.pop()!;
    this.quoted.delete(out.responseSeq!);
  }

  /** Enough of the opening for the doctor's walk to the first valid server message: the first frame
   *  of each kind it tells apart, so the layers it finds reached are the ones the whole trace shows. */
  private keepOpening(kept: Kept): void {
    const f = kept.frame;
    if (f.lane === 'lifecycle' && f.meta?.transport === 'stdio' && f.meta.event === 'spawn' && !this.spawnSeen) {
      this.spawnSeen = true;
      this.opening.push(kept);
      return;
    }
    if (f.dir !== 's2c') return;
    const valid = f.lane === 'message' && isJsonRpc(kept.classified);
    const phase = f.meta?.transport === 'http' && 'phase' in f.meta ? String(f.meta.phase) : '';
    const kind = `${f.lane}|${phase}`;
    if (!valid && this.openingKinds.has(kind)) return;
    this.openingKinds.add(kind);
    this.opening.push(kept);
    if (valid) this.reachedJsonRpc = true;
  }

  private keptFrames(): Kept[] {
    if (this.merged) return this.merged;
    const ring: Kept[] = [];
    const held = this.tailFrames.length;
    const start = held < TAIL ? 0 : this.tailAt;
    for (let n = 0; n < held; n++) {
      const i = (start + n) % TAIL;
      ring.push({ frame: this.tailFrames[i], classified: this.tailClasses[i] });
    }
    const first = ring[0]?.frame.seq ?? Infinity;
    this.merged = [...this.opening.filter((k) => k.frame.seq < first), ...ring];
    return this.merged;
  }
}

/**
 * A frame read once, as SessionModel reads it, for a model that lets it go once judged: its
 * classification (JSON.parse) and the strict reading the analyser gets (a scan confirming no key
 * was repeated, or the full strict reader where JSON.parse refused).
 */
export function readFrame(f: Frame): { classified: Classified; strict?: StrictJson } {
  if (f.lane !== 'message') return { classified: OTHER };
  const raw = typeof f.raw === 'string' ? f.raw : String(f.raw);
  let classified: Classified;
  let strict: StrictJson | undefined;
  const value = parseJson(raw);
  if (value !== UNPARSED) classified = classifyValue(value);
  else {
    strict = readStrictly(raw);
    classified = strict.value === undefined ? { kind: 'invalid', problem: `not JSON: ${strict.error?.message ?? 'unreadable'}` } : classifyValue(strict.value);
  }
  if (f.dir !== 'local') strict ??= confirmStrict(raw, classified.json);
  return { classified, strict };
}

/** An answer the gates or the doctor read again: a listing, a -32602 refusal, a tool's isError. */
function quotedAnswer(call: Call, classified: Classified): boolean {
  if (LISTINGS.has(call.method)) return true;
  if (call.errorCode === INVALID_PARAMS) return true;
  if (call.method !== 'tools/call' || call.isError !== false) return false;
  const result = resultOf(classified);
  return typeof result === 'object' && result !== null && (result as { isError?: unknown }).isError === true;
}

/** A tool call whose answer (quoted: quotedAnswer) was an isError result. */
const isToolError = (call: Call) => call.method === 'tools/call' && call.isError === false && call.errorCode !== INVALID_PARAMS;
