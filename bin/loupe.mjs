#!/usr/bin/env node
// Entry point for `loupe <command>`: each command is a module proxy/cli/<command>.ts exporting
// `run(argv): Promise<number>` (the exit code). TypeScript is loaded through tsx, so there is no
// separate compile step for the proxy and the CLI.
import { register } from 'tsx/esm/api';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [command = 'help', ...argv] = process.argv.slice(2);

if (!/^[a-z][a-z-]*$/.test(command) || !existsSync(path.join(root, 'proxy/cli', `${command}.ts`))) {
  const { readdirSync } = await import('node:fs');
  const known = readdirSync(path.join(root, 'proxy/cli'))
    .filter((f) => f.endsWith('.ts') && !f.includes('.test.') && !f.startsWith('_'))
    .map((f) => f.slice(0, -3));
  console.error(`loupe: unknown command '${command}'. Commands: ${known.join(', ')}`);
  process.exit(2);
}

register();
const mod = await import(pathToFileURL(path.join(root, 'proxy/cli', `${command}.ts`)).href);
const code = await mod.run(argv);
process.exitCode = typeof code === 'number' ? code : 0;
