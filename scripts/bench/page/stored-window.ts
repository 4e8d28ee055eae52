/**
 * Browse on a stored session of 10,000,000 frames, in Chromium through a real `loupe start`: from
 * Browse in History to the newest row drawn, Go to seq at random seqs to the row drawn selected,
 * and the page's JS heap after it all (with older rows read by scrolling up to the bound the
 * window keeps). Times are taken in the page (performance.now, checked every animation frame),
 * so Playwright's own round trips are not in them. The session is written by the store's own
 * writer first (scripts/bench/big-stored-session.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { writeBigStoredSession } from '../big-stored-session';
import { startLoupe } from '../loupe-process';
import { summarize } from '../stats';
import { renderTable } from '../table';
import { newBenchContext, type BenchBrowser } from './browser';
import { pageMemory } from './memory';

export const PAGE_STORED_WINDOW_TARGETS = { browseMs: 1000, goToMs: 300, heapMb: 400 };
const JUMPS = 11;
/** Scrolls to the top, each reading older rows, enough to pass the rows a window keeps. */
const SCROLLS = 10;

export interface PageStoredWindowFigure {
  frames: number;
  bytes: number;
  writeSeconds: number;
  browseMs: number;
  goToMedianMs: number;
  goToP90Ms: number;
  heapBytes: number;
  rowsHeld: number;
}

/** Runs `start` in the page and resolves with the ms until an element `selector` matches. */
async function timeUntil(page: Page, start: string, selector: string): Promise<number> {
  return page.evaluate(
    ({ start, selector }) =>
      new Promise<number>((resolve, reject) => {
        const t0 = performance.now();
        const button = document.querySelector<HTMLElement>(start);
        if (!button) return reject(new Error(`nothing matches ${start}`));
        button.click();
        const check = () => {
          if (document.querySelector(selector)) resolve(performance.now() - t0);
          else if (performance.now() - t0 > 60_000) reject(new Error(`${selector} did not show within a minute`));
          else requestAnimationFrame(check);
        };
        check();
      }),
    { start, selector },
  );
}

export async function measureStoredWindow(bb: BenchBrowser, frames: number, progress: (text: string) => void): Promise<PageStoredWindowFigure> {
  const configDir = mkdtempSync(path.join(tmpdir(), 'loupe-bench-page-window-'));
  try {
    progress(`writing a stored session of ${frames.toLocaleString('en-US')} frames`);
    const big = writeBigStoredSession(configDir, frames);
    const loupe = await startLoupe(configDir);
    const context = await newBenchContext(bb.browser);
    try {
      const page = await context.newPage();
      await page.goto(loupe.url);
      await page.getByText(/^Stored sessions/).click();
      const browse = `button[aria-label="Browse stored session ${big.id}"]`;
      await page.locator(browse).waitFor();
      const row = (seq: number, selected = false) => `#stored_${big.id}-row-${seq}${selected ? '[aria-selected="true"]' : ''}`;
      progress('Browse to the newest row');
      const browseMs = await timeUntil(page, browse, row(frames));

      progress(`Go to seq at ${JUMPS} random seqs`);
      const seqInput = page.getByRole('spinbutton', { name: 'Go to seq' });
      const jumps: number[] = [];
      for (let i = 0; i < JUMPS; i++) {
        const seq = 1 + Math.floor(Math.random() * frames);
        await seqInput.fill(String(seq));
        jumps.push(await timeUntil(page, 'form:has(input[aria-label="Go to seq"]) button[type="submit"]', row(seq, true)));
      }

      progress(`scrolling up ${SCROLLS} times from the newest rows, then the page's heap`);
      await page.getByRole('button', { name: 'Newest' }).click();
      await page.locator(row(frames)).waitFor();
      const grid = page.getByRole('grid', { name: 'Stored frames' });
      for (let i = 0; i < SCROLLS; i++) {
        // Scrolled to the top, the table reads older rows and keeps its place: the rows drawn then
        // start below the first drawn before.
        await grid.evaluate((g) => {
          const first = () => Math.min(...Array.from(g.querySelectorAll('[role="row"][id]'), (r) => Number(r.id.split('-row-')[1])));
          const before = first();
          g.querySelector<HTMLElement>('[data-scroller]')!.scrollTop = 0;
          return new Promise<void>((resolve) => {
            const check = () => (first() < before ? resolve() : requestAnimationFrame(check));
            check();
          });
        });
      }
      const rowsHeld = Number(await grid.getAttribute('aria-rowcount')) - 1;
      const memory = await pageMemory(page, bb);
      const j = summarize(jumps);
      return {
        frames,
        bytes: big.bytes,
        writeSeconds: big.writeSeconds,
        browseMs,
        goToMedianMs: j.median,
        goToP90Ms: j.p90,
        heapBytes: memory.jsHeapUsedBytes,
        rowsHeld,
      };
    } finally {
      await context.close();
      await loupe.stop();
    }
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
}

export function renderPageStoredWindow(f: PageStoredWindowFigure): string {
  const T = PAGE_STORED_WINDOW_TARGETS;
  return renderTable(
    `Browse in the page (Chromium, loupe start): a stored session of ${f.frames.toLocaleString('en-US')} frames, ${(f.bytes / 1e6).toFixed(1)} MB on disk, written in ${f.writeSeconds.toFixed(1)} s`,
    ['value'],
    [
      { label: 'Browse to the newest row drawn', cells: [`${f.browseMs.toFixed(0)} ms`], target: `<= ${T.browseMs} ms`, meets: f.browseMs <= T.browseMs },
      {
        label: `Go to seq, row drawn selected: median of ${JUMPS}`,
        cells: [`${f.goToMedianMs.toFixed(0)} ms`],
        target: `<= ${T.goToMs} ms`,
        meets: f.goToMedianMs <= T.goToMs,
      },
      { label: 'Go to seq, p90', cells: [`${f.goToP90Ms.toFixed(0)} ms`], target: `<= ${T.goToMs} ms`, meets: f.goToP90Ms <= T.goToMs },
      {
        label: `JS heap after GC, ${f.rowsHeld.toLocaleString('en-US')} rows held`,
        cells: [`${(f.heapBytes / 1e6).toFixed(1)} MB`],
        target: `< ${T.heapMb} MB`,
        meets: f.heapBytes / 1e6 < T.heapMb,
      },
    ],
  );
}
