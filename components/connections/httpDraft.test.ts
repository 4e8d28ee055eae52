import { describe, expect, it } from 'vitest';
import { MASKED_VALUE } from '../../lib/wire/connection';
import { httpDraftFrom, httpDraftToConnection } from './httpDraft';

describe('the connection-by-URL draft', () => {
  it('becomes an HTTP connection with its headers and transport mode', () => {
    const r = httpDraftToConnection(
      {
        name: 'Remote',
        url: ' http://127.0.0.1:3001/mcp ',
        mode: 'streamable',
        headers: [
          { name: 'Authorization', value: 'Bearer t' },
          { name: '', value: '' },
        ],
        requestTimeout: '',
        connectTimeout: '',
      },
      () => 'x1',
    );
    expect(r).toEqual({
      ok: true,
      connection: {
        id: 'remote-x1',
        name: 'Remote',
        transport: 'http',
        url: 'http://127.0.0.1:3001/mcp',
        headers: { Authorization: 'Bearer t' },
        mode: 'streamable',
      },
    });
  });

  it('says what to fix', () => {
    const base = { name: 'R', url: 'http://h/mcp', mode: 'auto' as const, headers: [], requestTimeout: '', connectTimeout: '' };
    expect(httpDraftToConnection({ ...base, name: ' ' })).toMatchObject({ ok: false, error: /name/ });
    expect(httpDraftToConnection({ ...base, url: 'localhost:3001' })).toMatchObject({ ok: false, error: /http:\/\/ or https:\/\// });
    expect(httpDraftToConnection({ ...base, url: 'not a url' })).toMatchObject({ ok: false, error: /in full/ });
    expect(httpDraftToConnection({ ...base, headers: [{ name: 'Bad Name', value: 'x' }] })).toMatchObject({ ok: false, error: /not a valid header name/ });
    expect(
      httpDraftToConnection({
        ...base,
        headers: [
          { name: 'A', value: '1' },
          { name: 'a', value: '2' },
        ],
      }),
    ).toMatchObject({ ok: false, error: /set twice/ });
    expect(httpDraftToConnection({ ...base, requestTimeout: '1.5s' })).toMatchObject({ ok: false, error: /request timeout must be a whole number/ });
  });

  it('round-trips a stored connection, keeping masked values masked (the proxy keeps the stored secret)', () => {
    const draft = httpDraftFrom({
      id: 'r-1',
      name: 'R',
      transport: 'http',
      url: 'http://h/mcp',
      headers: { Authorization: MASKED_VALUE },
      mode: 'sse',
      timeouts: { requestMs: 5000 },
    });
    expect(draft.requestTimeout).toBe('5000');
    expect(httpDraftToConnection(draft)).toMatchObject({
      ok: true,
      connection: { id: 'r-1', headers: { Authorization: MASKED_VALUE }, mode: 'sse', timeouts: { requestMs: 5000 } },
    });
  });
});
