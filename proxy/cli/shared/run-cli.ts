/** For the CLI's tests: runs `loupe <args>` as a real subprocess, the way a user or CI does. */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const FIXTURES = path.join(ROOT, 'e2e/fixtures/servers');
export const EVERYTHING = ['node', path.join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'];

export function fixture(name: string): string[] {
  return ['node', path.join(FIXTURES, `${name}.mjs`)];
}

export function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'loupe-cli-'));
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], timeoutMs = 120_000): Promise<CliResult> {
  return runNode([path.join(ROOT, 'bin/loupe.mjs'), ...args], timeoutMs);
}

/** Runs `node <argv>` from the repository root and collects what it printed and its exit code. */
export function runNode(argv: string[], timeoutMs = 120_000): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, argv, { cwd: ROOT, timeout: timeoutMs, maxBuffer: 64 * 2 ** 20 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
