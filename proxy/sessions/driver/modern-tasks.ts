/**
 * Tasks of the 2026-07-28 tasks extension (io.modelcontextprotocol/tasks, SEP-2663): a tools/call
 * answered with `resultType: "task"` is followed with tasks/get at the server's `pollIntervalMs`
 * until it ends; its result or error comes inline with the terminal status. A task that needs
 * input (`input_required` with `inputRequests`) is answered with tasks/update, by the session when
 * it can (roots, automatic sampling), else by a person from any page; polling resumes after.
 */
import { automaticResponses, inputRequiredOf } from '../../../lib/client/mrtr';
import { isTerminalStatus } from '../../../lib/client/received-tasks';
import { patchClientTask, upsertClientTask } from '../../../lib/client/client-state';
import type { RequestOptions } from '../types';
import { callError } from './calls';
import type { ClientStateHolder } from './state-holder';

type Request = (method: string, params: Record<string, unknown>, opts?: RequestOptions) => Promise<unknown>;
type Obj = Record<string, unknown>;

export class ModernTasks {
  private stopped = false;
  private readonly following = new Set<string>();

  constructor(
    private readonly holder: ClientStateHolder,
    private readonly request: Request,
  ) {}

  /** A CreateTaskResult from a call: follow the task until it ends. */
  started(task: Obj, toolName: string): void {
    this.seen(task, { toolName });
    void this.follow(String(task.taskId));
  }

  async get(taskId: string): Promise<void> {
    await this.poll(taskId);
  }

  async cancel(taskId: string): Promise<void> {
    try {
      await this.request('tasks/cancel', { taskId });
      await this.poll(taskId);
    } catch (e) {
      this.fail(taskId, e);
    }
  }

  /** The answers to the task's inputRequests (the person's, over the session's own). */
  async update(taskId: string, inputResponses: Obj): Promise<void> {
    const asked = this.asked(taskId);
    const automatic = asked ? automaticResponses(asked, this.holder.get()).answered : {};
    try {
      await this.request('tasks/update', { taskId, inputResponses: { ...automatic, ...inputResponses } });
      this.holder.set('clientTasks', (book) => patchClientTask(book, taskId, { raw: { ...book.tasks[taskId]?.raw, inputRequests: undefined } }));
      void this.follow(taskId);
    } catch (e) {
      this.fail(taskId, e);
    }
  }

  stop(): void {
    this.stopped = true;
  }

  private seen(task: Obj, extra: { toolName?: string; polls?: number } = {}): void {
    const { resultType: _r, result, error, ...state } = task;
    this.holder.set('clientTasks', (book) => {
      let next = upsertClientTask(book, state, { ...extra, modern: true });
      if (result && typeof result === 'object') next = patchClientTask(next, String(task.taskId), { result: result as Obj });
      if (error && typeof error === 'object') next = patchClientTask(next, String(task.taskId), { resultError: callError(error) });
      return next;
    });
  }

  private asked(taskId: string) {
    const raw = this.holder.get().clientTasks.tasks[taskId]?.raw;
    return raw?.inputRequests ? inputRequiredOf({ resultType: 'input_required', inputRequests: raw.inputRequests }) : undefined;
  }

  private async poll(taskId: string): Promise<string | undefined> {
    try {
      const task = (await this.request('tasks/get', { taskId })) as Obj;
      const polls = (this.holder.get().clientTasks.tasks[taskId]?.polls ?? 0) + 1;
      this.seen({ ...task, taskId }, { polls });
      return typeof task.status === 'string' ? task.status : undefined;
    } catch (e) {
      this.fail(taskId, e);
      return undefined;
    }
  }

  /** Polls until the task ends or asks for input a person must give. */
  private async follow(taskId: string): Promise<void> {
    if (this.following.has(taskId)) return;
    this.following.add(taskId);
    try {
      for (let i = 0; i < 10_000 && !this.stopped; i++) {
        const task = this.holder.get().clientTasks.tasks[taskId];
        if (!task || isTerminalStatus(task.status)) return;
        if (task.status === 'input_required' && task.raw.inputRequests) {
          const asked = this.asked(taskId);
          // Started after `finally` below has run, so the update's own follow is not undone by it.
          if (asked && automaticResponses(asked, this.holder.get()).forPerson.length === 0) void Promise.resolve().then(() => this.update(taskId, {}));
          return; // the person answers (client/modern-task update), which resumes the polling
        }
        const interval = typeof task.raw.pollIntervalMs === 'number' ? task.raw.pollIntervalMs : 1000;
        await new Promise((r) => setTimeout(r, Math.min(Math.max(interval, 100), 5000)).unref?.());
        if (this.stopped || (await this.poll(taskId)) === undefined) return;
      }
    } finally {
      this.following.delete(taskId);
    }
  }

  private fail(taskId: string, e: unknown): void {
    this.holder.set('clientTasks', (book) => patchClientTask(book, taskId, { resultError: callError(e) }));
  }
}
