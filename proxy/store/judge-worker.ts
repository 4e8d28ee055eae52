/**
 * The worker thread the dashboard's proxy judges a stored session in (late-judge.ts): reads the
 * session back through the analyser and keeps its findings beside it, as a clean close does, so
 * the proxy's event loop serves its pages meanwhile and a session too big for the worker's heap
 * ends the worker, not the proxy.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { keepFindings } from './findings';

/** What the worker is handed: the session's folder. */
export interface JudgeJob {
  dir: string;
}

/** What it says once it is done: the findings are kept, or why they were not. */
export type JudgeReply = { type: 'done' } | { type: 'failed'; error: string };

const { dir } = workerData as JudgeJob;
const say = (m: JudgeReply) => parentPort!.postMessage(m);
keepFindings(dir, { yieldEachBatch: false }).then(
  () => say({ type: 'done' }),
  (e: Error) => say({ type: 'failed', error: e.message }),
);
