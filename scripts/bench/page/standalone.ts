/**
 * What a page bench script run on its own starts (run-reload.ts, run-fresh.ts, run-scroll.ts): it stops at once
 * when the page is not built, then starts a Loupe and a Chromium.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths';
import { LONG_LIVE_SESSIONS, startLoupe, type LoupeProcess } from '../loupe-process';
import { findChromiumOrExit } from '../../find-chromium';
import { launchChromium, type BenchBrowser } from './browser';

export async function startStandalone(): Promise<{ loupe: LoupeProcess; bb: BenchBrowser }> {
  if (!existsSync(path.join(ROOT, 'out', 'index.html'))) {
    console.error('the page is not built: run `npm run build` first');
    process.exit(2);
  }
  const chromium = findChromiumOrExit();
  const loupe = await startLoupe(undefined, undefined, LONG_LIVE_SESSIONS);
  return { loupe, bb: await launchChromium(chromium) };
}

/**
 * The script's positional arguments as positive whole numbers, in the order `names` gives them,
 * each defaulting as given; anything else stops the script with the usage (exit 2), rather than
 * measuring nothing and printing zeros.
 */
export function positionalCounts(usage: string, names: readonly string[], defaults: readonly number[], argv = process.argv.slice(2)): number[] {
  const problem =
    argv.length > names.length
      ? `unexpected '${argv[names.length]}'`
      : argv.map((a, i) => (Number.isInteger(Number(a)) && Number(a) > 0 ? undefined : `${names[i]} takes a positive whole number, got '${a}'`)).find(Boolean);
  if (problem) {
    console.error(`${problem}\nusage: ${usage}`);
    process.exit(2);
  }
  return defaults.map((d, i) => (argv[i] === undefined ? d : Number(argv[i])));
}
