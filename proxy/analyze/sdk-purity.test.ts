import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sep } from 'node:path';
import { expect, it } from 'vitest';

// lib/analyze/schemas.ts imports the SDK's schemas into lib/, which must run in the browser: an
// SDK upgrade that made types.js reach for Node built-ins would break the page silently.
it("the SDK's schema module imports nothing but zod", () => {
  // The bundler takes the package's ESM build; require() would resolve the CJS twin.
  const file = createRequire(import.meta.url)
    .resolve('@modelcontextprotocol/sdk/types.js')
    .replace(`${sep}cjs${sep}`, `${sep}esm${sep}`);
  const source = readFileSync(file, 'utf8');
  const imports = [...source.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]);
  expect(imports.length).toBeGreaterThan(0);
  expect(imports.filter((s) => !/^zod(\/|$)/.test(s))).toEqual([]);
  expect(source).not.toMatch(/require\(|import\(/);
});
