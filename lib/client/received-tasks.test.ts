import { describe, expect, it } from 'vitest';
import {
  createTask,
  emptyTaskBook,
  finishTask,
  handleTaskRequest,
  isTerminalStatus,
  openTasks,
  prune,
  withoutTask,
  RELATED_TASK,
  runsAsTask,
  type TaskBook,
} from './received-tasks';

const caps = { tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } } };
const T0 = Date.parse('2025-11-25T10:00:00Z');
const sampling = { messages: [], maxTokens: 10, task: { ttl: 60_000 } };

function created(book: TaskBook = emptyTaskBook, id = 't1', method = 'sampling/createMessage', params: Record<string, unknown> = sampling) {
  return createTask(book, id, method, params, T0);
}

describe('the client as a task receiver', () => {
  it('runs a request as a task only when it asks for one and the client declared it', () => {
    expect(runsAsTask('sampling/createMessage', sampling, caps)).toBe(true);
    expect(runsAsTask('sampling/createMessage', { messages: [] }, caps)).toBe(false);
    expect(runsAsTask('elicitation/create', { task: {} }, { tasks: { requests: { sampling: { createMessage: {} } } } })).toBe(false);
    expect(runsAsTask('roots/list', { task: {} }, caps)).toBe(false);
    expect(runsAsTask('sampling/createMessage', sampling, {})).toBe(false);
  });

  it('answers at once with a working task, the requested ttl kept (at most an hour)', () => {
    const { result } = created();
    expect(result).toEqual({
      task: {
        taskId: 't1',
        status: 'working',
        statusMessage: 'Waiting for the person in Loupe',
        createdAt: '2025-11-25T10:00:00.000Z',
        lastUpdatedAt: '2025-11-25T10:00:00.000Z',
        ttl: 60_000,
        pollInterval: 1000,
      },
    });
    expect(createTask(emptyTaskBook, 'x', 'elicitation/create', { task: { ttl: 9e9 } }, T0).result).toMatchObject({ task: { ttl: 3_600_000 } });
    expect(createTask(emptyTaskBook, 'x', 'elicitation/create', { task: {} }, T0).result).toMatchObject({ task: { ttl: 600_000 } });
  });

  it('tasks/get and tasks/list report it; tasks/result waits until the person answers, then returns the result with related-task meta', () => {
    let { book } = created();
    expect(handleTaskRequest(book, 'tasks/get', { taskId: 't1' }, caps, T0 + 5).reply).toMatchObject({ result: { taskId: 't1', status: 'working' } });
    expect(handleTaskRequest(book, 'tasks/list', {}, caps, T0).reply).toMatchObject({ result: { tasks: [{ taskId: 't1' }] } });
    expect(handleTaskRequest(book, 'tasks/result', { taskId: 't1' }, caps, T0).reply).toEqual({ wait: 't1' });
    const done = finishTask(book, 't1', { result: { role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' } }, T0 + 1000);
    book = done.book;
    expect(done.task).toMatchObject({ status: 'completed' });
    expect(handleTaskRequest(book, 'tasks/result', { taskId: 't1' }, caps, T0).reply).toEqual({
      result: { role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm', _meta: { [RELATED_TASK]: { taskId: 't1' } } },
    });
    expect(handleTaskRequest(book, 'tasks/get', { taskId: 't1' }, caps, T0).reply).toMatchObject({
      result: { status: 'completed', lastUpdatedAt: '2025-11-25T10:00:01.000Z' },
    });
    expect(openTasks(book)).toEqual([]);
  });

  it('a rejected request fails the task, and tasks/result returns the error itself', () => {
    const { book } = finishTask(created().book, 't1', { error: { code: -1, message: 'rejected' } }, T0);
    expect(book.tasks.t1.status).toBe('failed');
    expect(handleTaskRequest(book, 'tasks/result', { taskId: 't1' }, caps, T0).reply).toEqual({ error: { code: -1, message: 'rejected' } });
  });

  it('tasks/cancel cancels once, refuses a terminal task, and the cancelled task keeps its status', () => {
    const start = created(emptyTaskBook, 'e1', 'elicitation/create', { task: {} }).book;
    const c = handleTaskRequest(start, 'tasks/cancel', { taskId: 'e1' }, caps, T0);
    expect(c.reply).toMatchObject({ result: { taskId: 'e1', status: 'cancelled' } });
    expect(c.changed?.status).toBe('cancelled');
    expect(handleTaskRequest(c.book, 'tasks/cancel', { taskId: 'e1' }, caps, T0).reply).toMatchObject({ error: { code: -32602 } });
    expect(handleTaskRequest(c.book, 'tasks/result', { taskId: 'e1' }, caps, T0).reply).toMatchObject({ result: { action: 'cancel' } });
    expect(finishTask(c.book, 'e1', { result: { action: 'accept' } }, T0).task).toBeUndefined();
    expect(c.book.tasks.e1.status).toBe('cancelled');
  });

  it('unknown tasks and bad cursors are -32602; list and cancel need their capability', () => {
    const { book } = created();
    expect(handleTaskRequest(book, 'tasks/get', { taskId: 'nope' }, caps, T0).reply).toMatchObject({ error: { code: -32602 } });
    expect(handleTaskRequest(book, 'tasks/result', {}, caps, T0).reply).toMatchObject({ error: { code: -32602 } });
    expect(handleTaskRequest(book, 'tasks/list', { cursor: 'zz' }, caps, T0).reply).toMatchObject({ error: { code: -32602 } });
    expect(handleTaskRequest(book, 'tasks/list', {}, { tasks: {} }, T0).reply).toMatchObject({ error: { code: -32601 } });
    expect(handleTaskRequest(book, 'tasks/cancel', { taskId: 't1' }, { tasks: {} }, T0).reply).toMatchObject({ error: { code: -32601 } });
  });

  it('pages tasks/list and forgets tasks whose ttl ran out', () => {
    let book = emptyTaskBook;
    for (let i = 0; i < 60; i++) book = created(book, `t${i}`).book;
    const first = handleTaskRequest(book, 'tasks/list', {}, caps, T0).reply as { result: { tasks: unknown[]; nextCursor?: string } };
    expect(first.result.tasks).toHaveLength(50);
    const second = handleTaskRequest(book, 'tasks/list', { cursor: first.result.nextCursor }, caps, T0).reply as {
      result: { tasks: unknown[]; nextCursor?: string };
    };
    expect(second.result.tasks).toHaveLength(10);
    expect(second.result.nextCursor).toBeUndefined();
    expect(prune(book, T0 + 60_000)).toBe(book);
    const pruned = prune(book, T0 + 60_001);
    expect(pruned.tasks.t0).toMatchObject({ taskId: 't0', expired: true, params: {} });
    expect(prune(pruned, T0 + 90_000)).toBe(pruned);
    expect(handleTaskRequest(pruned, 'tasks/list', {}, caps, T0).reply).toEqual({ result: { tasks: [] } });
    expect(handleTaskRequest(pruned, 'tasks/get', { taskId: 't0' }, caps, T0).reply).toEqual({
      error: { code: -32602, message: 'Failed to retrieve task: task "t0" has expired (its ttl ran out)' },
    });
    expect(openTasks(pruned)).toEqual([]);
    const less = withoutTask(book, 't3');
    expect(finishTask(pruned, 't1', { result: {} }, T0).task).toBeUndefined();
    expect(less.order).toHaveLength(59);
    expect(less.tasks.t3).toBeUndefined();
    expect(withoutTask(less, 't3')).toBe(less);
  });

  it('knows the terminal statuses', () => {
    expect(['working', 'input_required', 'completed', 'failed', 'cancelled'].map(isTerminalStatus)).toEqual([false, false, true, true, true]);
  });
});
