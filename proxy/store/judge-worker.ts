/**
 * The worker thread the dashboard's proxy judges a stored session in: a closed one (late-judge.ts),
 * read back through the analyser with its findings kept beside it as a clean close does; or one
 * still written (live-judge.ts), judged as it grows with its findings so far posted back
 * (live-judging.ts). Either way the proxy's event loop serves its pages meanwhile, and a session
 * too big for the worker's heap ends the worker, not the proxy.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { keepFindings } from './findings';
import { judgeAsWritten, type FindingsSoFarReply } from './live-judging';

/** What the worker is handed: the session's folder, and whether it is still written. */
export interface JudgeJob {
  dir: string;
  /** Judge it as its writer appends to it, until it closes, posting the findings so far. */
  live?: boolean;
}

/** What it says: the findings so far (live), then that it is done (kept, for a closed one), or why it failed. */
export type JudgeReply = { type: 'done' } | { type: 'failed'; error: string } | ({ type: 'so-far' } & FindingsSoFarReply);

const { dir, live } = workerData as JudgeJob;
const say = (m: JudgeReply) => parentPort!.postMessage(m);
const judged = live ? judgeAsWritten(dir, (r) => say({ type: 'so-far', ...r })) : keepFindings(dir, { yieldEachBatch: false }).then(() => undefined);
judged.then(
  () => say({ type: 'done' }),
  (e: Error) => say({ type: 'failed', error: e.message }),
);
