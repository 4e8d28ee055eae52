/** tasks.*: task objects and their status graph (basic/utilities/tasks, 2025-11-25). */
import type { Message } from '../message';
import type { RequestRecord } from '../state';
import type { RuleModule } from '../types';
import { arrAt, hasOwn, isObj, objAt, strAt } from '../util';

const S = 'basic/utilities/tasks';
const REQUIRED = ['taskId', 'status', 'createdAt', 'lastUpdatedAt', 'ttl'];
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
const NEXT: Record<string, readonly string[]> = {
  working: ['input_required', 'completed', 'failed', 'cancelled'],
  input_required: ['working', 'completed', 'failed', 'cancelled'],
};

/** The task objects a message reports, with where they sit. */
function tasksIn(msg: Message, request: RequestRecord | undefined): Array<[string, unknown]> {
  if (msg.kind === 'notification' && msg.method === 'notifications/tasks/status') return [['params', msg.params]];
  if (msg.kind !== 'response' || !request) return [];
  if (isObj(request.params) && hasOwn(request.params, 'task')) return [['result.task', objAt(msg.result, 'task') ?? {}]];
  if (request.method === 'tasks/get' || request.method === 'tasks/cancel') return [['result', msg.result]];
  if (request.method === 'tasks/list') return (arrAt(msg.result, 'tasks') ?? []).map((t, i) => [`result.tasks[${i}]`, t]);
  return [];
}

export const taskRules: RuleModule = {
  rules: {
    'tasks.illegal-transition': { severity: 'error', layer: 'tool', section: `${S}#task-status` },
    'tasks.missing-fields': { severity: 'error', layer: 'tool', section: `${S}#task` },
  },

  onMessage({ msg, state, request, report }) {
    if (state.era === 'modern') return;
    if (msg.kind === 'response' && request?.responseSeq !== undefined) return;
    const at = request ? [msg.seq, request.seq] : [msg.seq];
    for (const [where, task] of tasksIn(msg, request)) {
      const missing = REQUIRED.filter((k) => !isObj(task) || !hasOwn(task, k));
      if (missing.length) report('tasks.missing-fields', at, `${where} lacks ${missing.join(', ')}`);
      const id = strAt(task, 'taskId');
      const status = strAt(task, 'status');
      if (id === undefined || status === undefined) continue;
      // The side that sends a task's state owns it: key by that side.
      const key = `${msg.dir}|${id}`;
      const prev = state.tasks.get(key);
      if (prev && prev.status !== status && (TERMINAL.has(prev.status) || !(NEXT[prev.status] ?? []).includes(status))) {
        report(
          'tasks.illegal-transition',
          [msg.seq, prev.seq],
          `task ${id} went from ${prev.status} to ${status}${TERMINAL.has(prev.status) ? `, but ${prev.status} is terminal` : ''}`,
        );
      }
      state.tasks.set(key, { status, seq: msg.seq });
    }
  },
};
