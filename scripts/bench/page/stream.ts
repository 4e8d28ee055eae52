/**
 * Streams notifications into an open session at a steady rate (the stream-rate fixture's `stream`
 * tool, called over the proxy's socket) while the page records its animation frames.
 */
import type { Browser, Page } from '@playwright/test';
import { newBenchContext } from './browser';
import { traceMainThread, type MainThreadFigures } from './main-thread';
import type { PageClient } from '../page-client';
import { startFrameLog, stopFrameLog, type FrameStats } from './probes';

export interface StreamFigures extends FrameStats {
  rate: number;
  seconds: number;
  /** Frames the proxy delivered to a socket client during the stream, per second. */
  deliveredPerSecond: number;
  /** From a Chrome trace of the same period; undefined if the trace had no renderer thread. */
  main?: MainThreadFigures;
}

export async function streamWhileRecording(
  browser: Browser,
  page: Page,
  client: PageClient,
  sessionId: string,
  rate: number,
  seconds: number,
): Promise<StreamFigures> {
  let delivered = 0;
  const off = client.onFrames((sid, n) => {
    if (sid === sessionId) delivered += n;
  });
  const { result, main } = await traceMainThread(browser, page, async () => {
    await page.evaluate(startFrameLog);
    const t0 = performance.now();
    try {
      const reply = await client.call(
        { type: 'session/request', sessionId, method: 'tools/call', params: { name: 'stream', arguments: { rate, seconds } }, timeoutMs: 600_000 },
        600_000,
      );
      if (reply.type !== 'request/result' || reply.error) throw new Error(`the stream call failed: ${JSON.stringify(reply)}`);
    } finally {
      off();
    }
    const elapsed = (performance.now() - t0) / 1000;
    // The last batches are still on their way to the page: keep recording while they land.
    await page.waitForTimeout(1000);
    return { stats: await page.evaluate(stopFrameLog), elapsed };
  });
  return { ...result.stats, rate, seconds, deliveredPerSecond: delivered / result.elapsed, main };
}

/**
 * For reference: the same recording on a blank page that does nothing. On a busy machine even an
 * idle page misses frames; this row says how much of a figure above is the machine's.
 */
export async function idleFrames(browser: Browser, seconds: number): Promise<FrameStats> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    await page.setContent('<title>idle</title><p>idle</p>');
    await page.evaluate(startFrameLog);
    await page.waitForTimeout(seconds * 1000);
    return await page.evaluate(stopFrameLog);
  } finally {
    await context.close();
  }
}
