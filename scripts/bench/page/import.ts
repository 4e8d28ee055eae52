/**
 * A 100,000-frame trace file opened through the page's import UI (the viewer at /viewer, the file
 * picker), timed from the moment the file is picked to the table showing its last frame, then the
 * diagram's first render when its tab is opened, the table scrolled through from the top (back on
 * its tab), and the page's memory.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { newBenchContext, type BenchBrowser } from './browser';
import { writeBigTrace } from './big-trace';
import { pageMemory, type MemoryFigures } from './memory';
import { clickTabMarked, installRenderProbe, markOnFilePicked, readMarks } from './probes';
import { measureScroll, type ScrollFigures } from './scroll';

export interface ImportFigures {
  frames: number;
  fileBytes: number;
  openMs: number;
  diagramFirstRenderMs: number;
  scroll: ScrollFigures;
  memory: MemoryFigures;
}

async function marks(page: Page) {
  return (await page.evaluate(readMarks))!;
}

export async function measureImport(bb: BenchBrowser, url: string, frames: number): Promise<ImportFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-bench-trace-'));
  const context = await newBenchContext(bb.browser);
  try {
    const file = path.join(dir, 'busy-session.loupe.ndjson');
    const lastSeq = writeBigTrace(file, frames);
    const page = await context.newPage();
    await page.goto(new URL('/viewer', url).href);
    await page.evaluate(installRenderProbe, lastSeq);
    await page.evaluate(markOnFilePicked);
    await page.getByLabel('Trace file', { exact: true }).setInputFiles(file);
    await page.waitForFunction(() => (window as { __loupeMarks?: { table?: number } }).__loupeMarks?.table !== undefined, undefined, {
      timeout: 180_000,
      polling: 50,
    });
    const opened = await marks(page);
    await page.evaluate(clickTabMarked, 'Sequence');
    await page.waitForFunction(() => (window as { __loupeMarks?: { diagram?: number } }).__loupeMarks?.diagram !== undefined, undefined, {
      timeout: 180_000,
      polling: 50,
    });
    const drawn = await marks(page);
    await page.getByRole('tab', { name: 'Traffic' }).click();
    const scroll = await measureScroll(page);
    const memory = await pageMemory(page, bb);
    return {
      frames: lastSeq,
      fileBytes: statSync(file).size,
      openMs: opened.table! - opened.asked!,
      diagramFirstRenderMs: drawn.diagram! - drawn.asked!,
      scroll,
      memory,
    };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
