import { describe, expect, it } from 'vitest';
import { appChannel, appNumber, channelDirectionLabel, channelLabel, channelOf, SESSION_CHANNEL } from './channel';

describe('channels', () => {
  it('names app channels from 1 and reads their number back', () => {
    expect(appChannel(1)).toBe('app:1');
    expect(appNumber(appChannel(27))).toBe(27);
    expect(appNumber(undefined)).toBeUndefined();
    expect(() => appChannel(0)).toThrow('an app channel is numbered from 1; got 0');
  });

  it('keys the session channel apart from every app channel', () => {
    expect(channelOf({})).toBe(SESSION_CHANNEL);
    expect(channelOf({ channel: 'app:2' })).toBe('app:2');
  });

  it('labels a channel and its directions for a person', () => {
    expect(channelLabel(undefined)).toBe('Session');
    expect(channelLabel('app:3')).toBe('App #3');
    expect(channelDirectionLabel(undefined, 'c2s')).toBe('client → server');
    expect(channelDirectionLabel('app:1', 'c2s')).toBe('app → host');
    expect(channelDirectionLabel('app:1', 's2c')).toBe('host → app');
  });
});
