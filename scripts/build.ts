/**
 * `npm run build` (and `npm pack`'s prepack): everything an installed Loupe runs, made from the
 * sources: the CLI, proxy and test kit in dist/ (scripts/build/dist.ts), then the page's static
 * export in out/ with the one-file offline viewer (scripts/build/page.ts).
 *
 * `--if-stale` builds only what is missing or older than its sources: `npm start` in a clone runs
 * it first, so a fresh clone works with `npm install && npm start`, and an unchanged one starts at
 * once. `--dist-only` skips the page (the unit tests need the CLI, not the page).
 */
import { parseArgs } from 'node:util';
import { buildDist, DIST_SOURCES, isStale } from './build/dist';
import { buildPage } from './build/page';

/** What the page is built from: a change in any of them makes out/ stale. */
const PAGE_SOURCES = ['app', 'components', 'lib', 'public', 'next.config.ts', 'postcss.config.mjs', 'package.json', 'scripts/build-viewer.mjs'];

const USAGE = 'usage: tsx scripts/build.ts [--if-stale] [--dist-only]';
let values;
try {
  ({ values } = parseArgs({ options: { 'if-stale': { type: 'boolean' }, 'dist-only': { type: 'boolean' } }, strict: true, allowPositionals: false }));
} catch (e) {
  console.error(`build: ${(e as Error).message}\n${USAGE}`);
  process.exit(2);
}
const root = process.cwd();
const onlyStale = values['if-stale'] === true;

if (!onlyStale || isStale(root, 'dist/cli.mjs', DIST_SOURCES)) {
  const started = Date.now();
  const files = await buildDist(root);
  console.error(`build: dist/ (${files.length} files) in ${Date.now() - started} ms`);
}
if (!values['dist-only'] && (!onlyStale || isStale(root, 'out/index.html', PAGE_SOURCES) || isStale(root, 'out/loupe-viewer.html', PAGE_SOURCES))) {
  if (onlyStale) console.error('build: the page in out/ is missing or older than its sources: building it with `next build` (this takes a minute)');
  const problem = await buildPage(root);
  if (problem) {
    console.error(`build: ${problem}`);
    process.exitCode = 1;
  }
}
