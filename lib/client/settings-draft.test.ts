import { describe, expect, it } from 'vitest';
import { resolveSettings, settingsDraft } from './settings-draft';

const empty = settingsDraft(undefined);

describe('client settings draft', () => {
  it('empty fields are the defaults: nothing to save', () => {
    expect(resolveSettings(empty)).toEqual({ ok: true, settings: undefined });
  });

  it('round-trips what a connection saved', () => {
    const settings = {
      requestTimeoutMs: 5000,
      resetTimeoutOnProgress: false,
      maxTotalTimeoutMs: 90000,
      requestMeta: { tenant: 'acme' },
      autoRefreshLists: false,
      otlpUrl: 'http://127.0.0.1:4318',
    };
    expect(resolveSettings(settingsDraft(settings))).toEqual({ ok: true, settings });
  });

  it('names what is wrong', () => {
    const err = (d: Partial<typeof empty>) => {
      const r = resolveSettings({ ...empty, ...d });
      return r.ok ? 'ok' : r.error;
    };
    expect(err({ requestTimeoutMs: '1.5' })).toMatch(/request timeout must be a whole number/);
    expect(err({ maxTotalTimeoutMs: '-3' })).toMatch(/maximum total timeout must be/);
    expect(err({ requestTimeoutMs: '5000', maxTotalTimeoutMs: '1000' })).toMatch(/shorter than the request timeout/);
    expect(err({ requestMeta: '{"a":' })).toMatch(/_meta is not valid JSON/);
    expect(err({ requestMeta: '[1]' })).toMatch(/must be a JSON object/);
    expect(err({ requestMeta: '{"progressToken": 1}' })).toMatch(/progressToken/);
    expect(err({ requestTimeoutMs: '99999999' })).toMatch(/requestTimeoutMs/);
    expect(err({ otlpUrl: 'grpc://127.0.0.1:4317' })).toBe('OpenTelemetry: the receiver must be reached by http or https (OTLP over HTTP), not grpc://.');
    expect(err({ otlpUrl: '  ' })).toBe('ok');
  });
});
