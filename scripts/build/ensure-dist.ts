/**
 * Vitest's global setup: the tests that run `loupe` as a subprocess (proxy/cli/shared/run-cli.ts)
 * run bin/loupe.mjs, which runs dist/. It is rebuilt here when missing or older than its sources,
 * so `npx vitest run` in a clone tests the code as it is, not an old build (a second or two).
 */
import { buildDist, DIST_SOURCES, isStale } from './dist';

export default async function ensureDist(): Promise<void> {
  const root = process.cwd();
  if (isStale(root, 'dist/cli.mjs', DIST_SOURCES)) await buildDist(root);
}
