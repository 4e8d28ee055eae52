import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '../wire/protocol';
import { useLoupe } from './store';

const summary = (id: string, status: SessionSummary['status']): SessionSummary => ({
  id,
  connectionId: 'c',
  name: id,
  transport: 'stdio',
  status,
  startedAt: 0,
  lastSeq: 0,
  attached: 1,
});
const update = (...sessions: SessionSummary[]) => useLoupe.getState().applyMessages([{ type: 'sessions/update', sessions }]);
const hello = (...sessions: SessionSummary[]) =>
  useLoupe
    .getState()
    .applyMessages([{ type: 'hello', version: '0', loupeCommand: ['loupe'], defaults: { protocolVersion: '2025-11-25' } as never, connections: [], sessions }]);

describe('the Doctor view opens by itself', () => {
  it('when a session the page watched fails, in the same write as the summary', () => {
    update(summary('a', 'initializing'), summary('b', 'ready'));
    useLoupe.getState().setPane('b', 'timing');
    update(summary('a', 'failed'), summary('b', 'ready'));
    expect(useLoupe.getState().pane).toMatchObject({ a: 'doctor', b: 'timing' });
    // Once open, another view chosen stays chosen while the session stays failed.
    useLoupe.getState().setPane('a', 'traffic');
    update(summary('a', 'failed'), summary('b', 'failed'));
    expect(useLoupe.getState().pane).toMatchObject({ a: 'traffic', b: 'doctor' });
  });

  it('when a session fails before the page first saw it', () => {
    update(summary('e', 'failed'));
    expect(useLoupe.getState().pane.e).toBe('doctor');
  });

  it('not for a session a hello shows failed already (a reload), nor one closed by the user', () => {
    hello(summary('c', 'failed'), summary('d', 'ready'));
    update(summary('c', 'failed'), summary('d', 'closed'));
    expect(useLoupe.getState().pane.c).toBeUndefined();
    expect(useLoupe.getState().pane.d).toBeUndefined();
  });
});
