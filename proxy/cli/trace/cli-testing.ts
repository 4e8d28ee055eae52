/** Runs `loupe <command>` as a user would, for the CLI tests. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const golden = (name: string) => readFileSync(path.join(root, 'e2e/golden', name), 'utf8');

export function loupe(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [path.join(root, 'bin/loupe.mjs'), ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function tempFiles(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-cli-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}
