/**
 * The live session the page bench measures: the stream-rate fixture connected from the page's own
 * Connect button, then driven over a second socket (the proxy streams the frames to every page
 * attached to the session), and brought to a given number of frames by its `burst` tool.
 */
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { PageClient } from '../page-client';
import { ROOT } from '../paths';

export const STREAM_SERVER = path.join(ROOT, 'e2e/fixtures/servers/stdio-stream-rate.mjs');
const CONNECTION = { id: 'bench-page-stream', name: 'stream-rate fixture' };

export interface StreamSession {
  client: PageClient;
  page: Page;
  sessionId: string;
  /** The newest seq the second socket has been sent. */
  lastSeq: { value: number };
  /** Calls one of the fixture's tools and waits for its answer. */
  call(name: string, args: Record<string, number>): Promise<void>;
  /** Bursts frames until the session holds about `frames`, waits until the page shows them all,
   *  and resolves with the newest seq. */
  fill(frames: number): Promise<number>;
  close(): Promise<void>;
}

/** Resolves once no frame of the session arrived for `quietMs`, with the newest seq seen. */
async function settle(lastSeq: { value: number }, quietMs = 500): Promise<number> {
  let seen = -1;
  while (seen !== lastSeq.value) {
    seen = lastSeq.value;
    await new Promise((r) => setTimeout(r, quietMs));
  }
  return seen;
}

export async function openStreamSession(context: BrowserContext, url: string): Promise<StreamSession> {
  const client = await PageClient.connect(url);
  await client.call({ type: 'connections/save', connection: { ...CONNECTION, transport: 'stdio', command: process.execPath, args: [STREAM_SERVER], env: {} } });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('button', { name: `Connect ${CONNECTION.name}`, exact: true }).click();
  const sessionId = await page
    .waitForFunction(() => (JSON.parse(sessionStorage.getItem('loupe.tabs') ?? '{}') as { activeTab?: string }).activeTab)
    .then((h) => h.jsonValue() as Promise<string>);
  await client.ready(sessionId);
  await client.attach(sessionId);
  const lastSeq = { value: 0 };
  client.onFrames((sid, _n, seq) => {
    if (sid === sessionId) lastSeq.value = Math.max(lastSeq.value, seq);
  });
  const call = async (name: string, args: Record<string, number>) => {
    const reply = await client.call(
      { type: 'session/request', sessionId, method: 'tools/call', params: { name, arguments: args }, timeoutMs: 600_000 },
      600_000,
    );
    if (reply.type !== 'request/result' || reply.error) throw new Error(`${name} failed: ${JSON.stringify(reply)}`);
  };
  const fill = async (frames: number) => {
    await call('burst', { count: Math.max(0, frames - lastSeq.value - 2) });
    const held = await settle(lastSeq);
    await page.waitForFunction((n) => Number(document.querySelector('[role="grid"][aria-label="Traffic"]')?.getAttribute('aria-rowcount')) - 1 >= n, held, {
      timeout: 180_000,
      polling: 250,
    });
    return held;
  };
  const close = async () => {
    await client.call({ type: 'session/close', sessionId }).catch(() => undefined);
    client.close();
  };
  return { client, page, sessionId, lastSeq, call, fill, close };
}
