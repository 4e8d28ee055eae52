import { script } from '../testing';
import { note, req, res, type RuleCase } from './types';

const hs = () => script().handshake({ server: { tools: {}, tasks: { requests: { tools: { call: {} } } } } });
const task = (status: string, extra: object = {}) => ({
  taskId: 't1',
  status,
  createdAt: '2025-11-25T10:00:00Z',
  lastUpdatedAt: '2025-11-25T10:00:00Z',
  ttl: 60000,
  ...extra,
});
const status = (s: string) => note('notifications/tasks/status', task(s));
const started = () =>
  hs()
    .c(req(1, 'tools/call', { name: 'a', task: { ttl: 60000 } }))
    .s(res(1, { task: task('working') }));

export const taskCases: RuleCase[] = [
  {
    rule: 'tasks.illegal-transition',
    name: 'completed, then working again',
    trigger: () => started().s(status('completed')).s(status('working')).frames,
    nearMiss: () => started().s(status('input_required')).s(status('working')).s(status('completed')).frames,
  },
  {
    rule: 'tasks.missing-fields',
    name: 'a task without lastUpdatedAt and ttl',
    trigger: () =>
      hs()
        .c(req(1, 'tools/call', { name: 'a', task: {} }))
        .s(res(1, { task: { taskId: 't1', status: 'working', createdAt: '2025-11-25T10:00:00Z' } })).frames,
    nearMiss: () => started().frames,
  },
];
