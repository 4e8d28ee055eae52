/**
 * A live session measured in the page: the stream-rate fixture connected from the page's own
 * Connect button, then driven over a second socket (the proxy streams the frames to every page
 * attached to the session). Measures, in order: the longest frame while 2,000 frames/s stream into
 * a fresh session; the page's memory once a burst brings it to 100,000 frames; the first render of that
 * session after a reload (table, then the diagram when its tab is opened); the longest frame while
 * the stream goes on into the 100,000-frame session, diagram shown and then table shown.
 */
import type { Page } from '@playwright/test';
import { newBenchContext, type BenchBrowser } from './browser';
import { pageMemory, type MemoryFigures } from './memory';
import { clickTabMarked, readMarks } from './probes';
import { measureReload, waitForMark, type ReloadFigures } from './reload';
import { openStreamSession } from './stream-session';
import { streamWhileRecording, type StreamFigures } from './stream';

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
  /** The first render of the session after a reload, and where its time went. */
  reload: ReloadFigures;
  diagramFirstRenderMs: number;
  streamIntoLargeDiagram: StreamFigures;
  streamIntoLargeTable: StreamFigures;
  memoryAtEnd: MemoryFigures;
}

async function diagramAfterClick(page: Page): Promise<number> {
  await page.evaluate(clickTabMarked, 'Sequence');
  const drawn = await waitForMark(page, 'diagram');
  return drawn - (await page.evaluate(readMarks))!.asked!;
}

export async function measureLive(bb: BenchBrowser, url: string, opts: LiveOptions): Promise<LiveFigures> {
  const context = await newBenchContext(bb.browser);
  const session = await openStreamSession(context, url);
  const { page, client, sessionId } = session;
  try {
    opts.progress(`stream of ${opts.rate}/s for ${opts.seconds} s into a fresh session, table shown`);
    const streamFresh = await streamWhileRecording(bb.browser, page, client, sessionId, opts.rate, opts.seconds);

    // Bring the session to `frames` frames in all, so the reload below opens a session of that size.
    opts.progress(`burst to ${opts.frames} frames`);
    const framesHeld = await session.fill(opts.frames);
    const memoryAfterBurst = await pageMemory(page, bb);

    opts.progress(`reload: first render of the ${framesHeld}-frame session`);
    const reload = await measureReload(page, framesHeld);
    const diagramFirstRenderMs = await diagramAfterClick(page);

    opts.progress(`stream of ${opts.rate}/s for ${opts.seconds} s into the large session, diagram shown`);
    const streamIntoLargeDiagram = await streamWhileRecording(bb.browser, page, client, sessionId, opts.rate, opts.seconds);
    await page.getByRole('tab', { name: 'Traffic' }).click();
    opts.progress(`stream of ${opts.rate}/s for ${opts.seconds} s into the large session, table shown`);
    const streamIntoLargeTable = await streamWhileRecording(bb.browser, page, client, sessionId, opts.rate, opts.seconds);
    const memoryAtEnd = await pageMemory(page, bb);
    return { framesHeld, streamFresh, memoryAfterBurst, reload, diagramFirstRenderMs, streamIntoLargeDiagram, streamIntoLargeTable, memoryAtEnd };
  } finally {
    await session.close();
    await context.close();
  }
}
