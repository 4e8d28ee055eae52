import { describe, expect, it } from 'vitest';
import { logLine, serverNotifications } from './notifications';

describe('serverNotifications', () => {
  it('keeps only server notifications, batches included', () => {
    const frames = [
      { seq: 1, dir: 'c2s', lane: 'message' },
      { seq: 2, dir: 's2c', lane: 'message' },
      { seq: 3, dir: 's2c', lane: 'message' },
      { seq: 4, dir: 's2c', lane: 'stderr' },
    ];
    const classes = [
      { kind: 'notification', method: 'notifications/initialized', json: { method: 'notifications/initialized' } },
      { kind: 'notification', json: { jsonrpc: '2.0', method: 'notifications/tools/list_changed' } },
      {
        kind: 'batch',
        json: [
          { method: 'notifications/message', params: { level: 'info', data: 'x' } },
          { id: 1, method: 'ping' },
        ],
      },
      { kind: 'other' },
    ];
    const classified = (i: number) => classes[i];
    const got = serverNotifications(frames, classified);
    expect(got.map((n) => [n.seq, n.method])).toEqual([
      [2, 'notifications/tools/list_changed'],
      [3, 'notifications/message'],
    ]);
    expect(serverNotifications(frames, classified, 2)).toHaveLength(1);
    expect(logLine(got[1])).toEqual({ seq: 3, level: 'info', logger: undefined, text: 'x' });
  });
});
