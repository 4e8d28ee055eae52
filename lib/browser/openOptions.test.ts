import { describe, expect, it } from 'vitest';
import { resolveOpenOptions } from './openOptions';

const defaults = { protocolVersion: '2025-11-25', clientCapabilities: { roots: { listChanged: true } } };

describe('resolveOpenOptions', () => {
  it('uses the proxy defaults while nothing was edited', () => {
    expect(resolveOpenOptions({}, defaults)).toEqual({ ok: true, options: defaults });
  });

  it('sends an edited version and capabilities', () => {
    const r = resolveOpenOptions({ protocolVersion: ' 2024-11-05 ', capabilitiesText: '{"sampling":{}}' }, defaults);
    expect(r).toEqual({ ok: true, options: { protocolVersion: '2024-11-05', clientCapabilities: { sampling: {} } } });
  });

  it('explains JSON that does not parse, and JSON that is not an object', () => {
    expect(resolveOpenOptions({ capabilitiesText: '{roots:' }, defaults)).toMatchObject({ ok: false, error: expect.stringMatching(/not valid JSON/) });
    expect(resolveOpenOptions({ capabilitiesText: '[1]' }, defaults)).toMatchObject({ ok: false, error: expect.stringMatching(/must be a JSON object/) });
    expect(resolveOpenOptions({ protocolVersion: '' }, defaults)).toMatchObject({ ok: false, error: expect.stringMatching(/empty/) });
  });
});
