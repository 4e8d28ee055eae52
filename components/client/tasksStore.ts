/**
 * A session's tasks (basic/utilities/tasks, 2025-11-25): the ones Loupe created with a
 * task-augmented `tools/call`, and the ones `tasks/list` reports. A created task is followed with
 * `tasks/get` (at the server's `pollInterval`) and by `notifications/tasks/status`, and its result
 * is fetched with `tasks/result` once it reaches a terminal status.
 */
import { isTerminalStatus } from '../../lib/client/received-tasks';
import { createPerSession } from './perSession';
import { clientRequest, failureOf, type RpcFailure } from './request';

export interface TaskEntry {
  taskId: string;
  status: string;
  statusMessage?: string;
  toolName?: string;
  raw: Record<string, unknown>;
  result?: Record<string, unknown>;
  resultError?: RpcFailure;
  /** Status notifications seen for this task, in order. */
  history: string[];
}

export interface TasksState {
  tasks: Record<string, TaskEntry>;
  order: string[];
  listError?: string;
  nextCursor?: string;
}

export const useTasks = createPerSession<TasksState>(() => ({ tasks: {}, order: [] }));

export const isTerminal = isTerminalStatus;

function upsert(sessionId: string, task: Record<string, unknown>, extra: Partial<TaskEntry> = {}): TaskEntry | undefined {
  const taskId = task.taskId;
  if (typeof taskId !== 'string') return undefined;
  let entry: TaskEntry | undefined;
  useTasks.getState().patch(sessionId, (s) => {
    const prev = s.tasks[taskId];
    const status = typeof task.status === 'string' ? task.status : (prev?.status ?? '?');
    entry = {
      ...(prev ?? { taskId, history: [] }), ...extra, status, raw: { ...prev?.raw, ...task },
      statusMessage: typeof task.statusMessage === 'string' ? task.statusMessage : prev?.statusMessage,
    };
    if (!prev || prev.status !== status) entry.history = [...entry.history, status];
    return { tasks: { ...s.tasks, [taskId]: entry }, order: prev ? s.order : [taskId, ...s.order] };
  });
  return entry;
}

/** A `notifications/tasks/status` from the server. */
export function taskStatusNotified(sessionId: string, params: Record<string, unknown>): void {
  upsert(sessionId, params);
}

export function startTask(sessionId: string, task: Record<string, unknown>, toolName: string): void {
  upsert(sessionId, task, { toolName });
  void follow(sessionId, String(task.taskId), typeof task.pollInterval === 'number' ? task.pollInterval : 1000);
}

async function follow(sessionId: string, taskId: string, interval: number): Promise<void> {
  const delay = Math.min(Math.max(interval, 250), 5000);
  for (let i = 0; i < 600; i++) {
    const cur = useTasks.getState().get(sessionId).tasks[taskId];
    if (!cur) return;
    // input_required: the server delivers its request (an elicitation, say) through the
    // tasks/result stream, so the result is asked for now and blocks until the task ends.
    // A cancelled task has no result to fetch (the person can still ask with Result).
    if (cur.status === 'cancelled') return;
    if (isTerminal(cur.status) || cur.status === 'input_required') return fetchResult(sessionId, taskId);
    await new Promise((r) => setTimeout(r, delay));
    try {
      upsert(sessionId, (await clientRequest(sessionId, 'tasks/get', { taskId })) as Record<string, unknown>);
    } catch (e) {
      useTasks.getState().patch(sessionId, (s) => ({ tasks: { ...s.tasks, [taskId]: { ...s.tasks[taskId], resultError: failureOf(e) } } }));
      return;
    }
  }
}

export async function fetchResult(sessionId: string, taskId: string): Promise<void> {
  try {
    const result = (await clientRequest(sessionId, 'tasks/result', { taskId }, { timeoutMs: 10 * 60_000 })) as Record<string, unknown>;
    useTasks.getState().patch(sessionId, (s) => ({ tasks: { ...s.tasks, [taskId]: { ...s.tasks[taskId], result, resultError: undefined } } }));
    // A result means the task ended; its final status comes with tasks/get.
    if (!isTerminal(useTasks.getState().get(sessionId).tasks[taskId]?.status ?? '')) await refreshTask(sessionId, taskId);
  } catch (e) {
    useTasks.getState().patch(sessionId, (s) => ({ tasks: { ...s.tasks, [taskId]: { ...s.tasks[taskId], resultError: failureOf(e) } } }));
  }
}

export async function listTasks(sessionId: string, more = false): Promise<void> {
  const store = useTasks.getState();
  const cursor = store.get(sessionId).nextCursor;
  try {
    const r = (await clientRequest(sessionId, 'tasks/list', more && cursor ? { cursor } : {})) as { tasks?: unknown; nextCursor?: unknown };
    for (const t of Array.isArray(r?.tasks) ? r.tasks : []) if (typeof t === 'object' && t) upsert(sessionId, t as Record<string, unknown>);
    store.patch(sessionId, { listError: undefined, nextCursor: typeof r?.nextCursor === 'string' ? r.nextCursor : undefined });
  } catch (e) {
    store.patch(sessionId, { listError: `tasks/list failed: ${failureOf(e).message}` });
  }
}

export async function refreshTask(sessionId: string, taskId: string): Promise<void> {
  try {
    upsert(sessionId, (await clientRequest(sessionId, 'tasks/get', { taskId })) as Record<string, unknown>);
  } catch (e) {
    useTasks.getState().patch(sessionId, { listError: `tasks/get failed: ${failureOf(e).message}` });
  }
}

export async function cancelTask(sessionId: string, taskId: string): Promise<void> {
  try {
    upsert(sessionId, (await clientRequest(sessionId, 'tasks/cancel', { taskId })) as Record<string, unknown>);
  } catch (e) {
    useTasks.getState().patch(sessionId, { listError: `tasks/cancel failed: ${failureOf(e).message}` });
  }
}
