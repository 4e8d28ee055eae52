/**
 * The folder Loupe is installed in (or checked out to): the one holding its package.json, out/
 * (the built page), bin/ and lib/analyze/README.md. Found by walking up from the module that asks,
 * because that module runs from two places: its TypeScript source (tests, a clone's tools), where
 * proxy/cli/start.ts sits two folders down, and the built dist/, where every module is one chunk
 * directly inside dist/. A fixed `../..` would be right in one place only.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_NAME = 'mcp-loupe';

function isLoupePackage(dir: string): boolean {
  const manifest = path.join(dir, 'package.json');
  if (!existsSync(manifest)) return false;
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME;
  } catch {
    return false;
  }
}

/** The nearest folder above `moduleUrl` (an `import.meta.url`) whose package.json names Loupe. */
export function packageRootFrom(moduleUrl: string): string {
  const start = path.dirname(fileURLToPath(moduleUrl));
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (isLoupePackage(dir)) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json named ${PACKAGE_NAME} above ${start}: Loupe's files are not where they were installed`);
  }
}

/** Loupe's own folder. */
export const PACKAGE_ROOT = packageRootFrom(import.meta.url);
