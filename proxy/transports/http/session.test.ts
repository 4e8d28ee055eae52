import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../../lib/analyze';
import type { HttpConnection } from '../../../lib/wire/connection';
import { sessionFor } from '../../sessions/sources';
import { meta, startEverything, startFixture, type RunningServer } from './testing';
import { waitFor } from '../../sessions/test-support';

let server: RunningServer;
beforeAll(async () => {
  server = await startEverything('streamableHttp');
});
afterAll(async () => {
  await server?.stop();
});

const conn = (url: string, mode: HttpConnection['mode'] = 'auto'): HttpConnection => ({
  id: 'h',
  name: 'http',
  transport: 'http',
  url,
  headers: { Authorization: 'Bearer s3cret' },
  mode,
});

describe('a Session over HTTP (the transport factory picks the HTTP transport)', () => {
  it('handshakes with server-everything by URL, calls a tool and sends DELETE on close', async () => {
    const s = sessionFor('h1', conn(server.url), { protocolVersion: '2025-11-25', clientCapabilities: {} });
    await s.start();
    expect(s.summary()).toMatchObject({ status: 'ready', transport: 'http', negotiatedVersion: '2025-11-25' });
    const tools = (await s.request('tools/list', {})) as { tools: { name: string }[] };
    expect(tools.tools.map((t) => t.name)).toContain('echo');
    const echo = await s.request('tools/call', { name: 'echo', arguments: { message: 'via session' } });
    expect(JSON.stringify(echo)).toContain('via session');
    await waitFor(() => s.frames().some((f) => meta(f).stream === 'get' && meta(f).phase === 'response'), 10_000, 'the GET stream');
    await s.close();
    expect(s.summary().status).toBe('closed');
    const frames = s.frames();
    expect(frames.some((f) => meta(f).method === 'DELETE')).toBe(true);
    // The session's recorder gave the seqs: every message frame links to its request frame.
    for (const f of frames.filter((x) => x.lane === 'message')) expect(frames[(meta(f).exchange as number) - 1].meta).toMatchObject({ phase: 'request' });
    expect(analyze(frames).annotations.filter((a) => a.severity === 'error')).toEqual([]);
  });

  it('fails the session with a clear timeout when the server never answers, and closes at once', async () => {
    const silent = await startFixture('http-silent');
    try {
      const s = sessionFor(
        'h2',
        conn(silent.url, 'streamable'),
        { protocolVersion: '2025-11-25', clientCapabilities: {} },
        { transport: { requestTimeoutMs: 300 } },
      );
      await s.start();
      expect(s.summary()).toMatchObject({ status: 'failed', error: expect.stringMatching(/no answer within 300 ms/) });
      const t0 = Date.now();
      await s.close();
      // At once: well before any request or grace timeout (30 s by default), even on a loaded machine.
      expect(Date.now() - t0).toBeLessThan(10_000);
    } finally {
      await silent.stop();
    }
  });
});
