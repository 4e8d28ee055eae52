/**
 * The tasks the server created in this page (a task-augmented sampling or elicitation request),
 * and the page's answers to the server's tasks/* requests about them. The bookkeeping is pure
 * (lib/client/received-tasks); this keeps one book per session, the `tasks/result` requests that
 * block until the person answers, and sends `notifications/tasks/status` when a status changes.
 */
import {
  createTask, emptyTaskBook, finishTask, handleTaskRequest, parseTaskBook, prune, resultReply, taskObject, withoutTask,
  type ReceivedTask, type TaskBook, type TaskReply,
} from '../../lib/client/received-tasks';
import { useLoupe } from '../../lib/browser/store';
import type { PendingServerRequest } from '../../lib/wire/protocol';
import { createPerSession } from './perSession';
import { notifyServer } from './request';
import { answer, useServerRequests, type ServerAnswer } from './serverRequestsStore';
import { createdInSession, useTaskIds } from './taskIdsStore';

export interface ReceivedTasksState {
  book: TaskBook;
  /** Keys of the server's tasks/result requests that wait for a task to end, by task id. */
  waiting: Record<string, string[]>;
}

export const useReceivedTasks = createPerSession<ReceivedTasksState>(() => ({ book: emptyTaskBook, waiting: {} }));

const storageKey = (sessionId: string) => `loupe.receivedTasks.${sessionId}`;

function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** Sets a session's book and keeps a copy for this browser tab. */
function setBook(sessionId: string, book: TaskBook): void {
  useReceivedTasks.getState().patch(sessionId, { book });
  try {
    tabStorage()?.setItem(storageKey(sessionId), JSON.stringify(book));
  } catch {
    // Storage full or refused: the tasks still run, they just do not survive a reload.
  }
}

/**
 * After a reload the page still runs the tasks it accepted: the proxy keeps the server's
 * tasks/result requests waiting, and they must find their task. Returns the restored book.
 */
export function restoreReceivedTasks(sessionId: string): TaskBook {
  const store = useReceivedTasks.getState();
  if (!store.bySession[sessionId]) {
    const book = parseTaskBook(tabStorage()?.getItem(storageKey(sessionId)));
    if (book) store.patch(sessionId, { book });
  }
  return store.get(sessionId).book;
}

function newTaskId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `task-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function toAnswer(reply: Exclude<TaskReply, { wait: string }>): ServerAnswer {
  return 'error' in reply ? { error: reply.error } : { result: reply.result };
}

/** Status notifications are optional for a receiver; Loupe sends one for every change. */
function statusChanged(sessionId: string, task: ReceivedTask): void {
  const store = useReceivedTasks.getState();
  const keys = store.get(sessionId).waiting[task.taskId] ?? [];
  store.patch(sessionId, (s) => ({ waiting: Object.fromEntries(Object.entries(s.waiting).filter(([id]) => id !== task.taskId)) }));
  const reply = resultReply(task);
  if (!('wait' in reply)) for (const key of keys) void answer(sessionId, key, toAnswer(reply), true);
  notifyServer(sessionId, 'notifications/tasks/status', taskObject(task)).catch((e: Error) => {
    useServerRequests.getState().patch(sessionId, { error: `Could not send notifications/tasks/status: ${e.message}` });
  });
}

/** Accepts a task-augmented request: the server gets a CreateTaskResult now, the person answers later. */
export function acceptAsTask(sessionId: string, p: PendingServerRequest): string {
  const taskId = newTaskId();
  const params = (p.params ?? {}) as Record<string, unknown>;
  const made = createTask(prune(useReceivedTasks.getState().get(sessionId).book, Date.now()), taskId, p.method, params, Date.now(), p.seq);
  setBook(sessionId, made.book);
  void answer(sessionId, p.key, { result: made.result }, true).then((sent) => {
    // Another page attached to the session answered first: its task is the one the server knows.
    if (!sent) setBook(sessionId, withoutTask(useReceivedTasks.getState().get(sessionId).book, taskId));
  });
  return taskId;
}

/** The person's (or an automatic) answer to the request behind a task. */
export function finishReceivedTask(sessionId: string, taskId: string, a: ServerAnswer): void {
  const done = finishTask(useReceivedTasks.getState().get(sessionId).book, taskId, a, Date.now());
  if (!done.task) return;
  setBook(sessionId, done.book);
  statusChanged(sessionId, done.task);
}

const LIST_GRACE_MS = 1500;
const deferred = new Set<string>();

function othersTasks(sessionId: string, book: TaskBook): boolean {
  return Object.keys(useTaskIds.getState().get(sessionId).ids).some((id) => !book.tasks[id]);
}

function deferList(sessionId: string, p: PendingServerRequest, clientCapabilities: Record<string, unknown> | undefined): void {
  if (deferred.has(p.key)) return;
  deferred.add(p.key);
  setTimeout(() => {
    deferred.delete(p.key);
    const stillPending = (useLoupe.getState().pending[sessionId] ?? []).some((x) => x.key === p.key);
    if (stillPending && !useServerRequests.getState().get(sessionId).answered.includes(p.key)) answerTaskRequest(sessionId, p, clientCapabilities, true);
  }, LIST_GRACE_MS);
}

/** Answers tasks/get, tasks/list, tasks/cancel at once, and tasks/result once its task ended. */
export function answerTaskRequest(sessionId: string, p: PendingServerRequest, clientCapabilities: Record<string, unknown> | undefined, late = false): void {
  const store = useReceivedTasks.getState();
  const book = prune(store.get(sessionId).book, Date.now());
  const taskId = (p.params as { taskId?: unknown } | null)?.taskId;
  // A pending request travels ahead of the frame batches that record it. Until this page holds the
  // request's own frame it cannot know whether another page already created the task it names
  // (that CreateTaskResult came earlier in the session), so it waits: ClientAutomation asks again
  // as frames arrive.
  if (p.seq !== undefined && (useLoupe.getState().traces[sessionId]?.frames.length ?? 0) < p.seq) return;
  // Every page attached to a session sees the request: a task another page created is that
  // page's to answer for (its CreateTaskResult is in the trace); one nobody created is -32602.
  if (p.method !== 'tasks/list' && typeof taskId === 'string' && !book.tasks[taskId] && createdInSession(sessionId, taskId)) return;
  // tasks/list names no task: a page that does not run every task of the session lets the one
  // that does answer first, and answers with its own tasks only if nobody did.
  if (p.method === 'tasks/list' && !late && othersTasks(sessionId, book)) return deferList(sessionId, p, clientCapabilities);
  const { book: next, reply, changed } = handleTaskRequest(book, p.method, p.params, clientCapabilities, Date.now());
  if (next !== store.get(sessionId).book) setBook(sessionId, next);
  if ('wait' in reply) {
    store.patch(sessionId, (s) => {
      const keys = s.waiting[reply.wait] ?? [];
      return { waiting: keys.includes(p.key) ? s.waiting : { ...s.waiting, [reply.wait]: [...keys, p.key] } };
    });
    return;
  }
  void answer(sessionId, p.key, toAnswer(reply), true);
  if (changed) statusChanged(sessionId, changed);
}
