import { describe, expect, it } from 'vitest';
import { emptyTapUrlDraft, tapUrlRequest } from './tapUrlDraft';

describe('the Tap a URL form', () => {
  it('asks for an http(s) URL, an optional port and name', () => {
    expect(tapUrlRequest({ ...emptyTapUrlDraft, url: ' https://s.example/mcp ', port: '7001', name: ' remote ' })).toEqual({
      ok: true,
      value: { url: 'https://s.example/mcp', port: 7001, name: 'remote', mode: 'auto' },
    });
    expect(tapUrlRequest({ ...emptyTapUrlDraft, url: 'http://127.0.0.1:3001/sse', mode: 'sse' })).toEqual({
      ok: true,
      value: { url: 'http://127.0.0.1:3001/sse', mode: 'sse' },
    });
  });

  it('says what is wrong with a field before anything is sent', () => {
    expect(tapUrlRequest(emptyTapUrlDraft)).toMatchObject({ ok: false, error: expect.stringContaining("server's MCP endpoint") });
    expect(tapUrlRequest({ ...emptyTapUrlDraft, url: 'file:///etc/passwd' })).toMatchObject({ ok: false, error: expect.stringContaining('http or https') });
    expect(tapUrlRequest({ ...emptyTapUrlDraft, url: 'https://s.example/mcp', port: '70000' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('0 to 65535'),
    });
  });
});
