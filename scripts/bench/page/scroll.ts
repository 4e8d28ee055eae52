/**
 * Scrolling a long traffic table: a screen further per animation frame for two seconds, from the
 * top, with every frame's time and the most rows the table held in the DOM on the way (only the
 * rows in view should be drawn, wherever the view is).
 */
import type { Page } from '@playwright/test';

export interface ScrollFigures {
  frames: number;
  medianFrameMs: number;
  longestFrameMs: number;
  mostRowsInDom: number;
}

export async function measureScroll(page: Page, seconds = 2): Promise<ScrollFigures> {
  const grid = page.getByRole('grid', { name: 'Traffic' });
  const { times, mostRows } = await grid.evaluate(async (el, ms) => {
    const scroller = el.querySelector<HTMLElement>('[data-scroller]')!;
    scroller.scrollTop = 0;
    await new Promise(requestAnimationFrame);
    let last = performance.now();
    const times: number[] = [];
    let mostRows = 0;
    const end = last + ms;
    while (performance.now() < end) {
      scroller.scrollTop += scroller.clientHeight;
      await new Promise(requestAnimationFrame);
      const now = performance.now();
      times.push(now - last);
      mostRows = Math.max(mostRows, el.querySelectorAll('[role="row"]').length);
      last = now;
    }
    return { times: times.sort((a, b) => a - b), mostRows };
  }, seconds * 1000);
  return { frames: times.length, medianFrameMs: times[Math.floor(times.length / 2)], longestFrameMs: times[times.length - 1], mostRowsInDom: mostRows };
}
