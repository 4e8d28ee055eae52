/**
 * Answered calls a long trace's judge has let go of (CallIndex.compactAnswered), kept in runs so
 * that memory does not grow with the number of requests, yet every rule that looks a finished call
 * up again (a reused id, a second answer, a cancellation of a finished request) finds it exactly as
 * it was. A run is an arithmetic progression: calls from one sender, of one method and outcome,
 * whose ids, request seqs and answer gaps step evenly, as a ping loop's or a counter's do; one
 * call that breaks the step starts a new run. A call looked up again is taken out of its run and
 * given back whole (`revive`), so what happens to it next is kept as for any call.
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

/** Past this many runs no more are started: a look-up scans them, and traffic that breaks every
 *  run is better kept as it is (it costs memory, as before, rather than time). */
const MAX_RUNS = 256;

export class AnsweredRuns {
  /** Oldest first. */
  private readonly runs: Run[] = [];

  /** Takes an answered, runnable call in; false when its params cannot be run, or it fits no run
   *  and no new one may start. */
  add(c: Call, tag: string | undefined): boolean {
    const id = c.id as number;
    const gap = c.responseSeq! - c.seq;
    const params = paramsKey(c.params);
    if (params === null) return false;
    for (let i = this.runs.length - 1; i >= Math.max(0, this.runs.length - 8); i--) {
      const r = this.runs[i];
      if (r.dir !== c.dir || r.method !== c.method || r.isError !== c.isError || r.errorCode !== c.errorCode || r.tag !== tag || r.params !== params || r.answerGap !== gap) continue;
      if (r.count === 1) {
        if (id === r.firstId || c.seq <= r.firstSeq) continue;
        r.idStep = id - r.firstId;
        r.seqStep = c.seq - r.firstSeq;
      } else if (id !== r.firstId + r.count * r.idStep || c.seq !== r.firstSeq + r.count * r.seqStep) continue;
      r.count++;
      r.lastTs = c.responseTs ?? c.ts;
      return true;
    }
    if (this.runs.length >= MAX_RUNS) return false;
    const { dir, method } = c;
    this.runs.push({
      dir,
      method,
      isError: c.isError ?? false,
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
    });
    return true;
  }

  /** Takes the newest call `dir` sent with this id out of its run, whole again, with its tag. */
  revive(dir: Sender, id: unknown): { call: Call; tag: string | undefined } | undefined {
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || this.runs.length === 0) return undefined;
    // Runs grow side by side, so the newest call with this id is the one of highest seq, in any run.
    let found: { i: number; k: number; seq: number } | undefined;
    for (let i = 0; i < this.runs.length; i++) {
      const r = this.runs[i];
      if (r.dir !== dir) continue;
      const k = r.idStep === 0 ? (id === r.firstId ? 0 : -1) : (id - r.firstId) / r.idStep;
      if (!Number.isInteger(k) || k < 0 || k >= r.count) continue;
      const seq = r.firstSeq + k * r.seqStep;
      if (!found || seq > found.seq) found = { i, k, seq };
    }
    if (!found) return undefined;
    const tag = this.runs[found.i].tag;
    return { call: this.split(found.i, found.k), tag };
  }

  /** A copy of the call whose request or answer is on frame `seq`, left in its run: for a reader
   *  that finds a call by its frame (CallIndex.callAt), as an MCP App's host.* rules find the
   *  tool call the app shows. */
  peek(seq: number): Call | undefined {
    for (const r of this.runs) {
      for (const first of [r.firstSeq, r.firstSeq + r.answerGap]) {
        const k = r.seqStep === 0 ? (seq === first ? 0 : -1) : (seq - first) / r.seqStep;
        if (Number.isInteger(k) && k >= 0 && k < r.count) return this.callOf(r, k);
      }
    }
    return undefined;
  }

  /** The call at position `k` of run `r`, whole again. */
  private callOf(r: Run, k: number): Call {
    const seq = r.firstSeq + k * r.seqStep;
    const params: unknown = r.params === undefined ? undefined : JSON.parse(r.params);
    const call = requestCall(seq, r.lastTs, r.dir, r.firstId + k * r.idStep, r.method, params, undefined);
    call.responseSeq = seq + r.answerGap;
    call.responseTs = r.lastTs;
    call.isError = r.isError;
    call.errorCode = r.errorCode;
    return call;
  }

  /** The call at position `k` of run `i`, taken out of it: the run splits around it. */
  private split(i: number, k: number): Call {
    const r = this.runs[i];
    const call = this.callOf(r, k);
    const before = { ...r, count: k };
    const after = { ...r, firstId: r.firstId + (k + 1) * r.idStep, firstSeq: r.firstSeq + (k + 1) * r.seqStep, count: r.count - k - 1 };
    this.runs.splice(i, 1, ...[before, after].filter((p) => p.count > 0));
    return call;
  }
}
