/**
 * The tasks Loupe created on the server (a task-augmented tools/call) or saw in tasks/list:
 * followed with tasks/get at the server's pollInterval and by notifications/tasks/status, and
 * their result fetched with tasks/result once they end (or need input), in the proxy, so the
 * following goes on whether or not a page is open.
 */
import { isTerminalStatus } from '../../../lib/client/received-tasks';
import { patchClientTask, upsertClientTask } from '../../../lib/client/client-state';
import type { RequestOptions } from '../types';
import { callError } from './calls';
import type { ClientStateHolder } from './state-holder';

type Request = (method: string, params: Record<string, unknown>, opts?: RequestOptions) => Promise<unknown>;

export class ClientTasks {
  private stopped = false;

  constructor(
    private readonly holder: ClientStateHolder,
    private readonly request: Request,
  ) {}

  /** A Task object from a result, a listing or a status notification. */
  seen(task: Record<string, unknown>, toolName?: string): void {
    this.holder.set('clientTasks', (book) => upsertClientTask(book, task, toolName ? { toolName } : {}));
  }

  /** A task this client created: follow it until it ends. */
  started(task: Record<string, unknown>, toolName: string): void {
    this.seen(task, toolName);
    void this.follow(String(task.taskId), typeof task.pollInterval === 'number' ? task.pollInterval : 1000);
  }

  async get(taskId: string): Promise<void> {
    try {
      this.seen((await this.request('tasks/get', { taskId })) as Record<string, unknown>);
    } catch (e) {
      this.fail(taskId, e);
    }
  }

  async cancel(taskId: string): Promise<void> {
    try {
      this.seen((await this.request('tasks/cancel', { taskId })) as Record<string, unknown>);
    } catch (e) {
      this.fail(taskId, e);
    }
  }

  async result(taskId: string): Promise<void> {
    try {
      const result = (await this.request('tasks/result', { taskId }, { timeoutMs: 10 * 60_000 })) as Record<string, unknown>;
      this.holder.set('clientTasks', (book) => patchClientTask(book, taskId, { result, resultError: undefined }));
      // A result means the task ended; its final status comes with tasks/get.
      if (!isTerminalStatus(this.status(taskId) ?? '')) await this.get(taskId);
    } catch (e) {
      this.fail(taskId, e);
    }
  }

  stop(): void {
    this.stopped = true;
  }

  private status(taskId: string): string | undefined {
    return this.holder.get().clientTasks.tasks[taskId]?.status;
  }

  private async follow(taskId: string, interval: number): Promise<void> {
    const delay = Math.min(Math.max(interval, 250), 5000);
    for (let i = 0; i < 600 && !this.stopped; i++) {
      const status = this.status(taskId);
      if (status === undefined || status === 'cancelled') return;
      // input_required: the server delivers its request (an elicitation, say) through the
      // tasks/result stream, so the result is asked for now and blocks until the task ends.
      if (isTerminalStatus(status) || status === 'input_required') return this.result(taskId);
      await new Promise((r) => setTimeout(r, delay).unref?.());
      if (this.stopped) return;
      try {
        this.seen((await this.request('tasks/get', { taskId })) as Record<string, unknown>);
      } catch (e) {
        return this.fail(taskId, e);
      }
    }
  }

  private fail(taskId: string, e: unknown): void {
    this.holder.set('clientTasks', (book) => patchClientTask(book, taskId, { resultError: callError(e) }));
  }
}
