import { describe, expect, it } from 'vitest';
import { emptyTaskIds, trackClientTaskIds } from './task-ids';

const frame = (dir: string, json: unknown, lane = 'message') => ({ f: { dir, lane }, c: { kind: Array.isArray(json) ? 'batch' : 'response', json } });

describe('tasks the client created, read from the frames', () => {
  it('collects the task ids of client CreateTaskResults only, frame by frame', () => {
    const all = [
      frame('c2s', { jsonrpc: '2.0', id: 's1', result: { task: { taskId: 'a', status: 'working' } } }),
      frame('s2c', { jsonrpc: '2.0', id: 2, result: { task: { taskId: 'server-side' } } }),
      frame('c2s', { jsonrpc: '2.0', id: 's2', result: { action: 'accept' } }),
      frame('c2s', [{ jsonrpc: '2.0', id: 's3', result: { task: { taskId: 'b' } } }]),
      frame('c2s', { jsonrpc: '2.0', method: 'notifications/tasks/status', params: { taskId: 'c' } }),
    ];
    const s1 = trackClientTaskIds(emptyTaskIds, all.slice(0, 2).map((x) => x.f), all.slice(0, 2).map((x) => x.c));
    expect(s1).toEqual({ upTo: 2, ids: { a: true } });
    const s2 = trackClientTaskIds(s1, all.map((x) => x.f), all.map((x) => x.c));
    expect(s2.ids).toEqual({ a: true, b: true });
    expect(trackClientTaskIds(s2, all.map((x) => x.f), all.map((x) => x.c))).toBe(s2);
  });
});
