// Shared by every proxy folder that keeps files under the config dir (pid files, taps, OAuth).
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * mkdir -p, a folder at a time: Node's recursive mkdirSync never returns when a parent cannot be
 * made in a file system that refuses it without saying ENOENT's cause (under /proc), so the folders
 * that are missing are found first and made in order, and the first that cannot be is named.
 */
export function makeDirs(dir: string, mode: number): void {
  const missing: string[] = [];
  for (let at = path.resolve(dir); ;) {
    try {
      statSync(at);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      missing.push(at);
      if (path.dirname(at) === at) break;
      at = path.dirname(at);
    }
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder, { mode });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new Error(`cannot create the folder ${folder}: ${(e as Error).message}`);
    }
  }
}
