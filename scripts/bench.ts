/**
 * `npm run bench`. The bench is a development tool, not a CLI command: it drives real servers, the
 * proxy and (for the page section) a Chromium, so it lives under scripts/ and imports the proxy and
 * lib, never the other way round.
 */
import { run } from './bench/main';

process.exitCode = await run(process.argv.slice(2));
