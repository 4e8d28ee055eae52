/**
 * `npm run bench`'s page section: a real Loupe and Chromium driven by Playwright measure the
 * page itself (first render of a 100,000-frame session, frames while 2,000 frames/s stream in,
 * memory, and opening a 100,000-frame trace file and scrolling through it). Prints the figures
 * beside their targets and writes them to bench-results/page.json. Skipped, with the reason, when the page is not built or
 * no Chromium is found (scripts/find-chromium.ts; `npm run bench -- --no-page` leaves it out).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../paths';
import { startLoupe } from '../loupe-process';
import { ChromiumNotFound, findChromium } from '../../find-chromium';
import { launchChromium } from './browser';
import { measureImport } from './import';
import { measureLive } from './live';
import { idleFrames } from './stream';
import { PAGE_TARGETS, printPageFigures } from './report';

export interface PageBenchOptions {
  frames: number;
  rate: number;
  seconds: number;
  out: string;
}

export const PAGE_DEFAULTS: PageBenchOptions = { frames: 100_000, rate: 2000, seconds: 10, out: path.join(ROOT, 'bench-results', 'page.json') };

function progress(text: string): void {
  process.stderr.write(`bench: page: ${text}\n`);
}

export async function pageBench(options: Partial<PageBenchOptions> = {}): Promise<void> {
  const opts = { ...PAGE_DEFAULTS, ...options };
  if (!existsSync(path.join(ROOT, 'out', 'index.html'))) return console.log('\nPage figures skipped: the page is not built (run `npm run build` first).');
  let browser;
  try {
    browser = findChromium();
  } catch (e) {
    if (e instanceof ChromiumNotFound) return console.log(`\nPage figures skipped: ${e.message}.`);
    throw e;
  }
  progress(`starting loupe start --port 0 and ${browser.path} (from ${browser.source})`);
  const loupe = await startLoupe();
  const bb = await launchChromium(browser.path);
  let live, imported, idle;
  try {
    progress(`an idle page for ${opts.seconds} s, for reference`);
    idle = await idleFrames(bb.browser, opts.seconds);
    live = await measureLive(bb, loupe.url, { ...opts, progress });
    progress(`opening a ${opts.frames}-frame trace file through the viewer's file picker`);
    imported = await measureImport(bb, loupe.url, opts.frames);
  } finally {
    await bb.close();
    await loupe.stop();
  }
  console.log();
  printPageFigures(live, imported, idle, opts.rate, opts.seconds);
  const figures = {
    date: new Date().toISOString(),
    cpus: os.cpus().length,
    loadAverage: os.loadavg()[0],
    options: opts,
    targets: PAGE_TARGETS,
    live,
    import: imported,
    idle,
  };
  mkdirSync(path.dirname(opts.out), { recursive: true });
  writeFileSync(opts.out, JSON.stringify(figures, null, 2) + '\n');
  console.log(`\npage figures written to ${path.relative(process.cwd(), opts.out) || opts.out}`);
}
