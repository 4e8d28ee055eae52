import { describe, expect, it } from 'vitest';
import { frameView, shownMethod, subjectOf } from './frameView';
import { emptyTrace, ingest } from './trace';

describe('the Method column', () => {
  it('shows a notification without the notifications/ its Kind cell says', () => {
    expect(shownMethod('notification', 'notifications/message')).toBe('message');
    expect(shownMethod('notification', 'notifications/resources/updated')).toBe('resources/updated');
  });

  it('keeps every other method whole, and a notification that has nothing after the prefix', () => {
    expect(shownMethod('request', 'notifications/message')).toBe('notifications/message');
    expect(shownMethod('notification', 'notifications/')).toBe('notifications/');
    expect(shownMethod('notification', 'custom/event')).toBe('custom/event');
    expect(shownMethod('response', 'tools/call')).toBe('tools/call');
  });
});

describe('the About column', () => {
  it('names the resource an update notification is about', () => {
    expect(subjectOf('notifications/resources/updated', { uri: 'demo://resource/1' })).toBe('demo://resource/1');
    expect(subjectOf('notifications/message', { level: 'info', data: 'x' })).toBeUndefined();
    expect(subjectOf('tools/call', { name: 'echo' })).toBe('echo');
  });
});

describe('the Kind column', () => {
  it('calls a message whose text the memory budget left on disk unread, not invalid', () => {
    const msg = (seq: number, raw: string, extra: object = {}) => ({
      seq,
      ts: seq * 1000,
      dir: 's2c' as const,
      lane: 'message' as const,
      raw,
      size: 40,
      meta: { transport: 'stdio' as const },
      ...extra,
    });
    const t = ingest(emptyTrace({ kind: 'live', sessionId: 's1' }), [
      msg(1, '{"jsonrpc":"2.0","method":"notifications/message"}'),
      msg(2, '', { textDropped: true }),
      msg(3, 'not json'),
    ]);
    expect([1, 2, 3].map((seq) => frameView(t, seq)?.kind)).toEqual(['notification', 'on disk', 'invalid']);
  });
});
