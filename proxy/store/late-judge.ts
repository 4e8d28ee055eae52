/**
 * Judging, on demand, the stored sessions that were not judged when their writer closed them (more
 * than COUNT_UP_TO_FRAMES frames, or stored before findings were kept): the dashboard's proxy asks
 * for it when History lists such a session or Browse opens it (store.ts). Each runs in a worker
 * thread (judge-worker.ts), one session at a time: reading millions of frames back costs minutes
 * of CPU, which the proxy's event loop must not spend, and the worker's heap is capped so a session
 * the analyser cannot hold ends the worker with an error rather than the proxy. A session whose
 * judging failed is not tried again by this process: its reason says so, and the proxy's warnings why.
 */
import { Worker } from 'node:worker_threads';
import type { JudgeJob, JudgeReply } from './judge-worker';

/** The worker's heap: the analyser's state of a long session fits in far less (docs/history.md). */
export const JUDGE_HEAP_MB = 1024;

interface Job {
  id: string;
  dir: string;
}

export class LateJudge {
  private readonly queue: Job[] = [];
  private running?: Job;
  private readonly failures = new Map<string, string>();
  private waiters: (() => void)[] = [];

  constructor(
    /** Called once a session is judged (`error` unset) or its judging failed. */
    private readonly onJudged: (id: string, error?: string) => void,
    private readonly heapMb = JUDGE_HEAP_MB,
  ) {}

  /** Queues the session unless it is queued, being judged, or failed before; true while it is queued or being judged. */
  request(id: string, dir: string): boolean {
    if (this.failures.has(id)) return false;
    if (this.has(id)) return true;
    this.queue.push({ id, dir });
    this.next();
    return true;
  }

  has(id: string): boolean {
    return this.running?.id === id || this.queue.some((j) => j.id === id);
  }

  /** Why judging the session failed in this process, if it did. */
  failure(id: string): string | undefined {
    return this.failures.get(id);
  }

  /** Resolves once nothing is queued or being judged. */
  settled(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private next(): void {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) {
      for (const w of this.waiters.splice(0)) w();
      return;
    }
    this.running = job;
    const workerData: JudgeJob = { dir: job.dir };
    const worker = new Worker(new URL('./judge-worker.mjs', import.meta.url), { workerData, resourceLimits: { maxOldGenerationSizeMb: this.heapMb } });
    // A proxy that stops does not wait for a judging: the next one starts it again.
    worker.unref();
    let outcome: { error?: string } | undefined;
    worker.on('message', (m: JudgeReply) => {
      if (m.type === 'done') outcome = {};
      else if (m.type === 'failed') outcome = { error: m.error };
    });
    worker.on('error', (e) => (outcome ??= { error: e.message }));
    worker.on('exit', (code) => {
      const error = outcome ? outcome.error : `the judging thread stopped (exit code ${code}) before it finished`;
      if (error !== undefined) this.failures.set(job.id, error);
      this.running = undefined;
      this.onJudged(job.id, error);
      this.next();
    });
  }
}
