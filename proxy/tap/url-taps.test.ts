/**
 * "Tap a URL" in the proxy: the HTTP tap a page starts listens on loopback only, records to a tap
 * file that TapWatcher follows as a tapped session, and ends (listed as ended) when stopped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startEverything, type RunningServer } from '../transports/http/testing';
import { Registry } from '../sessions/registry';
import { waitFor } from '../sessions/test-support';
import { tempDir } from '../cli/shared/run-cli';
import { TapWatcher } from './tap-watcher';
import { checkTapUrl } from './url-taps';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('HTTP taps that Loupe runs (Tap a URL)', () => {
  it('listens on loopback, is followed as a tapped session, and stops on request', async () => {
    const server: RunningServer = await startEverything('streamableHttp');
    cleanups.push(() => server.stop());
    const registry = new Registry();
    cleanups.push(() => registry.closeAll());
    const watcher = new TapWatcher(tempDir(), registry, 100);
    await watcher.start();
    cleanups.push(() => watcher.close());

    const { sessionId, listen } = await watcher.startUrl({ url: server.url, name: 'remote' });
    expect(listen).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const session = registry.get(sessionId)!;
    expect(session.summary()).toMatchObject({ source: 'tap', client: false, transport: 'http' });
    const [entry] = await watcher.list();
    expect(entry).toMatchObject({ name: 'remote', running: true, listen, stoppable: true, sessionId });

    const host = new Client({ name: 'host', version: '1' });
    await host.connect(new StreamableHTTPClientTransport(new URL(listen)));
    await host.ping();
    await host.close();
    await waitFor(() => session.frames().some((f) => f.lane === 'message' && f.raw.includes('"ping"')), 20_000, 'the ping in the session');
    // The tap's numbering holds from its first frame, so each message names its exchange's request.
    const frames = session.frames();
    expect(frames[0]).toMatchObject({ seq: 1, lane: 'lifecycle', meta: { event: 'connect' } });
    for (const f of frames.filter((x) => x.lane === 'message'))
      expect(frames.find((x) => x.seq === (f.meta as { exchange?: number }).exchange)?.meta).toMatchObject({ phase: 'request' });

    await watcher.stopUrl(entry.file);
    await waitFor(() => session.summary().status === 'closed' || session.summary().status === 'failed', 20_000, 'the session to end');
    const [after] = await watcher.list();
    expect(after.running).toBe(false);
    expect(after.stoppable).toBeUndefined();
    await expect(watcher.stopUrl(entry.file)).rejects.toThrow(/no tap this Loupe runs/);
  }, 60_000);

  it('refuses what is not an http(s) URL, and a port that is taken, with the reason', async () => {
    expect(() => checkTapUrl('file:///etc/passwd')).toThrow(/must be http or https/);
    expect(() => checkTapUrl('nope')).toThrow(/is not a URL/);
    const registry = new Registry();
    cleanups.push(() => registry.closeAll());
    const watcher = new TapWatcher(tempDir(), registry, 100);
    await watcher.start();
    cleanups.push(() => watcher.close());
    const first = await watcher.startUrl({ url: 'http://127.0.0.1:9/mcp' });
    const port = Number(new URL(first.listen).port);
    await expect(watcher.startUrl({ url: 'http://127.0.0.1:9/mcp', port })).rejects.toThrow(/port is in use/);
  }, 30_000);
});
