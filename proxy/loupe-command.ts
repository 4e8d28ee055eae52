/**
 * How a person runs this Loupe again from a shell, the way it was installed: what the page's
 * "Copy as CLI" scripts call. A bare `loupe` exists only after a global install (and may be
 * another version); this names the install that is running. From npx's cache, `npx --yes` with
 * this version (npm may clear the cache, and npx fetches it back); otherwise this install's own
 * bin, by absolute path, so the script needs nothing on the PATH but node.
 */
import path from 'node:path';
import { LOUPE_VERSION } from '../lib/version';
import { PACKAGE_NAME, PACKAGE_ROOT } from './package-root';

/** This install's command-line entry point. */
export const LOUPE_BIN = path.join(PACKAGE_ROOT, 'bin', 'loupe.mjs');

/** The file is in npm's npx cache (`…/_npx/<hash>/node_modules/…`, on any platform). */
export function inNpxCache(file: string): boolean {
  return file.split(/[\\/]/).includes('_npx');
}

/** The words that run `bin` (an install's bin/loupe.mjs) of Loupe `version` from a shell. */
export function loupeCommandFor(bin: string, version: string): string[] {
  return inNpxCache(bin) ? ['npx', '--yes', `${PACKAGE_NAME}@${version}`] : ['node', bin];
}

/** How this Loupe is run again: sent to the page in `hello`. */
export const LOUPE_COMMAND: readonly string[] = loupeCommandFor(LOUPE_BIN, LOUPE_VERSION);
