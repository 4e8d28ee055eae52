/**
 * The offline viewer's headers stay on one line at 1280×720 and 1440×900 with a long file name, a
 * long server name, redactions and a partial export: long names are cut with an ellipsis and kept
 * whole in their tooltip, and the buttons keep their place.
 */
import { expect, test, type Locator } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { box, LAYOUT_SIZES } from './support/boxes';
import { repoRoot } from './support/loupe';

const viewer = path.join(repoRoot, 'out/loupe-viewer.html');
const FILE = 'server-everything-reference-server-with-a-long-suffix-2026-11-30-07-17-14.loupe.ndjson';
const SERVER = 'server-everything (reference server) over stdio, started by a host through its tap, with the label its config gives it';

/** The golden trace as a partial export of a server with a long name, three values redacted. */
function longNamedTrace(): Buffer {
  const [head, ...frames] = readFileSync(path.join(repoRoot, 'e2e/golden/everything-stdio.v1.loupe.ndjson'), 'utf8').trim().split('\n');
  const header = JSON.parse(head) as { target: { name: string } };
  header.target.name = SERVER;
  const out = { ...header, redaction: { rules: ['authorization'], count: 3 }, selection: { kind: 'frames', fromSeq: 4, toSeq: 20 } };
  const kept = frames.filter((l) => {
    const seq = (JSON.parse(l) as { seq: number }).seq;
    return seq >= 4 && seq <= 20;
  });
  return Buffer.from([JSON.stringify(out), ...kept].join('\n') + '\n');
}

/** Every child of the bar sits on the same line, and the bar is one line tall. */
async function expectOneLine(bar: Locator, maxHeight: number): Promise<void> {
  const tops = await bar.evaluate((el) =>
    [...el.children]
      .filter((c) => (c as HTMLElement).offsetParent !== null)
      .map((c) => Math.round(c.getBoundingClientRect().top + c.getBoundingClientRect().height / 2)),
  );
  expect(Math.max(...tops) - Math.min(...tops), 'the children of the bar share one line').toBeLessThanOrEqual(4);
  expect((await box(bar)).height).toBeLessThanOrEqual(maxHeight);
}

test.beforeAll(() => {
  if (!existsSync(viewer)) throw new Error('out/loupe-viewer.html is missing: run `npm run build` first');
});

for (const size of LAYOUT_SIZES) {
  test(`at ${size.width}×${size.height} the viewer's headers keep one line with long names`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto(pathToFileURL(viewer).href);
    await page.getByLabel('Trace file', { exact: true }).setInputFiles({ name: FILE, mimeType: 'application/x-ndjson', buffer: longNamedTrace() });
    await expect(page.getByRole('grid', { name: /traffic/i })).toBeVisible();

    const status = page.getByRole('region', { name: 'Session status' });
    // Its first row: notes about an import (what it lacks) may follow below it.
    await expectOneLine(status.locator(':scope > div').first(), 30);
    await expect(status.getByTitle(FILE, { exact: true })).toBeVisible();
    await expect(status.getByText(/part of a session: frames 4–20/)).toBeVisible();
    await expect(status.getByRole('button', { name: 'Export…' })).toBeInViewport({ ratio: 1 });

    const banner = page.getByRole('banner');
    await expect(banner.getByRole('heading', { name: 'Loupe trace viewer' })).toBeVisible();
    await expectOneLine(banner, 44);
    await expect(banner.getByText(SERVER, { exact: false })).toHaveAttribute('title', new RegExp(`^${SERVER.replace(/[()]/g, '\\$&')} · stdio`));
    await expect(banner.getByRole('button', { name: 'Compare…' })).toBeInViewport({ ratio: 1 });
  });
}
