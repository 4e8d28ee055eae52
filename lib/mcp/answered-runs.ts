/**
 * Answered calls a long trace's judge has let go of (CallIndex.compactAnswered), kept in runs so
 * that memory does not grow with the number of requests, yet every rule that looks a finished call
 * up again (a reused id, a second answer, a cancellation of a finished request) finds it exactly as
 * it was. A run is an arithmetic progression: calls from one sender, of one method and outcome,
 * whose ids, request seqs and answer gaps step evenly, as a ping loop's or a counter's do; one
 * call that breaks the step starts a new run, so irregular traffic (an error now and then, calls
 * of several methods interleaved) costs a small run per break, never a call per request. Runs are
 * found by buckets of ids and seqs, so a look-up reads a few runs however many there are. A call
 * looked up again is taken out of its run and given back whole (`revive`), so what happens to it
 * next is kept as for any call.
 *
 * Only calls whose every other field is the default are run: no progress token, never cancelled,
 * refused or overdue, nothing long-lived. Their params, when small (a judge that keeps no history
 * holds only the facts read later, a tool's name or a resource's URI: lib/analyze/kept-params.ts),
 * are part of what a run has in common, as their JSON text: a loop calling one tool, or a few
 * tools in turn, is a run per tool; a revived call gets them back as an equal object. Their times
 * are not kept: no rule reads the times of a call that is over (timing rules judge open calls
 * only), so a revived call carries the time of the run's last answer.
 */
import { requestCall, type Call, type Sender } from './call-types';

interface Run {
  /** What its calls have in common (classOf). */
  cls: string;
  dir: Sender;
  method: string;
  isError: boolean;
  errorCode: number | undefined;
  /** What the caller keeps per request beside the call (its era), the same for the whole run. */
  tag: string | undefined;
  /** The calls' params as JSON text (paramsKey), the same for the whole run. */
  params: string | undefined;
  firstId: number;
  idStep: number;
  firstSeq: number;
  seqStep: number;
  /** responseSeq - seq, the same for every call of the run. */
  answerGap: number;
  count: number;
  lastTs: number;
  /** The buckets it was last filed under, by id, request seq and answer seq (`index`). */
  idBucket: number;
  seqBucket: number;
  answerBucket: number;
}

/** Whether a call that is over can be held in a run (see the file's comment); its params are
 *  judged by `add`, which reads them once. */
export function runnable(c: Call): boolean {
  return (
    typeof c.id === 'number' &&
    Number.isSafeInteger(c.id) &&
    c.responseSeq !== undefined &&
    c.progressToken === undefined &&
    c.progressCount === 0 &&
    c.cancelledSeq === undefined &&
    !c.timedOut &&
    !c.refused &&
    !c.longLived
  );
}

/** Params longer than this as JSON are not run: a run's calls share theirs, and large ones vary. */
const MAX_PARAMS_TEXT = 512;

/** The params as the JSON text a run keeps; null when they cannot be run (too long, or not JSON). */
function paramsKey(params: unknown): string | undefined | null {
  if (params === undefined) return undefined;
  let text: string | undefined;
  try {
    text = JSON.stringify(params);
  } catch {
    return null;
  }
  return text !== undefined && text.length <= MAX_PARAMS_TEXT ? text : null;
}

/** Ids and seqs are indexed in buckets of this many: a look-up reads the runs of one bucket. */
const BUCKET = 1024;
const bucketOf = (n: number) => Math.floor(n / BUCKET);

/** What every call of a run has in common, as one key. */
function classOf(c: Call, isError: boolean, tag: string | undefined, params: string | undefined, gap: number): string {
  return `${c.dir}\u0000${c.method}\u0000${isError}\u0000${c.errorCode ?? ''}\u0000${tag ?? ''}\u0000${gap}\u0000${params ?? ''}`;
}

/** The request seq a run's next call must have. */
const nextSeq = (r: Run) => r.firstSeq + r.count * r.seqStep;

/** Whether call `c` (its other facts given) is the next of run `r`. */
function continues(r: Run, c: Call, isError: boolean, tag: string | undefined, params: string | undefined, gap: number): boolean {
  return (
    r.firstId + r.count * r.idStep === c.id &&
    r.dir === c.dir &&
    r.method === c.method &&
    r.isError === isError &&
    r.errorCode === c.errorCode &&
    r.tag === tag &&
    r.answerGap === gap &&
    r.params === params
  );
}

const idAt = (r: Run, k: number) => r.firstId + k * r.idStep;
const seqAt = (r: Run, k: number) => r.firstSeq + k * r.seqStep;

/** The position in `r` of the call whose value (id, or seq from `first`) is `n`, or -1. */
function positionOf(n: number, first: number, step: number, count: number): number {
  const k = step === 0 ? (n === first ? 0 : -1) : (n - first) / step;
  return Number.isInteger(k) && k >= 0 && k < count ? k : -1;
}

export class AnsweredRuns {
  /** Runs of two calls or more that may grow, by the request seq their next call must have: a
   *  call that continues a run finds it without building a key. */
  private readonly growing = new Map<number, Run[]>();
  /** The newest run of one call in each class: any later call of the class may be its second. */
  private readonly single = new Map<string, Run>();
  /** Runs by sender and id bucket, and by seq bucket (requests' and answers'): a look-up reads
   *  the runs of one bucket, however many runs a long and irregular trace made. */
  private readonly byId = { c2s: new Map<number, Run[]>(), s2c: new Map<number, Run[]>() };
  private readonly bySeq = new Map<number, Run[]>();
  /** Every id each sender's runs ever took in, a bit per id in its id bucket (never cleared: a set
   *  bit means "may hold"): a new request asks whether its id was used before, and an id no run
   *  ever held is answered here without reading the bucket's runs. */
  private readonly heldIds = { c2s: new Map<number, Uint8Array>(), s2c: new Map<number, Uint8Array>() };
  /** How many runs hold calls. */
  size = 0;

  /** Takes an answered, runnable call in; false when its params cannot be run. */
  add(c: Call, tag: string | undefined): boolean {
    const id = c.id as number;
    const gap = c.responseSeq! - c.seq;
    const params = paramsKey(c.params);
    if (params === null) return false;
    const isError = c.isError ?? false;
    const waiting = this.growing.get(c.seq);
    let r = waiting?.find((w) => continues(w, c, isError, tag, params, gap));
    if (r) this.unlistGrowing(r);
    let cls = r?.cls;
    if (!r) {
      cls = classOf(c, isError, tag, params, gap);
      const one = this.single.get(cls);
      if (one && id !== one.firstId && c.seq > one.firstSeq) {
        r = one;
        this.single.delete(cls);
        r.idStep = id - r.firstId;
        r.seqStep = c.seq - r.firstSeq;
      }
    }
    if (r) {
      r.count++;
      r.lastTs = c.responseTs ?? c.ts;
      this.listGrowing(r);
    } else {
      const { dir, method } = c;
      r = {
        cls: cls!,
        dir,
        method,
        isError,
        errorCode: c.errorCode,
        tag,
        params,
        firstId: id,
        idStep: 0,
        firstSeq: c.seq,
        seqStep: 0,
        answerGap: gap,
        count: 1,
        lastTs: c.responseTs ?? c.ts,
        idBucket: NaN,
        seqBucket: NaN,
        answerBucket: NaN,
      };
      this.single.set(cls!, r);
      this.size++;
    }
    this.index(r, id, c.seq);
    this.noteHeld(c.dir, id);
    return true;
  }

  private noteHeld(dir: Sender, id: number): void {
    const b = bucketOf(id);
    let bits = this.heldIds[dir].get(b);
    if (!bits) this.heldIds[dir].set(b, (bits = new Uint8Array(BUCKET / 8)));
    const at = id - b * BUCKET;
    bits[at >> 3] |= 1 << (at & 7);
  }

  /** Whether a run of `dir` may hold a call with this id (false: none ever did). */
  private mayHold(dir: Sender, id: number): boolean {
    const b = bucketOf(id);
    const bits = this.heldIds[dir].get(b);
    if (!bits) return false;
    const at = id - b * BUCKET;
    return (bits[at >> 3] & (1 << (at & 7))) !== 0;
  }

  /** Takes the newest call `dir` sent with this id out of its run, whole again, with its tag. */
  revive(dir: Sender, id: unknown): { call: Call; tag: string | undefined } | undefined {
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || !this.mayHold(dir, id)) return undefined;
    // The newest call with this id is the one of highest seq, in any run.
    let found: { r: Run; k: number; seq: number } | undefined;
    for (const r of this.byId[dir].get(bucketOf(id)) ?? []) {
      const k = positionOf(id, r.firstId, r.idStep, r.count);
      if (k < 0) continue;
      const seq = seqAt(r, k);
      if (!found || seq > found.seq) found = { r, k, seq };
    }
    if (!found) return undefined;
    return { call: this.split(found.r, found.k), tag: found.r.tag };
  }

  /** A copy of the call whose request or answer is on frame `seq`, left in its run: for a reader
   *  that finds a call by its frame (CallIndex.callAt), as an MCP App's host.* rules find the
   *  tool call the app shows. */
  peek(seq: number): Call | undefined {
    for (const r of this.bySeq.get(bucketOf(seq)) ?? []) {
      const k = Math.max(positionOf(seq, r.firstSeq, r.seqStep, r.count), positionOf(seq, r.firstSeq + r.answerGap, r.seqStep, r.count));
      if (k >= 0) return this.callOf(r, k);
    }
    return undefined;
  }

  private listGrowing(r: Run): void {
    const seq = nextSeq(r);
    const list = this.growing.get(seq);
    if (list) list.push(r);
    else this.growing.set(seq, [r]);
  }

  /** Takes `r` off the runs waiting for their next call; false when it was not there. */
  private unlistGrowing(r: Run): boolean {
    const seq = nextSeq(r);
    const list = this.growing.get(seq);
    const at = list ? list.indexOf(r) : -1;
    if (at < 0) return false;
    if (list!.length === 1) this.growing.delete(seq);
    else list!.splice(at, 1);
    return true;
  }

  /** Files run `r` under the buckets of a call it took in (id, request seq, and answer seq), once
   *  each: a run's ids and seqs move one way, so it meets each bucket in one stretch. */
  private index(r: Run, id: number, seq: number): void {
    const [ib, sb, ab] = [bucketOf(id), bucketOf(seq), bucketOf(seq + r.answerGap)];
    if (ib !== r.idBucket) addTo(this.byId[r.dir], (r.idBucket = ib), r);
    if (sb !== r.seqBucket) addTo(this.bySeq, (r.seqBucket = sb), r);
    if (ab !== r.answerBucket && ab !== sb) addTo(this.bySeq, (r.answerBucket = ab), r);
  }

  /** The call at position `k` of run `r`, whole again. */
  private callOf(r: Run, k: number): Call {
    const seq = seqAt(r, k);
    const params: unknown = r.params === undefined ? undefined : JSON.parse(r.params);
    const call = requestCall(seq, r.lastTs, r.dir, idAt(r, k), r.method, params, undefined);
    call.responseSeq = seq + r.answerGap;
    call.responseTs = r.lastTs;
    call.isError = r.isError;
    call.errorCode = r.errorCode;
    return call;
  }

  /** The call at position `k` of run `r`, taken out of it: the run keeps the calls before it, a new
   *  run takes those after (and grows in its place). Filed under its buckets, a few per thousand ids:
   *  a look-up again is rare (a reused id, a second answer). */
  private split(r: Run, k: number): Call {
    const call = this.callOf(r, k);
    const grows = r.count >= 2 && this.unlistGrowing(r);
    if (this.single.get(r.cls) === r) this.single.delete(r.cls);
    const after: Run = { ...r, firstId: idAt(r, k + 1), firstSeq: seqAt(r, k + 1), count: r.count - k - 1 };
    r.count = k;
    this.size += (after.count > 0 ? 1 : 0) - (k === 0 ? 1 : 0);
    if (after.count > 0) {
      // It waits for the call the whole run waited for.
      if (grows) this.listGrowing(after);
      const last = after.count - 1;
      fileRange(this.byId[r.dir], after, idAt(after, 0), idAt(after, last), (k) => idAt(after, k));
      fileRange(this.bySeq, after, seqAt(after, 0), seqAt(after, last), (k) => seqAt(after, k));
      fileRange(this.bySeq, after, seqAt(after, 0) + after.answerGap, seqAt(after, last) + after.answerGap, (k) => seqAt(after, k) + after.answerGap);
      after.idBucket = bucketOf(idAt(after, last));
      after.seqBucket = bucketOf(seqAt(after, last));
      after.answerBucket = bucketOf(seqAt(after, last) + after.answerGap);
    }
    return call;
  }
}

/** Files run `r` under every bucket from `a` to `b` that holds one of its values (`at(k)`): by
 *  bucket, or by call when its calls are fewer. */
function fileRange(map: Map<number, Run[]>, r: Run, a: number, b: number, at: (k: number) => number): void {
  const [lo, hi] = [bucketOf(Math.min(a, b)), bucketOf(Math.max(a, b))];
  if (hi - lo < r.count) for (let bk = lo; bk <= hi; bk++) addTo(map, bk, r);
  else for (let k = 0; k < r.count; k++) addTo(map, bucketOf(at(k)), r);
}

function addTo(map: Map<number, Run[]>, b: number, r: Run): void {
  const list = map.get(b);
  if (!list) map.set(b, [r]);
  else if (!list.includes(r)) list.push(r);
}
