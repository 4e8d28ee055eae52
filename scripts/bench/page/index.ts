/**
 * `npm run bench`'s page section: a real Loupe and Chromium driven by Playwright measure the
 * page itself (first render of a 100,000-frame session, frames while 2,000 frames/s stream in,
 * memory, opening a 100,000-frame trace file and scrolling through it, what recording an MCP
 * App's bridge adds to a tools/call the app forwards, Browse on a 10,000,000-frame stored session, and
 * the CPU an open of the page costs). Prints the figures beside their targets and
 * writes them to bench-results/page.json. Skipped, with the reason, when the page is not built or
 * no Chromium is found (scripts/find-chromium.ts; `npm run bench -- --no-page` leaves it out).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../paths';
import { LONG_LIVE_SESSIONS, startLoupe } from '../loupe-process';
import { ChromiumNotFound, findChromium } from '../../find-chromium';
import { launchChromium } from './browser';
import { measureImport } from './import';
import { measureLive } from './live';
import { idleFrames } from './stream';
import { PAGE_TARGETS, printPageFigures } from './report';
import { APP_RECORDING_TARGET_MS, measureAppRecording, renderAppRecording } from './app-recording';
import { measureStoredWindow, PAGE_STORED_WINDOW_TARGETS, renderPageStoredWindow } from './stored-window';
import { measureOpen, renderOpen } from './open';

export interface PageBenchOptions {
  frames: number;
  rate: number;
  seconds: number;
  /** Timed forwarded calls of the MCP App in each arm (recording on, off), and how many make a round. */
  appClicks: number;
  appRound: number;
  /** Frames of the stored session Browse is measured on. */
  storedFrames: number;
  out: string;
}

export const PAGE_DEFAULTS: PageBenchOptions = {
  frames: 100_000,
  rate: 2000,
  seconds: 10,
  appClicks: 300,
  appRound: 5,
  storedFrames: 10_000_000,
  out: path.join(ROOT, 'bench-results', 'page.json'),
};

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
  const loupe = await startLoupe(undefined, undefined, LONG_LIVE_SESSIONS);
  const bb = await launchChromium(browser.path);
  let live, imported, idle, appRecording, storedWindow, open;
  try {
    try {
      progress(`an idle page for ${opts.seconds} s, for reference`);
      idle = await idleFrames(bb.browser, opts.seconds);
      // Before any session exists: an open of the page as a person starts it.
      progress('opening the page in a fresh context, once to warm up and 5 times measured');
      open = await measureOpen(bb, loupe.url);
      live = await measureLive(bb, loupe.url, { ...opts, progress });
      progress(`opening a ${opts.frames}-frame trace file through the viewer's file picker`);
      imported = await measureImport(bb, loupe.url, opts.frames);
    } finally {
      await loupe.stop();
    }
    // A Loupe of its own: the sessions above (the stream fixture's) stay out of the app's timing.
    progress(`what recording an MCP App's bridge adds to a forwarded tools/call: ${opts.appClicks} calls with it, ${opts.appClicks} without`);
    const appLoupe = await startLoupe();
    try {
      appRecording = await measureAppRecording(bb, appLoupe.url, { clicks: opts.appClicks, round: opts.appRound, progress });
    } finally {
      await appLoupe.stop();
    }
    progress(`Browse on a stored session of ${opts.storedFrames} frames`);
    storedWindow = await measureStoredWindow(bb, opts.storedFrames, progress);
  } finally {
    await bb.close();
  }
  console.log();
  printPageFigures(live, imported, idle, opts.rate, opts.seconds);
  console.log();
  console.log(renderAppRecording(appRecording));
  console.log();
  console.log(renderPageStoredWindow(storedWindow));
  console.log();
  console.log(renderOpen(open));
  const figures = {
    date: new Date().toISOString(),
    cpus: os.cpus().length,
    loadAverage: os.loadavg()[0],
    options: opts,
    targets: { ...PAGE_TARGETS, appRecordingAddedMs: APP_RECORDING_TARGET_MS, storedWindow: PAGE_STORED_WINDOW_TARGETS },
    live,
    import: imported,
    idle,
    appRecording,
    storedWindow,
    open,
  };
  mkdirSync(path.dirname(opts.out), { recursive: true });
  writeFileSync(opts.out, JSON.stringify(figures, null, 2) + '\n');
  console.log(`\npage figures written to ${path.relative(process.cwd(), opts.out) || opts.out}`);
}
