/**
 * Judging the stored copy of a live session once it passed its memory budget: past it the page's
 * analyser judges no more (lib/analyze/engine.ts `blind`), so the proxy reads the copy on disk as
 * it grows, in the judge worker (live-judging.ts), and keeps the findings it posts about once a
 * second for the page to ask for (`history/findings`, which answers with them while the session
 * is recorded). The recording tells the store when its budget is passed (recording.ts).
 *
 * One worker at a time, as the late judge runs one: judging costs a core while frames arrive
 * faster than it reads, and the proxy shares its machine with the server it watches. Other long
 * sessions wait their turn, in the order they passed their budgets. When a session closes its
 * live judging stops and what it found is let go: the close-time judging (findings.ts), or the
 * judging on demand of a longer one (late-judge.ts), reads every frame again and finishes the
 * analyser (its end-of-trace rules), which the live judging never does.
 */
import { Worker } from 'node:worker_threads';
import type { JudgeJob, JudgeReply } from './judge-worker';
import { JUDGE_HEAP_MB } from './late-judge';
import type { FindingsSoFarReply } from './live-judging';

interface Job {
  id: string;
  dir: string;
}

/** What a live session's judging holds: waiting for the worker, or the findings so far. */
export type LiveFindings = { queued: true } | (Required<FindingsSoFarReply> & { queued?: undefined });

export class LiveJudge {
  private readonly queue: Job[] = [];
  private running?: { job: Job; worker: Worker };
  private readonly soFar = new Map<string, Required<FindingsSoFarReply>>();

  constructor(
    /** Where a judging that failed is told (the proxy's warnings). */
    private readonly onNotice: (text: string) => void = () => {},
    private readonly heapMb = JUDGE_HEAP_MB,
  ) {}

  /** Starts judging the session as it is written, or queues it; once per session. */
  start(id: string, dir: string): void {
    if (this.running?.job.id === id || this.queue.some((j) => j.id === id)) return;
    this.queue.push({ id, dir });
    this.next();
  }

  /** The session closed (or is gone): its judging stops, and what it found is let go. */
  stop(id: string): void {
    const i = this.queue.findIndex((j) => j.id === id);
    if (i >= 0) this.queue.splice(i, 1);
    this.soFar.delete(id);
    if (this.running?.job.id !== id) return;
    const { worker } = this.running;
    this.running = undefined;
    void worker.terminate();
    this.next();
  }

  /** The session's findings so far, `queued` while another is judged first; undefined when it is not judged live. */
  findings(id: string): LiveFindings | undefined {
    const found = this.soFar.get(id);
    if (found) return found;
    if (this.running?.job.id === id || this.queue.some((j) => j.id === id)) return { queued: true };
    return undefined;
  }

  private next(): void {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) return;
    const workerData: JudgeJob = { dir: job.dir, live: true };
    const worker = new Worker(new URL('./judge-worker.mjs', import.meta.url), { workerData, resourceLimits: { maxOldGenerationSizeMb: this.heapMb } });
    // A proxy that stops does not wait for a judging of a session it no longer records.
    worker.unref();
    this.running = { job, worker };
    let error: string | undefined;
    worker.on('message', (m: JudgeReply) => {
      if (m.type === 'failed') error = m.error;
      if (m.type !== 'so-far' || this.running?.worker !== worker) return;
      const { type: _type, ...reply } = m;
      // The list is posted only when it changed: the one kept before stands otherwise.
      const findings = reply.findings ?? this.soFar.get(job.id)?.findings ?? [];
      this.soFar.set(job.id, { ...reply, findings });
    });
    worker.on('error', (e) => (error ??= e.message));
    worker.on('exit', () => {
      // Stopped on purpose: stop() already went on to the next.
      if (this.running?.worker !== worker) return;
      this.running = undefined;
      // Ended by itself: its writer (another process's, a tap's) closed it or is gone, and the
      // judging of the closed session, or on demand, takes over; or it failed, and says why.
      this.soFar.delete(job.id);
      if (error !== undefined) this.onNotice(`the findings of session ${job.id} were not judged while it ran: ${error}`);
      this.next();
    });
  }
}
