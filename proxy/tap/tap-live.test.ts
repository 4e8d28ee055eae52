/**
 * Tapping with the dashboard, as a person would: a real `loupe start`, a real host (the SDK
 * client) running `loupe tap`, a page's WebSocket. Taps are followed live, picked up by a Loupe
 * started later, survive Loupe being killed, and stay listed to open afterwards.
 */
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Frame } from '../../lib/mcp/frame';
import type { ProxyMessage, SessionSummary, TapEntry } from '../../lib/wire/protocol';
import { EVERYTHING, killStartedLoupes, LOUPE_BIN, startLoupe, tempDir } from '../cli/shared/run-cli';
import { waitFor } from '../sessions/test-support';

const clients: Client[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => {});
  killStartedLoupes();
});

/** A page's socket that keeps the newest sessions and taps and every frame of attached sessions. */
class Page {
  sessions: SessionSummary[] = [];
  taps: TapEntry[] = [];
  frames = new Map<string, Frame[]>();
  private rid = 0;
  private waiters = new Map<string, (m: ProxyMessage) => void>();
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as ProxyMessage;
      if (m.type === 'hello') this.sessions = m.sessions;
      if (m.type === 'sessions/update') this.sessions = m.sessions;
      if (m.type === 'taps/update') this.taps = m.taps;
      if (m.type === 'frames/snapshot' || m.type === 'frames/append')
        this.frames.set(m.sessionId, [...(this.frames.get(m.sessionId) ?? []), ...(m.frames as Frame[])]);
      if (m.type === 'ack') this.waiters.get(m.rid)?.(m);
    });
  }
  static async open(url: string): Promise<Page> {
    const u = new URL(url);
    const ws = new WebSocket(`ws://${u.host}/ws?token=${u.searchParams.get('token')}`, { headers: { Origin: u.origin } });
    const page = new Page(ws);
    await new Promise((r, j) => ws.once('open', r).once('error', j));
    return page;
  }
  call(msg: Record<string, unknown>): Promise<ProxyMessage & { type: 'ack' }> {
    const rid = `t${++this.rid}`;
    return new Promise((resolve) => {
      this.waiters.set(rid, (m) => resolve(m as ProxyMessage & { type: 'ack' }));
      this.ws.send(JSON.stringify({ ...msg, rid }));
    });
  }
  close() {
    this.ws.close();
  }
}

async function host(configDir: string, name: string): Promise<Client> {
  const client = new Client({ name: 'a-host', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [LOUPE_BIN, 'tap', '--config-dir', configDir, '--name', name, '--', ...EVERYTHING],
      stderr: 'ignore',
    }),
  );
  clients.push(client);
  return client;
}

const methods = (frames: Frame[]) => frames.filter((f) => f.dir === 'c2s' && f.lane === 'message').map((f) => JSON.parse(f.raw).method as string);

describe('taps in the dashboard', () => {
  it('follows a running tap live, and keeps the host working when Loupe is killed', async () => {
    const configDir = tempDir();
    const loupe = startLoupe(configDir, ['--port', '0']);
    const page = await Page.open(await loupe.url);
    const client = await host(configDir, 'everything');
    const tapped = await waitFor(() => page.sessions.find((s) => s.source === 'tap' && s.name.startsWith('everything')), 30_000, 'a tap session');
    expect(tapped.client).toBe(false);
    await page.call({ type: 'session/attach', sessionId: tapped.id });
    await client.listTools();
    await client.callTool({ name: 'echo', arguments: { message: 'seen live' } });
    await waitFor(() => page.frames.get(tapped.id)?.some((f) => f.raw.includes('Echo: seen live')), 30_000, 'the call in the page');
    expect(methods(page.frames.get(tapped.id)!)).toEqual(expect.arrayContaining(['initialize', 'notifications/initialized', 'tools/list', 'tools/call']));
    // A tapped session has no client of Loupe's: the page cannot write into the host's session.
    const refused = await page.call({ type: 'session/send-raw', sessionId: tapped.id, text: '{}' });
    expect(refused.ok).toBe(false);
    expect(page.taps.find((t) => t.sessionId === tapped.id)).toMatchObject({ running: true, name: 'everything' });

    loupe.child.kill('SIGKILL');
    await waitFor(() => loupe.child.exitCode !== null || loupe.child.signalCode !== null, 30_000, 'Loupe to be gone');
    // The host does not notice: the tap never depended on Loupe.
    const after = await client.callTool({ name: 'echo', arguments: { message: 'after Loupe died' } });
    expect(JSON.stringify(after)).toContain('after Loupe died');
    await client.close();

    // The next Loupe lists the finished tap, and opening it shows the whole session.
    const next = startLoupe(configDir, ['--port', '0']);
    const page2 = await Page.open(await next.url);
    const entry = await waitFor(() => page2.taps.find((t) => t.name === 'everything' && !t.running), 30_000, 'the recorded tap');
    const opened = await page2.call({ type: 'taps/open', file: entry.file });
    expect(opened.ok).toBe(true);
    await page2.call({ type: 'session/attach', sessionId: opened.sessionId });
    const frames = await waitFor(
      () => {
        const f = page2.frames.get(opened.sessionId!);
        return f?.some((x) => x.lane === 'lifecycle' && x.raw.startsWith('the server process exited')) && f;
      },
      30_000,
      'the whole trace',
    );
    expect(frames.some((f) => f.raw.includes('Echo: after Loupe died'))).toBe(true);
    await waitFor(() => page2.sessions.find((s) => s.id === opened.sessionId && ['closed', 'failed'].includes(s.status)), 30_000, 'the session to end');
    expect((await page2.call({ type: 'taps/open', file: '../connections.json' })).error).toMatch(/not a recorded tap/);
    page.close();
    page2.close();
  }, 120_000);

  it('picks up a tap that started before Loupe did', async () => {
    const configDir = tempDir();
    const client = await host(configDir, 'early-bird');
    await client.listTools();
    const loupe = startLoupe(configDir, ['--port', '0']);
    const page = await Page.open(await loupe.url);
    const tapped = await waitFor(() => page.sessions.find((s) => s.source === 'tap' && s.name.startsWith('early-bird')), 30_000, 'the earlier tap');
    await page.call({ type: 'session/attach', sessionId: tapped.id });
    await waitFor(() => methods(page.frames.get(tapped.id) ?? []).includes('tools/list'), 30_000, 'its earlier frames');
    await client.ping();
    await waitFor(() => methods(page.frames.get(tapped.id) ?? []).includes('ping'), 30_000, 'a ping after Loupe started');
    page.close();
  }, 120_000);
});
