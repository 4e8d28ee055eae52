/**
 * Judging a session's stored copy while its writer still appends to it: run in the judge worker
 * (judge-worker.ts) for a live session past its memory budget, whose page analyser stopped
 * judging at the budget (lib/analyze/engine.ts `blind`). One analyser, kept across reads, takes
 * the frames written since the last read; StoredSession.open reads on the segment being written
 * from where its last scan stopped (reader.ts), and `frames({ fromSeq })` starts at the index
 * mark before the first new frame, so each read costs what was written since, not the session.
 *
 * About once a POST_MS the findings so far are posted: their counts, the seq they run through,
 * and (when they changed) the first MAX_STORED_FINDINGS in seq order, as findings.ndjson keeps
 * them: a server with a finding on every frame fills that list in a second, and after that only
 * the counts cross to the proxy's thread. The analyser is not finished: the end-of-trace rules (a request never answered)
 * belong to the judging of the closed session, which replaces these findings once it closes.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Frame } from '../../lib/mcp/frame';
import type { Annotation } from '../../lib/analyze';
import type { FindingCounts } from '../../lib/analyze/finding-counts';
import { BoundedModel } from '../../lib/model/bounded-model';
import { traceModelOptions } from '../../lib/trace/model-options';
import { FindingsSoFar } from './findings';
import type { StoredFinding } from './layout';
import { alive } from './process-alive';
import { StoredSession } from './reader';

/** How often the findings so far are posted, and how long an idle session waits between reads. */
export const POST_MS = 1000;
const BATCH = 2000;

/** The findings of frames 1 to `throughSeq` of a session still written. */
export interface FindingsSoFarReply {
  throughSeq: number;
  counts: FindingCounts;
  total: number;
  /** The first MAX_STORED_FINDINGS in seq order; absent when they are those of the last post. */
  findings?: StoredFinding[];
}

/**
 * Judges the session in `dir` as it is written, posting the findings so far, until its writer
 * closes it (its session.json then has an end), its writer is gone without closing it (another
 * process's, a tap's, killed), or the thread is stopped.
 */
export async function judgeAsWritten(dir: string, post: (reply: FindingsSoFarReply) => void, postMs = POST_MS): Promise<void> {
  const found = new FindingsSoFar();
  let model: BoundedModel | undefined;
  let next = 1;
  let postedSeq = -1;
  let postedFirst: Annotation[] | undefined;
  let postedAt = 0;
  const postNow = () => {
    const first = found.first();
    // The same annotation objects in the same order: the list the proxy holds stands.
    const changed = !postedFirst || first.length !== postedFirst.length || first.some((a, i) => a !== postedFirst![i]);
    post({
      throughSeq: next - 1,
      counts: { ...found.counts },
      total: found.total,
      ...(changed ? { findings: first.map(({ rule, severity, frames, message, spec }) => ({ rule, severity, frames, message, spec })) } : {}),
    });
    postedSeq = next - 1;
    postedFirst = first;
    postedAt = Date.now();
  };
  const feed = (batch: Frame[]) => {
    if (batch.length === 0) return;
    model!.append(batch);
    found.take(model!.annotations);
    model!.annotations = [];
  };
  for (;;) {
    const session = StoredSession.open(dir);
    // Only the annotations are read: calls are let go once no rule can need them again.
    model ??= new BoundedModel({ ...traceModelOptions(session.meta.header), compact: 'findings' });
    let batch: Frame[] = [];
    for (const f of session.frames({ fromSeq: next })) {
      batch.push(f);
      next = f.seq + 1;
      if (batch.length < BATCH) continue;
      feed(batch);
      batch = [];
      // A long backlog (the budget passed minutes ago) still shows progress as it is read.
      if (Date.now() - postedAt >= postMs) postNow();
    }
    feed(batch);
    if (next - 1 !== postedSeq) postNow();
    if (session.meta.end || !alive(session.meta.writerPid)) return;
    await sleep(postMs);
  }
}
