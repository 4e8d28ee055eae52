import { describe, expect, it } from 'vitest';
import { withMeta, withSettings } from './request-settings';

describe('withSettings', () => {
  it('fills what the caller left open from the connection', () => {
    expect(withSettings({}, { requestTimeoutMs: 5000, resetTimeoutOnProgress: false, maxTotalTimeoutMs: 9000 })).toEqual({
      timeoutMs: 5000,
      resetTimeoutOnProgress: false,
      maxTotalMs: 9000,
    });
  });

  it('keeps what the caller chose, and anything else it carries', () => {
    const signal = new AbortController().signal;
    expect(withSettings({ timeoutMs: 100, resetTimeoutOnProgress: true, signal }, { requestTimeoutMs: 5000, resetTimeoutOnProgress: false })).toEqual({
      timeoutMs: 100,
      resetTimeoutOnProgress: true,
      signal,
    });
    expect(withSettings({ timeoutMs: 100 }, undefined)).toEqual({ timeoutMs: 100 });
  });
});

describe('withMeta', () => {
  it('adds the connection’s _meta to a request, with or without params', () => {
    expect(withMeta(undefined, { tenant: 'a' })).toEqual({ _meta: { tenant: 'a' } });
    expect(withMeta({ name: 'echo' }, { tenant: 'a' })).toEqual({ name: 'echo', _meta: { tenant: 'a' } });
  });

  it('the request’s own _meta keys win', () => {
    expect(withMeta({ _meta: { progressToken: 3, tenant: 'b' } }, { tenant: 'a', trace: 't' })).toEqual({
      _meta: { tenant: 'b', trace: 't', progressToken: 3 },
    });
  });

  it('no settings, no change', () => {
    const p = { name: 'x' };
    expect(withMeta(p, undefined)).toBe(p);
    expect(withMeta(p, {})).toBe(p);
  });
});
