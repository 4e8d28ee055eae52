import { describe, expect, it, vi } from 'vitest';
import { Correlator } from './correlator';
import { RequestError } from './request-error';

function make() {
  const written: Record<string, unknown>[] = [];
  const serverRequests: [unknown, string, unknown][] = [];
  const notifications: string[] = [];
  const c = new Correlator(
    {
      write: async (t) => void written.push(JSON.parse(t)),
      onServerRequest: (id, m, p) => serverRequests.push([id, m, p]),
      onNotification: (m) => notifications.push(m),
    },
    1000,
  );
  return { c, written, serverRequests, notifications };
}

describe('Correlator', () => {
  it('settles only its own responses and ignores strays, string look-alikes included', async () => {
    const { c, written } = make();
    const p = c.request('tools/list', undefined);
    expect(written[0]).toEqual({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    c.handle({ jsonrpc: '2.0', id: '1', result: { wrong: true } });
    c.handle({ jsonrpc: '2.0', id: 42, result: {} });
    expect(c.inFlight).toBe(1);
    c.handle({ jsonrpc: '2.0', id: 1, result: { tools: [] } });
    await expect(p).resolves.toEqual({ tools: [] });
  });

  it('turns an error response into a RequestError with code and data', async () => {
    const { c } = make();
    const p = c.request('tools/call', { name: 'x' });
    c.handle({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'unknown tool', data: { name: 'x' } } });
    const err = await p.catch((e: RequestError) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect(err).toMatchObject({ message: 'unknown tool', code: -32602, data: { name: 'x' }, local: false });
  });

  it('reads a batch from the server element by element', async () => {
    const { c, serverRequests } = make();
    const p = c.request('ping', undefined);
    c.handle([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 'a', method: 'ping' },
    ]);
    await expect(p).resolves.toEqual({});
    expect(serverRequests).toEqual([['a', 'ping', undefined]]);
  });

  it('keeps the caller _meta and adds the progress token; routes progress only to its request', async () => {
    const { c, written, notifications } = make();
    const seen: unknown[] = [];
    const p = c.request('tools/call', { name: 'x', _meta: { keep: 1 } }, { onProgress: (x) => seen.push(x) });
    expect(written[0].params).toEqual({ name: 'x', _meta: { keep: 1, progressToken: 1 } });
    c.handle({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1, total: 2, message: 'half' } });
    c.handle({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 9, progress: 1 } });
    expect(seen).toEqual([{ progress: 1, total: 2, message: 'half' }]);
    expect(notifications).toEqual(['notifications/progress']);
    c.handle({ jsonrpc: '2.0', id: 1, result: {} });
    await p;
  });

  it('never cancels initialize, even on timeout', async () => {
    const { c, written } = make();
    await expect(c.request('initialize', {}, { timeoutMs: 20 })).rejects.toThrow(/no response to initialize/);
    expect(written).toHaveLength(1);
  });

  it('skips ids the raw composer used and fails everything in flight on close', async () => {
    const { c, written } = make();
    c.noteRaw('[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]');
    c.noteRaw('not json at all');
    const p = c.request('ping', undefined);
    expect(written[0].id).toBe(3);
    c.close('the server process exited with code 1');
    await expect(p).rejects.toThrow('the server process exited with code 1 before ping (id 3) was answered');
    await expect(c.request('ping', undefined)).rejects.toThrow(/exited with code 1/);
  });

  it('refuses an already aborted signal without sending anything', async () => {
    const { c, written } = make();
    const ac = new AbortController();
    ac.abort();
    await expect(c.request('ping', undefined, { signal: ac.signal })).rejects.toThrow(/cancelled before it was sent/);
    expect(written).toEqual([]);
  });

  // On fake timers: with real ones, a busy machine stretched a 60 ms sleep past the 100 ms timeout.
  it('lets progress restart the timeout, up to a maximum', async () => {
    vi.useFakeTimers();
    try {
      const progress = (token: number, n: number) => ({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: n } });
      const { c } = make();
      const alive = c.request('tools/call', {}, { timeoutMs: 100, onProgress: () => {} });
      for (let i = 1; i <= 3; i++) {
        await vi.advanceTimersByTimeAsync(60);
        c.handle(progress(1, i));
      }
      c.handle({ jsonrpc: '2.0', id: 1, result: { done: true } });
      await expect(alive).resolves.toEqual({ done: true });

      const capped = new Correlator({ write: async () => {}, onServerRequest: () => {} }, 1000, 150);
      const p = capped.request('tools/call', {}, { timeoutMs: 100, onProgress: () => {} });
      const ticker = setInterval(() => capped.handle(progress(1, Date.now())), 30);
      const settled = expect(p).rejects.toThrow(/within 100 ms/);
      // Progress every 30 ms would keep it alive for ever: the 150 ms maximum ends it.
      await vi.advanceTimersByTimeAsync(399);
      await settled;
      clearInterval(ticker);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps one fixed deadline when the caller says progress must not restart it, and takes a per-request maximum', async () => {
    vi.useFakeTimers();
    try {
      const progress = (token: number, n: number) => ({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: n } });
      const { c } = make();
      const fixed = c.request('tools/call', {}, { timeoutMs: 100, resetTimeoutOnProgress: false, onProgress: () => {} });
      const ticker = setInterval(() => c.handle(progress(1, Date.now())), 20);
      // Loupe gave up: the page shows that apart from an error the server sent.
      const fixedSettled = expect(fixed).rejects.toMatchObject({ message: expect.stringMatching(/within 100 ms/), local: true });
      await vi.advanceTimersByTimeAsync(249);
      await fixedSettled;

      const capped = c.request('tools/call', {}, { timeoutMs: 100, maxTotalMs: 150, onProgress: () => {} });
      const ticker2 = setInterval(() => c.handle(progress(2, Date.now())), 20);
      const cappedSettled = expect(capped).rejects.toThrow(/within 100 ms/);
      await vi.advanceTimersByTimeAsync(399);
      await cappedSettled;
      clearInterval(ticker);
      clearInterval(ticker2);
    } finally {
      vi.useRealTimers();
    }
  });
});
