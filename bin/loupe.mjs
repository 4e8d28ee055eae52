#!/usr/bin/env node
// Entry point for `loupe <command>`: runs the CLI as built in dist/ (proxy/cli/main.ts), plain
// JavaScript that needs no compiler. An installed Loupe ships dist/; a clone makes it with
// `npm run build` (`npm start` does that when it is missing or older than the sources).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli.mjs', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  console.error(
    `loupe: ${fileURLToPath(entry)} is missing: in a clone of Loupe, run \`npm run build\` first (or \`npm start\`, which builds what is missing).`,
  );
  process.exit(1);
}
// Stack traces name the TypeScript sources (dist/ carries source maps).
process.setSourceMapsEnabled(true);
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
