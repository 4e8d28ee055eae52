/**
 * Pure steps on the client state the proxy holds (lib/wire/client-state.ts): keeping the list of
 * calls short, and folding what the server says about a task into Loupe's book of tasks.
 */
import type { CallState, ClientState, ClientTask } from '../wire/client-state';

/** Finished calls kept besides the latest of each method. */
export const CALL_HISTORY = 20;

/** Every running call, the newest finished call of each method (what the panels show), and the
 *  newest few others; oldest first. */
export function pruneCalls(calls: readonly CallState[]): CallState[] {
  const keep = new Set<CallState>();
  const latest = new Set<string>();
  let others = 0;
  for (let i = calls.length - 1; i >= 0; i--) {
    const c = calls[i];
    if (c.status === 'running') keep.add(c);
    else if (!latest.has(c.method)) {
      latest.add(c.method);
      keep.add(c);
    } else if (others < CALL_HISTORY) {
      others++;
      keep.add(c);
    }
  }
  return calls.filter((c) => keep.has(c));
}

/** The newest call of a method (the one its panel shows), running or not. */
export function latestCall(calls: readonly CallState[], method: string): CallState | undefined {
  for (let i = calls.length - 1; i >= 0; i--) if (calls[i].method === method) return calls[i];
  return undefined;
}

type TaskBook = ClientState['clientTasks'];

/** Folds a Task object (from a result or notifications/tasks/status) into the book. */
export function upsertClientTask(book: TaskBook, task: Record<string, unknown>, extra: Partial<ClientTask> = {}): TaskBook {
  const taskId = task.taskId;
  if (typeof taskId !== 'string') return book;
  const prev = book.tasks[taskId];
  const status = typeof task.status === 'string' ? task.status : (prev?.status ?? '?');
  const entry: ClientTask = {
    ...(prev ?? { taskId, history: [] }),
    ...extra,
    taskId,
    status,
    raw: { ...prev?.raw, ...task },
    statusMessage: typeof task.statusMessage === 'string' ? task.statusMessage : prev?.statusMessage,
  };
  if (!prev || prev.status !== status) entry.history = [...entry.history, status];
  return { tasks: { ...book.tasks, [taskId]: entry }, order: prev ? book.order : [taskId, ...book.order] };
}

/** Sets fields of a task already in the book (a result, an error); unknown ids change nothing. */
export function patchClientTask(book: TaskBook, taskId: string, patch: Partial<ClientTask>): TaskBook {
  const prev = book.tasks[taskId];
  return prev ? { ...book, tasks: { ...book.tasks, [taskId]: { ...prev, ...patch } } } : book;
}
