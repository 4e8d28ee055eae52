import { describe, expect, it } from 'vitest';
import { shownMethod, subjectOf } from './frameView';

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
