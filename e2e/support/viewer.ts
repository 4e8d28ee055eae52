/**
 * The one-file offline viewer (out/loupe-viewer.html), as the specs that open it need it. `npm run
 * build` makes it from the page's static export (out/viewer.html) with scripts/build-viewer.mjs;
 * it is made again here only when it is missing or older than what it is made from (a `next build`
 * run by hand, a change to the script or to the policy it writes). Made again on every spec file,
 * it was rewritten while other workers, and the packed-tarball test beside the e2e tests, read it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './loupe';

const offlineViewer = path.join(repoRoot, 'out/loupe-viewer.html');
const MADE_FROM = ['out/viewer.html', 'scripts/build-viewer.mjs', 'proxy/server/csp.ts'].map((f) => path.join(repoRoot, f));

export function ensureOfflineViewer(): string {
  if (!existsSync(MADE_FROM[0])) throw new Error('out/viewer.html is missing: run `npm run build` first');
  const made = existsSync(offlineViewer) ? statSync(offlineViewer).mtimeMs : 0;
  if (MADE_FROM.some((f) => statSync(f).mtimeMs > made)) execFileSync(process.execPath, ['scripts/build-viewer.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  return offlineViewer;
}
