/**
 * Loupe as a task receiver, run once in the proxy for the whole session: a task-augmented
 * sampling or elicitation request gets its CreateTaskResult at once, the person's answer (from
 * any page) ends the task, and the server's tasks/* requests are answered from the one book
 * (lib/client/received-tasks holds the rules). A tasks/result for a task still running waits.
 */
import { randomUUID } from 'node:crypto';
import {
  createTask,
  finishTask,
  handleTaskRequest,
  prune,
  resultReply,
  taskObject,
  type ReceivedTask,
  type TaskBook,
  type TaskOutcome,
  type TaskReply,
} from '../../../lib/client/received-tasks';
import type { Answer, Id } from '../server-requests';
import type { ClientStateHolder } from './state-holder';

export interface TaskWire {
  respond(id: Id, answer: Answer): void;
  notify(method: string, params: Record<string, unknown>): Promise<void>;
}

function toAnswer(reply: Exclude<TaskReply, { wait: string }>): Answer {
  return 'error' in reply ? { error: reply.error } : { result: reply.result };
}

export class ReceivedTasks {
  /** The server's tasks/result requests that wait for a task to end, by task id. */
  private readonly waiting = new Map<string, Id[]>();

  constructor(
    private readonly holder: ClientStateHolder,
    private readonly wire: TaskWire,
    private readonly clientCapabilities: Record<string, unknown>,
  ) {}

  private get book(): TaskBook {
    return this.holder.get().receivedTasks as TaskBook;
  }

  private set book(book: TaskBook) {
    this.holder.set('receivedTasks', book);
  }

  /** Accepts a task-augmented request: the server gets a CreateTaskResult now. Returns the task id. */
  accept(id: Id, method: string, params: unknown, seq: number | undefined): string {
    const taskId = randomUUID();
    const made = createTask(prune(this.book, Date.now()), taskId, method, (params ?? {}) as Record<string, unknown>, Date.now(), seq);
    this.book = made.book;
    this.wire.respond(id, { result: made.result });
    return taskId;
  }

  /** The person's (or an automatic) answer to the request behind a task. */
  finish(taskId: string, outcome: TaskOutcome): void {
    const done = finishTask(this.book, taskId, outcome, Date.now());
    if (!done.task) throw new Error(`task ${taskId} is not waiting for an answer: it ended, expired or never existed`);
    this.book = done.book;
    this.statusChanged(done.task);
  }

  /** One of the server's tasks/get, tasks/result, tasks/list, tasks/cancel. */
  handle(id: Id, method: string, params: unknown): void {
    const { book, reply, changed } = handleTaskRequest(prune(this.book, Date.now()), method, params, this.clientCapabilities, Date.now());
    this.book = book;
    if ('wait' in reply) {
      this.waiting.set(reply.wait, [...(this.waiting.get(reply.wait) ?? []), id]);
      return;
    }
    this.wire.respond(id, toAnswer(reply));
    if (changed) this.statusChanged(changed);
  }

  /** Status notifications are optional for a receiver; Loupe sends one for every change. */
  private statusChanged(task: ReceivedTask): void {
    const ids = this.waiting.get(task.taskId) ?? [];
    this.waiting.delete(task.taskId);
    const reply = resultReply(task);
    if (!('wait' in reply)) for (const id of ids) this.wire.respond(id, toAnswer(reply));
    this.wire.notify('notifications/tasks/status', taskObject(task)).catch((e: Error) => {
      this.holder.set('error', `Could not send notifications/tasks/status: ${e.message}`);
    });
  }
}
