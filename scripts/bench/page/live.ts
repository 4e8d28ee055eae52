/**
 * A live session measured in the page: the stream-rate fixture connected from the page's own
 * Connect button, then driven over a second socket (the proxy streams the frames to every page
 * attached to the session). Measures, in order: the longest frame while 2,000 frames/s stream into
 * a fresh session; the page's memory once a burst brings it to 100,000 frames; the first render of that
 * session after a reload (table, then the diagram when its tab is opened); the longest frame while
 * the stream goes on into the 100,000-frame session, diagram shown and then table shown.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PageClient } from '../page-client';
import { ROOT } from '../paths';
import { newBenchContext, type BenchBrowser } from './browser';
import { pageMemory, type MemoryFigures } from './memory';
import { clickTabMarked, installRenderProbe, readMarks } from './probes';
import { streamWhileRecording, type StreamFigures } from './stream';

export const STREAM_SERVER = path.join(ROOT, 'e2e/fixtures/servers/stdio-stream-rate.mjs');
const CONNECTION = { id: 'bench-page-stream', name: 'stream-rate fixture' };

export interface LiveOptions {
  frames: number;
  rate: number;
  seconds: number;
  progress(text: string): void;
}

export interface LiveFigures {
  framesHeld: number;
  streamFresh: StreamFigures;
  memoryAfterBurst: MemoryFigures;
  tableFirstRenderMs: number;
  /** Of which: from navigation start until the snapshot message reached the page. */
  snapshotArrivedMs?: number;
  snapshotChars?: number;
  diagramFirstRenderMs: number;
  streamIntoLargeDiagram: StreamFigures;
  streamIntoLargeTable: StreamFigures;
  memoryAtEnd: MemoryFigures;
}

async function waitForMark(page: Page, which: 'table' | 'diagram', timeoutMs = 180_000): Promise<number> {
  await page.waitForFunction((w) => (window as { __loupeMarks?: Record<string, number | undefined> }).__loupeMarks?.[w] !== undefined, which, { timeout: timeoutMs, polling: 50 });
  const marks = await page.evaluate(readMarks);
  return marks![which]!;
}

/** Resolves once no frame of the session arrived for `quietMs`, with the newest seq seen. */
async function settle(client: PageClient, sessionId: string, lastSeq: { value: number }, quietMs = 500): Promise<number> {
  let seen = -1;
  while (seen !== lastSeq.value) {
    seen = lastSeq.value;
    await new Promise((r) => setTimeout(r, quietMs));
  }
  return seen;
}

export async function measureLive(bb: BenchBrowser, url: string, opts: LiveOptions): Promise<LiveFigures> {
  const client = await PageClient.connect(url);
  const context = await newBenchContext(bb.browser);
  try {
    await client.call({ type: 'connections/save', connection: { ...CONNECTION, transport: 'stdio', command: process.execPath, args: [STREAM_SERVER], env: {} } });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('button', { name: `Connect ${CONNECTION.name}`, exact: true }).click();
    const sessionId = await page.waitForFunction(() => (JSON.parse(sessionStorage.getItem('loupe.tabs') ?? '{}') as { activeTab?: string }).activeTab).then((h) => h.jsonValue() as Promise<string>);
    await client.ready(sessionId);
    await client.attach(sessionId);
    const lastSeq = { value: 0 };
    client.onFrames((sid, _n, seq) => { if (sid === sessionId) lastSeq.value = Math.max(lastSeq.value, seq); });
    const call = async (name: string, args: Record<string, number>) => {
      const reply = await client.call({ type: 'session/request', sessionId, method: 'tools/call', params: { name, arguments: args }, timeoutMs: 600_000 }, 600_000);
      if (reply.type !== 'request/result' || reply.error) throw new Error(`${name} failed: ${JSON.stringify(reply)}`);
    };

    opts.progress(`stream of ${opts.rate}/s for ${opts.seconds} s into a fresh session, table shown`);
    const streamFresh = await streamWhileRecording(bb.browser, page, client, sessionId, opts.rate, opts.seconds);

    // Bring the session to `frames` frames in all, so the reload below opens a session of that size.
    const burst = Math.max(0, opts.frames - lastSeq.value - 2);
    opts.progress(`burst of ${burst} frames`);
    await call('burst', { count: burst });
    const framesHeld = await settle(client, sessionId, lastSeq);
    await page.waitForFunction((n) => Number(document.querySelector('[role="grid"][aria-label="Traffic"]')?.getAttribute('aria-rowcount')) - 1 >= n, framesHeld, { timeout: 180_000, polling: 250 });
    const memoryAfterBurst = await pageMemory(page, bb);

    opts.progress(`reload: first render of the ${framesHeld}-frame session`);
    await page.addInitScript(installRenderProbe, framesHeld);
    await page.reload();
    const tableFirstRenderMs = await waitForMark(page, 'table');
    const { bigMessageAt: snapshotArrivedMs, bigMessageChars: snapshotChars } = (await page.evaluate(readMarks))!;
    await page.evaluate(clickTabMarked, 'Sequence');
    const diagramAt = await waitForMark(page, 'diagram');
    const diagramFirstRenderMs = diagramAt - (await page.evaluate(readMarks))!.asked!;

    opts.progress(`stream of ${opts.rate}/s for ${opts.seconds} s into the large session, diagram shown`);
    const streamIntoLargeDiagram = await streamWhileRecording(bb.browser, page, client, sessionId, opts.rate, opts.seconds);
    await page.getByRole('tab', { name: 'Traffic' }).click();
    opts.progress(`stream of ${opts.rate}/s for ${opts.seconds} s into the large session, table shown`);
    const streamIntoLargeTable = await streamWhileRecording(bb.browser, page, client, sessionId, opts.rate, opts.seconds);
    const memoryAtEnd = await pageMemory(page, bb);

    await client.call({ type: 'session/close', sessionId }).catch(() => undefined);
    return { framesHeld, streamFresh, memoryAfterBurst, tableFirstRenderMs, snapshotArrivedMs, snapshotChars, diagramFirstRenderMs, streamIntoLargeDiagram, streamIntoLargeTable, memoryAtEnd };
  } finally {
    client.close();
    await context.close();
  }
}
