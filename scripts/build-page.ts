/**
 * `npm run build`: builds the page (next build) and the one-file offline viewer in the current
 * package, through the same code and environment as `loupe start`'s first build.
 */
import { buildPage } from '../proxy/cli/build-page';

const problem = await buildPage(process.cwd());
if (problem) {
  console.error(`npm run build: ${problem}`);
  process.exitCode = 1;
}
