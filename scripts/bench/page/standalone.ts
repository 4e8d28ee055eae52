/**
 * What a page bench script run on its own starts (run-reload.ts, run-fresh.ts): it stops at once
 * when the page is not built, then starts a Loupe and a Chromium.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths';
import { startLoupe, type LoupeProcess } from '../loupe-process';
import { findChromiumOrExit } from '../../find-chromium';
import { launchChromium, type BenchBrowser } from './browser';

export async function startStandalone(): Promise<{ loupe: LoupeProcess; bb: BenchBrowser }> {
  if (!existsSync(path.join(ROOT, 'out', 'index.html'))) {
    console.error('the page is not built: run `npm run build` first');
    process.exit(2);
  }
  const chromium = findChromiumOrExit();
  const loupe = await startLoupe();
  return { loupe, bb: await launchChromium(chromium) };
}
