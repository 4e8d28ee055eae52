import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT, packageRootFrom } from './package-root';
import { ROOT } from './cli/shared/run-cli';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the package root', () => {
  it('is the checkout when the code runs from its sources', () => {
    expect(PACKAGE_ROOT).toBe(ROOT);
  });

  it('is found from a chunk directly in dist/ as from a source two folders down, past a package of another name', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'loupe-root-'));
    const installed = path.join(dir, 'node_modules', 'mcp-loupe');
    mkdirSync(path.join(installed, 'dist'), { recursive: true });
    mkdirSync(path.join(installed, 'proxy', 'cli'), { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), '{"name":"someones-project"}');
    writeFileSync(path.join(installed, 'package.json'), '{"name":"mcp-loupe"}');
    expect(packageRootFrom(pathToFileURL(path.join(installed, 'dist', 'chunk-X.mjs')).href)).toBe(installed);
    expect(packageRootFrom(pathToFileURL(path.join(installed, 'proxy', 'cli', 'start.ts')).href)).toBe(installed);
  });

  it('names what it looked for when there is none', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'loupe-root-'));
    writeFileSync(path.join(dir, 'package.json'), '{"name":"someones-project"}');
    expect(() => packageRootFrom(pathToFileURL(path.join(dir!, 'a.mjs')).href)).toThrow(/no package.json named mcp-loupe above/);
  });
});
