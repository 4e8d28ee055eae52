/**
 * The client as a task receiver (basic/utilities/tasks, 2025-11-25): a task-augmented
 * `sampling/createMessage` or `elicitation/create` is answered at once with a CreateTaskResult,
 * and the server then asks `tasks/get`, `tasks/result`, `tasks/list` and `tasks/cancel` about it.
 * Pure bookkeeping: every function takes the book and the time and returns a new book; the
 * session's client in the proxy keeps the one book (proxy/sessions/driver/received-tasks.ts).
 */
import { asObject } from '../mcp/json';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** What the underlying request returned: its result, or a JSON-RPC error. */
export interface TaskOutcome {
  result?: Record<string, unknown>;
  error?: RpcError;
}

export interface ReceivedTask {
  taskId: string;
  method: string;
  params: Record<string, unknown>;
  /** The frame of the request that created the task, when known. */
  requestSeq?: number;
  status: TaskStatus;
  statusMessage?: string;
  createdMs: number;
  updatedMs: number;
  ttl: number | null;
  pollInterval: number;
  outcome?: TaskOutcome;
  /** The ttl ran out: only the id is kept, so the page still knows the task was its own. */
  expired?: true;
}

export interface TaskBook {
  tasks: Record<string, ReceivedTask>;
  /** Oldest first: tasks/list pages through this order. */
  order: string[];
}

/** A reply to one of the server's tasks/* requests; `wait` means tasks/result must block. */
export type TaskReply = { result: Record<string, unknown> } | { error: RpcError } | { wait: string };

export const emptyTaskBook: TaskBook = { tasks: {}, order: [] };
export const RELATED_TASK = 'io.modelcontextprotocol/related-task';
export const TASK_METHODS = ['tasks/get', 'tasks/result', 'tasks/list', 'tasks/cancel'];
const DEFAULT_TTL = 10 * 60_000;
const MAX_TTL = 60 * 60_000;
const POLL_INTERVAL = 1000;
const PAGE_SIZE = 50;
const INVALID_PARAMS = -32602;

type Obj = Record<string, unknown>;
/** completed, failed and cancelled are final: a task never leaves them (Task Status Lifecycle). */
export const isTerminalStatus = (s: string): boolean => s === 'completed' || s === 'failed' || s === 'cancelled';
const isTerminal = isTerminalStatus;

/** The `tasks.requests` entry that lets a server send this method as a task. */
const AUGMENTABLE: Record<string, [string, string]> = {
  'sampling/createMessage': ['sampling', 'createMessage'],
  'elicitation/create': ['elicitation', 'create'],
};

/** True when the request asks for a task and the client declared it may be one. */
export function runsAsTask(method: string, params: unknown, clientCapabilities: Obj | undefined): boolean {
  const where = AUGMENTABLE[method];
  if (!where || !asObject(asObject(params)?.task)) return false;
  return asObject(asObject(asObject(asObject(clientCapabilities?.tasks)?.requests)?.[where[0]])?.[where[1]]) !== undefined;
}

/** The Task object of the wire (tasks/get, tasks/cancel, tasks/list, notifications/tasks/status). */
export function taskObject(t: ReceivedTask): Obj {
  const o: Obj = { taskId: t.taskId, status: t.status };
  if (t.statusMessage !== undefined) o.statusMessage = t.statusMessage;
  return { ...o, createdAt: new Date(t.createdMs).toISOString(), lastUpdatedAt: new Date(t.updatedMs).toISOString(), ttl: t.ttl, pollInterval: t.pollInterval };
}

function put(book: TaskBook, t: ReceivedTask): TaskBook {
  return { tasks: { ...book.tasks, [t.taskId]: t }, order: book.tasks[t.taskId] ? book.order : [...book.order, t.taskId] };
}

export function createTask(book: TaskBook, taskId: string, method: string, params: Obj, now: number, requestSeq?: number): { book: TaskBook; result: Obj } {
  const asked = asObject(params.task)?.ttl;
  // A receiver may override the requested ttl: Loupe keeps a task at most an hour.
  const ttl = typeof asked === 'number' && asked >= 0 ? Math.min(asked, MAX_TTL) : DEFAULT_TTL;
  const task: ReceivedTask = {
    taskId,
    method,
    params,
    status: 'working',
    statusMessage: 'Waiting for the person in Loupe',
    createdMs: now,
    updatedMs: now,
    ttl,
    pollInterval: POLL_INTERVAL,
  };
  if (requestSeq !== undefined) task.requestSeq = requestSeq;
  return { book: put(book, task), result: { task: taskObject(task) } };
}

export function withoutTask(book: TaskBook, taskId: string): TaskBook {
  if (!book.tasks[taskId]) return book;
  const { [taskId]: _gone, ...tasks } = book.tasks;
  return { tasks, order: book.order.filter((id) => id !== taskId) };
}

/** Forgets the request and result of tasks whose ttl ran out (a receiver may delete them). */
export function prune(book: TaskBook, now: number): TaskBook {
  const gone = book.order.filter((id) => {
    const t = book.tasks[id];
    return !t.expired && t.ttl !== null && t.createdMs + t.ttl < now;
  });
  if (gone.length === 0) return book;
  const tasks = { ...book.tasks };
  for (const id of gone) tasks[id] = { ...tasks[id], params: {}, outcome: undefined, expired: true };
  return { tasks, order: book.order };
}

/** The underlying request's answer with the related-task metadata tasks/result must carry. */
export function resultReply(t: ReceivedTask): TaskReply {
  if (!t.outcome) return { wait: t.taskId };
  if (t.outcome.error) return { error: t.outcome.error };
  const result = t.outcome.result ?? {};
  return { result: { ...result, _meta: { ...asObject(result._meta), [RELATED_TASK]: { taskId: t.taskId } } } };
}

/** The person (or an automatic reply) answered: the task ends, unless it already ended. */
export function finishTask(book: TaskBook, taskId: string, outcome: TaskOutcome, now: number): { book: TaskBook; task?: ReceivedTask } {
  const t = book.tasks[taskId];
  // A cancelled task stays cancelled even if its work completes (Task Cancellation).
  if (!t || t.expired || isTerminal(t.status)) return { book };
  const task: ReceivedTask = {
    ...t,
    outcome,
    updatedMs: now,
    status: outcome.error ? 'failed' : 'completed',
    statusMessage: outcome.error ? `The request failed: ${outcome.error.message}` : 'Answered in Loupe',
  };
  return { book: put(book, task), task };
}

/** What a cancelled request returns from tasks/result: an elicitation the person never saw is a cancel. */
function cancelledOutcome(method: string): TaskOutcome {
  if (method === 'elicitation/create') return { result: { action: 'cancel' } };
  return { error: { code: -1, message: 'The task was cancelled before the user answered the sampling request' } };
}

function notFound(taskId: unknown, t: ReceivedTask | undefined): TaskReply {
  const why = t ? 'has expired (its ttl ran out)' : 'is unknown';
  return { error: { code: INVALID_PARAMS, message: `Failed to retrieve task: task ${JSON.stringify(taskId)} ${why}` } };
}

/** Answers one of the server's tasks/* requests; `changed` is the task whose status moved. */
export function handleTaskRequest(
  book: TaskBook,
  method: string,
  params: unknown,
  clientCapabilities: Obj | undefined,
  now: number,
): { book: TaskBook; reply: TaskReply; changed?: ReceivedTask } {
  const tasksCaps = asObject(clientCapabilities?.tasks);
  const p = asObject(params) ?? {};
  const known = typeof p.taskId === 'string' ? book.tasks[p.taskId] : undefined;
  const t = known?.expired ? undefined : known;
  const undeclared = (what: string): TaskReply => ({
    error: { code: -32601, message: `${method} is not supported: the client did not declare tasks.${what}` },
  });
  switch (method) {
    case 'tasks/get':
      return { book, reply: t ? { result: taskObject(t) } : notFound(p.taskId, known) };
    case 'tasks/result':
      return { book, reply: t ? resultReply(t) : notFound(p.taskId, known) };
    case 'tasks/list': {
      if (!asObject(tasksCaps?.list)) return { book, reply: undeclared('list') };
      const live = book.order.filter((id) => !book.tasks[id].expired);
      const start = p.cursor === undefined ? 0 : Number(p.cursor);
      if (!Number.isInteger(start) || start < 0 || start > live.length || (p.cursor !== undefined && typeof p.cursor !== 'string')) {
        return {
          book,
          reply: { error: { code: INVALID_PARAMS, message: `Invalid cursor ${JSON.stringify(p.cursor)}: use a nextCursor from an earlier tasks/list` } },
        };
      }
      const ids = live.slice(start, start + PAGE_SIZE);
      const result: Obj = { tasks: ids.map((id) => taskObject(book.tasks[id])) };
      if (start + PAGE_SIZE < live.length) result.nextCursor = String(start + PAGE_SIZE);
      return { book, reply: { result } };
    }
    case 'tasks/cancel': {
      if (!asObject(tasksCaps?.cancel)) return { book, reply: undeclared('cancel') };
      if (!t) return { book, reply: notFound(p.taskId, known) };
      if (isTerminal(t.status))
        return { book, reply: { error: { code: INVALID_PARAMS, message: `Task ${t.taskId} is already ${t.status}: it cannot be cancelled` } } };
      const changed: ReceivedTask = {
        ...t,
        status: 'cancelled',
        statusMessage: 'Cancelled by the server (tasks/cancel)',
        updatedMs: now,
        outcome: cancelledOutcome(t.method),
      };
      return { book: put(book, changed), reply: { result: taskObject(changed) }, changed };
    }
    default:
      return { book, reply: { error: { code: -32601, message: `Method not found: ${method}` } } };
  }
}

/** Tasks still waiting for the person, oldest first. */
export function openTasks(book: TaskBook): ReceivedTask[] {
  return book.order.map((id) => book.tasks[id]).filter((t) => !t.expired && !isTerminal(t.status));
}
