/**
 * Only the page bench's Browse on a stored session:
 *   npx tsx scripts/bench/page/run-stored-window.ts [frames]
 * writes a stored session of `frames` frames (10,000,000 by default), starts a Loupe on it and
 * prints Browse to the newest row, Go to seq and the page's heap beside their targets. Needs the
 * built page (`npm run build`) and a Chromium.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths';
import { findChromiumOrExit } from '../../find-chromium';
import { launchChromium } from './browser';
import { PAGE_DEFAULTS } from './index';
import { positionalCounts } from './standalone';
import { measureStoredWindow, renderPageStoredWindow } from './stored-window';

const [frames] = positionalCounts('npx tsx scripts/bench/page/run-stored-window.ts [frames]', ['frames'], [PAGE_DEFAULTS.storedFrames]);
if (!existsSync(path.join(ROOT, 'out', 'index.html'))) {
  console.error('the page is not built: run `npm run build` first');
  process.exit(2);
}
const bb = await launchChromium(findChromiumOrExit());
try {
  const figures = await measureStoredWindow(bb, frames, (text) => process.stderr.write(`bench: ${text}\n`));
  console.log(renderPageStoredWindow(figures));
} finally {
  await bb.close();
}
