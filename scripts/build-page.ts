/**
 * `npm run build:page`: builds the page (next build) and the one-file offline viewer in the current
 * package, through the same code and environment as the page step of `npm run build`.
 */
import { buildPage } from './build/page';

const problem = await buildPage(process.cwd());
if (problem) {
  console.error(`npm run build:page: ${problem}`);
  process.exitCode = 1;
}
