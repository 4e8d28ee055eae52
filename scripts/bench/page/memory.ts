/**
 * The page's memory: the JS heap after a full garbage collection (what the page really keeps),
 * read over the Chrome DevTools Protocol, and the renderer process's resident set (heap, DOM,
 * layout, code: what the machine pays).
 */
import type { Page } from '@playwright/test';
import type { BenchBrowser } from './browser';

export interface MemoryFigures {
  jsHeapUsedBytes: number;
  rendererRssBytes?: number;
}

export async function pageMemory(page: Page, bb: BenchBrowser): Promise<MemoryFigures> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
    return { jsHeapUsedBytes: used, rendererRssBytes: bb.rendererRss() };
  } finally {
    await cdp.detach().catch(() => {});
  }
}
