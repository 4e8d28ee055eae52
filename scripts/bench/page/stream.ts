/**
 * Streams notifications into an open session at a steady rate (the stream-rate fixture's `stream`
 * tool, called over the proxy's socket) while the page records its animation frames.
 */
import type { Page } from '@playwright/test';
import type { PageClient } from '../page-client';
import { startFrameLog, stopFrameLog, type FrameStats } from './probes';

export interface StreamFigures extends FrameStats {
  rate: number;
  seconds: number;
  /** Frames the proxy delivered to a socket client during the stream, per second. */
  deliveredPerSecond: number;
}

export async function streamWhileRecording(page: Page, client: PageClient, sessionId: string, rate: number, seconds: number): Promise<StreamFigures> {
  let delivered = 0;
  const off = client.onFrames((sid, n) => { if (sid === sessionId) delivered += n; });
  await page.evaluate(startFrameLog);
  const t0 = performance.now();
  try {
    const reply = await client.call({ type: 'session/request', sessionId, method: 'tools/call', params: { name: 'stream', arguments: { rate, seconds } }, timeoutMs: 600_000 }, 600_000);
    if (reply.type !== 'request/result' || reply.error) throw new Error(`the stream call failed: ${JSON.stringify(reply)}`);
  } finally {
    off();
  }
  const elapsed = (performance.now() - t0) / 1000;
  // The last batches are still on their way to the page: keep recording while they land.
  await page.waitForTimeout(1000);
  const stats = await page.evaluate(stopFrameLog);
  return { ...stats, rate, seconds, deliveredPerSecond: delivered / elapsed };
}
