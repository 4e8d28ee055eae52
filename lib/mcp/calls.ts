/**
 * Request/response pairing: the one place a response is matched to its request, read by the
 * analyser, every view, every export and the CLI.
 *
 * The policy for ids, as a demanding reader of a trace would expect it:
 * - A request is keyed by its sender's direction and its id (`s:` strings and `n:` numbers never
 *   mix): ids are unique per sender only, and both sides send requests.
 * - A response pairs with the NEWEST OPEN request of that id sent the other way.
 * - A request that reuses an id is always a new call, whether the earlier one was answered or not
 *   (the analyser says `jsonrpc.id-reused`; the reply to the new call is not a duplicate).
 * - A response for an id whose calls are all answered is a duplicate of the newest answered one;
 *   a response for an id never sent is unknown.
 * - A cancellation names the newest open call of that id (else the newest call of that id).
 * - Timeouts are judged by the wire: a call unanswered `timeout` after it was sent is overdue,
 *   whatever happened later; only a cancellation sent before the deadline excuses it.
 */

import { AnsweredRuns, runnable } from './answered-runs';
import { BySender, pairs } from './by-sender';
import { requestCall, type Call, type Sender } from './call-types';

// The shapes live apart so the runs (answered-runs.ts) can name them without importing this file.
export type { Call, Sender } from './call-types';

/** How long a request may go unanswered before it is overdue when the session names no other
 *  wait: the one default of Loupe's client (the proxy's correlator, ClientSettings.requestTimeoutMs
 *  unset) and of the analyser's `timing.no-response`, so a call the client still waits for is never
 *  "no response" in Annotations. A session's own wait travels in its summary and trace header. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** Requests whose answer only ends them: they stay open for as long as they are wanted. */
const LONG_LIVED = new Set(['subscriptions/listen']);

/** The id as a pairing key, or undefined when the id cannot pair (null, boolean, object...). */
export function idKey(id: unknown): string | undefined {
  if (typeof id === 'string') return `s:${id}`;
  if (typeof id === 'number' && Number.isFinite(id)) return `n:${id}`;
  return undefined;
}

export const otherSide = (dir: Sender): Sender => (dir === 'c2s' ? 's2c' : 'c2s');

export interface ResponseMatch {
  call: Call;
  /** True when the call was already answered: this response is a second one. */
  duplicate: boolean;
}

export class CallIndex {
  /** Every call, in the order the requests were seen. */
  readonly all: Call[] = [];
  private readonly byRequestSeq = new Map<number, Call>();
  private readonly byResponseSeq = new Map<number, Call>();
  /** The call each progress and cancellation notification was about, by its seq. */
  private readonly byProgressSeq = new Map<number, Call>();
  private readonly byCancelSeq = new Map<number, Call>();
  /** Open calls per key, oldest first: the newest is the last. */
  private readonly open = new BySender<Call[]>();
  private readonly newest = new BySender<Call>();
  private readonly newestAnswered = new BySender<Call>();
  /** Index into `all` of the oldest call that may still become overdue. */
  private deadlineHead = 0;
  /** Set once a reader first lets go of calls (`release`): from then on what that needs is kept as
   *  calls end, so each release costs what it lets go of, not what is still open. */
  private releasing?: Releasing;
  /** Answered calls let go of by compactAnswered, and what the caller kept beside each. */
  private readonly runs = new AnsweredRuns();
  private restoreTag?: (seq: number, tag: string | undefined) => void;
  /** The wait `overdue` judges by (the same on every tick), once it has run. */
  private timeoutUs?: number;
  /** Keys whose newest call was refused: `latest` knows none for them, even one in a run. */
  private readonly refusedKeys = new BySender<true>();

  /** `keep`: what of a request's params the index holds (a judge that keeps no history holds only
   *  the few facts read after the request, lib/analyze/kept-params.ts); absent, the params as sent. */
  constructor(private readonly keep?: (method: string, params: unknown) => unknown) {}

  /** Records a request. Returns undefined when its id cannot pair. */
  request(seq: number, ts: number, dir: Sender, id: unknown, method: string, params?: unknown): Call | undefined {
    if (!pairs(id)) return undefined;
    const kept = this.keep ? this.keep(method, params) : params;
    const call = requestCall(seq, ts, dir, id as string | number, method, kept, LONG_LIVED.has(method) || undefined);
    this.all.push(call);
    if (!this.byRequestSeq.has(seq)) this.byRequestSeq.set(seq, call);
    const stack = this.open.of(dir).get(id);
    if (stack) stack.push(call);
    else this.open.of(dir).set(id, [call]);
    this.newest.of(dir).set(id, call);
    this.refusedKeys.of(dir).delete(id);
    return call;
  }

  /** What a response sent by `responder` with this id answers, without recording it. */
  match(responder: Sender, id: unknown): ResponseMatch | undefined {
    if (!pairs(id)) return undefined;
    const sender = otherSide(responder);
    const open = this.open.of(sender).get(id);
    if (open?.length) return { call: open[open.length - 1], duplicate: false };
    const answered = this.newestAnswered.of(sender).get(id) ?? this.revived(sender, id);
    return answered ? { call: answered, duplicate: true } : undefined;
  }

  /** Records the first response to an open call. */
  answer(call: Call, seq: number, ts: number, isError: boolean, errorCode?: number): void {
    if (call.responseSeq !== undefined) return;
    call.responseSeq = seq;
    call.responseTs = ts;
    call.isError = isError;
    call.errorCode = errorCode;
    if (!this.byResponseSeq.has(seq)) this.byResponseSeq.set(seq, call);
    this.close(call);
    this.newestAnswered.of(call.dir).set(call.id, call);
    if (!call.refused) this.releasing?.over.push(call);
  }

  /** The call a `notifications/cancelled` from `sender` naming `id` is about. */
  cancelTarget(sender: Sender, id: unknown): Call | undefined {
    if (!pairs(id)) return undefined;
    const open = this.open.of(sender).get(id);
    return open?.length ? open[open.length - 1] : this.newestOf(sender, id);
  }

  cancel(call: Call, seq: number, ts: number): void {
    this.byCancelSeq.set(seq, call);
    this.releasing?.noteOf(call, seq);
    if (call.cancelledSeq !== undefined) return;
    call.cancelledSeq = seq;
    call.cancelledTs = ts;
  }

  /** Records a `notifications/progress` (at `seq`) for an open call. */
  progress(call: Call, seq: number): void {
    call.progressCount++;
    this.byProgressSeq.set(seq, call);
    this.releasing?.noteOf(call, seq);
  }

  /** The call a progress notification reported on, by the notification's seq. */
  progressAt(seq: number): Call | undefined {
    return this.byProgressSeq.get(seq);
  }

  /** The call a `notifications/cancelled` named, by the notification's seq. */
  cancelledAt(seq: number): Call | undefined {
    return this.byCancelSeq.get(seq);
  }

  /** The newest call `sender` made with this id, answered or not. */
  latest(sender: Sender, id: unknown): Call | undefined {
    return pairs(id) ? this.newestOf(sender, id) : undefined;
  }

  /** Forgets a call the transport refused: it pairs with nothing and is never overdue. */
  refuse(call: Call): void {
    if (!call.refused && call.responseSeq === undefined) this.releasing?.over.push(call);
    call.refused = true;
    this.close(call);
    const newest = this.newest.of(call.dir);
    if (newest.get(call.id) === call) {
      newest.delete(call.id);
      this.refusedKeys.of(call.dir).set(call.id, true);
    }
  }

  /** The call a frame belongs to, from its request or its response. A call held in a run
   *  (compactAnswered) is given as a copy, left there: what it was is all a reader by frame reads. */
  callAt(seq: number): Call | undefined {
    return this.byRequestSeq.get(seq) ?? this.byResponseSeq.get(seq) ?? this.runs.peek(seq);
  }

  /**
   * Calls that were still unanswered `timeoutUs` after they were sent, as of `nowUs`, each
   * returned once. A cancellation sent before the deadline excuses a call; one sent after it
   * (Loupe's own client gives up when its timeout runs out) does not. Amortised O(1): calls are
   * judged oldest first and a call that cannot become overdue is passed for good.
   */
  overdue(nowUs: number, timeoutUs: number): Call[] {
    this.timeoutUs = timeoutUs;
    const out: Call[] = [];
    while (this.deadlineHead < this.all.length) {
      const c = this.all[this.deadlineHead];
      const deadline = c.ts + timeoutUs;
      const settled =
        c.timedOut ||
        c.refused ||
        c.longLived ||
        (c.responseTs !== undefined && c.responseTs < deadline) ||
        (c.cancelledTs !== undefined && c.cancelledTs < deadline);
      if (!settled) {
        if (nowUs < deadline) break;
        c.timedOut = true;
        out.push(c);
      }
      this.deadlineHead++;
    }
    return out;
  }

  /**
   * Lets go of every call that is over (answered, or refused), for a reader that keeps no history
   * (the live OpenTelemetry export, which is done with a call once its span ended): they leave
   * every look-up. Open calls pair exactly as before; a later response with the id of a call let
   * go is unknown rather than a duplicate, and a cancellation naming it names nothing: neither
   * changes a call that is over. `all`: every call goes, open or not (the session ended).
   * Returns the calls let go.
   *
   * Called after every frame that ends a call while tens of thousands may be open, so it costs
   * what it lets go of: the calls that ended since the last release are kept as they end, each
   * leaves the maps by its own keys, and `all` is compacted only once the calls let go in it are
   * as many as the rest (amortised O(1) a call); until then they are listed there but counted out
   * of `size` and found by no look-up. (The rules that walk `all` may meet them there: only a
   * reader that keeps no findings lets go of calls.)
   */
  release(all = false): Call[] {
    if (all) return this.releaseAll();
    if (!this.releasing) this.releasing = Releasing.from(this.all, [this.byProgressSeq, this.byCancelSeq]);
    const r = this.releasing;
    const out = r.over.splice(0);
    for (const c of out) {
      forgetIf(this.byRequestSeq, c.seq, c);
      if (c.responseSeq !== undefined) forgetIf(this.byResponseSeq, c.responseSeq, c);
      forgetIf(this.newest.of(c.dir), c.id, c);
      forgetIf(this.newestAnswered.of(c.dir), c.id, c);
      for (const seq of r.notes.get(c) ?? []) {
        forgetIf(this.byProgressSeq, seq, c);
        forgetIf(this.byCancelSeq, seq, c);
      }
      r.notes.delete(c);
      r.gone.add(c);
    }
    if (r.gone.size * 2 >= this.all.length) {
      this.compact((c) => r.gone.has(c));
      r.gone.clear();
    }
    return out;
  }

  /** How many runs hold the answered calls let go of by compactAnswered (each a few numbers). */
  get runCount(): number {
    return this.runs.size;
  }

  /** How many calls are held: those not let go. */
  get size(): number {
    return this.all.length - (this.releasing?.gone.size ?? 0);
  }

  private releaseAll(): Call[] {
    const out = this.all.filter((c) => !this.releasing?.gone.has(c));
    this.compact(() => true);
    for (const map of [this.byRequestSeq, this.byResponseSeq, this.byProgressSeq, this.byCancelSeq, this.newest, this.newestAnswered]) map.clear();
    this.releasing = undefined;
    return out;
  }

  /** Drops the calls `gone` says from `all`, keeping the order and the deadline head on the same call. */
  private compact(gone: (c: Call) => boolean): void {
    const before = this.all.length;
    let head = 0;
    let kept = 0;
    for (let i = 0; i < before; i++) {
      const c = this.all[i];
      if (i === this.deadlineHead) head = kept;
      if (!gone(c)) this.all[kept++] = c;
    }
    if (this.deadlineHead >= before) head = kept;
    this.all.length = kept;
    this.deadlineHead = head;
  }

  /**
   * Lets go of the answered calls no rule reads whole again, for a judge of a long trace that reads
   * only the findings, or a report that reads some calls again (BoundedModel's `compact`): they leave `all` and the look-ups by seq,
   * and are held in runs (answered-runs.ts) from which a reused id, a second answer or a
   * cancellation takes them back whole, so every finding is the same. Kept as they are: calls that
   * may still become overdue (not answered before their deadline, and not yet judged), and the server's requests answered after the oldest open client
   * request began (timing.slow reads how long the client took to answer them). `tag` takes what
   * the caller keeps per request (its era) into the run; `restore` gives it back with the call.
   * `keepWhole`: calls the caller reads again itself, left as they are. Calls the transport refused
   * go too (see refuse).
   */
  compactAnswered(tag: (seq: number) => string | undefined, restore: (seq: number, tag: string | undefined) => void, keepWhole?: (c: Call) => boolean): void {
    this.restoreTag = restore;
    const oldestOpen = this.all.find((c) => c.dir === 'c2s' && c.responseSeq === undefined && !c.refused)?.ts ?? Infinity;
    let kept = 0;
    let head = this.deadlineHead;
    for (let i = 0; i < this.all.length; i++) {
      const c = this.all[i];
      // Refused at the transport: it pairs with nothing and is never overdue, and a resend of its
      // id is no reuse (refusedKeys): nothing reads it again, so it goes, not into a run.
      if (c.refused && c.responseSeq === undefined && !keepWhole?.(c)) {
        forgetIf(this.byRequestSeq, c.seq, c);
        if (i < this.deadlineHead) head--;
        continue;
      }
      if (
        (i < this.deadlineHead || this.answeredInTime(c)) &&
        runnable(c) &&
        (c.dir === 'c2s' || c.ts < oldestOpen) &&
        this.lookedUpAlike(c) &&
        !keepWhole?.(c)
      ) {
        const t = tag(c.seq);
        if (this.runs.add(c, t)) {
          this.forget(c);
          if (i < this.deadlineHead) head--;
          continue;
        }
        restore(c.seq, t);
      }
      this.all[kept++] = c;
    }
    this.all.length = kept;
    this.deadlineHead = head;
  }

  /** Answered before its deadline: it can never be overdue, even while an older call holds the
   *  deadline check back (one open for long, a tools/call streaming progress). */
  private answeredInTime(c: Call): boolean {
    return this.timeoutUs !== undefined && c.responseTs !== undefined && c.responseTs < c.ts + this.timeoutUs;
  }

  /** Whether the call is both its key's newest and newest answered, or neither: a key's newest
   *  call in a run is then also its newest answered one, the one a revival takes back. */
  private lookedUpAlike(c: Call): boolean {
    return (this.newest.of(c.dir).get(c.id) === c) === (this.newestAnswered.of(c.dir).get(c.id) === c);
  }

  /** The newest call of a key, from the maps or, once let go of, from its run. */
  private newestOf(sender: Sender, id: string | number): Call | undefined {
    return this.newest.of(sender).get(id) ?? (this.refusedKeys.of(sender).has(id) ? undefined : this.revived(sender, id));
  }

  /** A call let go of by compactAnswered, taken back whole and indexed again as the newest of its key. */
  private revived(sender: Sender, id: string | number): Call | undefined {
    const back = this.runs.revive(sender, id);
    if (!back) return undefined;
    const { call } = back;
    this.restoreTag?.(call.seq, back.tag);
    const newest = this.newest.of(sender);
    const newestAnswered = this.newestAnswered.of(sender);
    if (!newest.has(id) && !this.refusedKeys.of(sender).has(id)) newest.set(id, call);
    if (!newestAnswered.has(id)) newestAnswered.set(id, call);
    this.byRequestSeq.set(call.seq, call);
    this.byResponseSeq.set(call.responseSeq!, call);
    return call;
  }

  private forget(c: Call): void {
    forgetIf(this.byRequestSeq, c.seq, c);
    forgetIf(this.byResponseSeq, c.responseSeq!, c);
    forgetIf(this.newest.of(c.dir), c.id, c);
    forgetIf(this.newestAnswered.of(c.dir), c.id, c);
  }

  /** Calls with no response yet (refused ones excluded), oldest first. */
  openCalls(): Call[] {
    return this.all.filter((c) => c.responseSeq === undefined && !c.refused);
  }

  private close(call: Call): void {
    const open = this.open.of(call.dir);
    const stack = open.get(call.id);
    if (!stack) return;
    const at = stack.lastIndexOf(call);
    if (at >= 0) stack.splice(at, 1);
    if (stack.length === 0) open.delete(call.id);
  }
}

function forgetIf<K>(map: Map<K, Call>, key: K, call: Call): void {
  if (map.get(key) === call) map.delete(key);
}

/** What letting go of calls one by one needs, kept from a reader's first release on. */
class Releasing {
  /** Calls that ended since the last release. */
  readonly over: Call[] = [];
  /** The seqs of the notifications (progress, cancellation) that name each call still held. */
  readonly notes = new Map<Call, number[]>();
  /** Calls let go but still listed in `all`, until it is compacted. */
  readonly gone = new Set<Call>();

  /** Started on a first release: the calls already over, and the notifications already seen. */
  static from(all: readonly Call[], notified: Map<number, Call>[]): Releasing {
    const r = new Releasing();
    for (const c of all) if (c.responseSeq !== undefined || c.refused) r.over.push(c);
    for (const map of notified) for (const [seq, c] of map) r.noteOf(c, seq);
    return r;
  }

  noteOf(call: Call, seq: number): void {
    const seqs = this.notes.get(call);
    if (seqs) seqs.push(seq);
    else this.notes.set(call, [seq]);
  }
}
