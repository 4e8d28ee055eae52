// `mcp-loupe/test`: Playwright's `test` with a `loupe` fixture, and `expect` with Loupe's matchers.
// Plain JavaScript because Playwright compiles a project's own TypeScript but not a dependency's;
// the kit itself is TypeScript (proxy/testkit), built into dist/testkit.mjs like the CLI.
//
// Playwright must be the copy that runs the tests: a second copy refuses to load. So the base
// `test` and `expect` come from the @playwright/test next to the running test runner (found from
// the runner's own script), and only failing that from wherever this file resolves it.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

async function loadPlaywright() {
  const runner = process.argv[1];
  if (runner) {
    try {
      // Playwright's own entry is CommonJS: require gives its exports as they are.
      return createRequire(runner)('@playwright/test');
    } catch {
      // Not started by Playwright's own script (a custom launcher): use the normal resolution.
    }
  }
  return import('@playwright/test');
}

const playwright = await loadPlaywright();
const built = new URL('../dist/testkit.mjs', import.meta.url);
if (!existsSync(fileURLToPath(built))) {
  throw new Error(`mcp-loupe/test: ${fileURLToPath(built)} is missing: in a clone of Loupe, run \`npm run build\` first.`);
}
const kit = await import(built.href);

export const test = kit.extendTest(playwright.test);
export const expect = kit.extendExpect(playwright.expect);
export const McpRequestError = kit.McpRequestError;
