/**
 * For the CLI's tests. `runCli` runs `loupe <args>` in the test's own process, through `main(argv)`
 * as bin/loupe.mjs does (proxy/cli/shared/in-process.ts): most tests are about what a command
 * does, and a subprocess would add Node's start-up and the loading of every module to each run.
 * `runCliProcess` runs the built `loupe` as a real subprocess, the way a user or CI does: each
 * command keeps tests of its own through it, so the shipped binary stays covered.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../main';
import { runInProcess, type CommandOutput } from './in-process';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The `loupe` executable, for a test that builds its own command line (a host config, a script). */
export const LOUPE_BIN = path.join(ROOT, 'bin/loupe.mjs');
export const FIXTURES = path.join(ROOT, 'e2e/fixtures/servers');
export const EVERYTHING = ['node', path.join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'];

export function fixture(name: string): string[] {
  return ['node', path.join(FIXTURES, `${name}.mjs`)];
}

/** A golden trace (e2e/golden) as text. */
export function golden(name: string): string {
  return readFileSync(path.join(ROOT, 'e2e/golden', name), 'utf8');
}

/**
 * An `npx` in `dir` for scripts that run `npx --yes SPEC ARGS` (the page's "Copy as CLI script"
 * from a Loupe run through npx): runs this checkout's `loupe ARGS` instead of fetching the
 * package, and refuses any other call, so a test with `dir` on its PATH proves the script's
 * command line too.
 */
export function writeNpxStandIn(dir: string, spec = 'mcp-loupe'): void {
  const file = path.join(dir, 'npx');
  writeFileSync(
    file,
    [
      '#!/bin/sh',
      `[ "$1" = --yes ] && [ "$2" = ${JSON.stringify(spec)} ] || { echo "npx stand-in: expected npx --yes ${spec} ..., got: npx $*" >&2; exit 97; }`,
      'shift 2',
      `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(LOUPE_BIN)} "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(file, 0o755);
}

/** Makes `dir` hold `node` (a link to this one) and returns it: a PATH of that folder alone is
 *  the cleanest a machine with Node has, with no other program on it (no mktemp, no cat). */
export function nodeOnlyBin(dir: string): string {
  symlinkSync(process.execPath, path.join(dir, 'node'));
  return dir;
}

/** Runs `sh FILE` in `cwd` with nothing in its environment but PATH = `bin` and HOME = `cwd`, as a
 *  script pasted into the barest shell would run; rejects with its stderr when it fails. */
export function runInBareShell(cwd: string, file: string, bin: string, timeoutMs = 90_000): Promise<void> {
  // A ProcessEnv of two variables: the type asks for NODE_ENV (Next's declarations), a bare shell has none.
  const env = { PATH: bin, HOME: cwd } as unknown as NodeJS.ProcessEnv;
  return new Promise((resolve, reject) => {
    execFile('/bin/sh', [file], { cwd, env, timeout: timeoutMs }, (e, _out, err) => (e ? reject(new Error(`${e.message}\n${err}`)) : resolve()));
  });
}

export function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'loupe-cli-'));
}

/** A new temporary folder holding these files (name -> text). */
export function tempFiles(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

export type CliResult = CommandOutput;

export interface RunOptions {
  /** Added to the environment while the command runs. */
  env?: Record<string, string>;
}

export interface ProcessRunOptions extends RunOptions {
  /** The process is killed past this (generous: the machine may be busy). */
  timeoutMs?: number;
}

/** `loupe <args>` in this process: what it printed and its exit code. Runs one at a time. */
export function runCli(args: string[], options: RunOptions = {}): Promise<CliResult> {
  return runInProcess(() => main(args), options.env);
}

/** `loupe <args>` as a subprocess of the built binary (bin/loupe.mjs, dist/). */
export function runCliProcess(args: string[], options: ProcessRunOptions = {}): Promise<CliResult> {
  return runNode([LOUPE_BIN, ...args], options);
}

/** Runs `node <argv>` from the repository root and collects what it printed and its exit code. */
export function runNode(argv: string[], { env, timeoutMs = 120_000 }: ProcessRunOptions = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, argv, { cwd: ROOT, env: { ...process.env, ...env }, timeout: timeoutMs, maxBuffer: 64 * 2 ** 20 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

export interface StartedLoupe {
  child: ChildProcess;
  /** The address of the one line `loupe start` prints; rejects if Loupe exits before that. */
  url: Promise<string>;
  /** The exit code, or the signal that ended it. */
  exited: Promise<number | string | null>;
  stdout(): string;
  stderr(): string;
}

const started = new Set<ChildProcess>();
const URL_LINE = /^Loupe is running at (http:\/\/[\d.]+:\d+\/\?token=[A-Za-z0-9_-]+)$/m;

/** `loupe start --config-dir DIR ARGS…` as a subprocess (the tests talk to its socket, so the page
 *  need not be built). Call `killStartedLoupes` after each test. */
export function startLoupe(configDir: string, args: string[] = [], env: Record<string, string> = {}): StartedLoupe {
  const child = spawn(process.execPath, [LOUPE_BIN, 'start', '--config-dir', configDir, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c) => (stdout += c));
  child.stderr!.on('data', (c) => (stderr += c));
  const exited = new Promise<number | string | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const m = URL_LINE.exec(stdout);
      if (m) resolve(m[1]);
    });
    void exited.then((code) => reject(new Error(`loupe start exited with ${code} before printing a URL: ${stderr}`)));
  });
  url.catch(() => undefined); // a test that expects an early exit never awaits the URL
  return { child, url, exited, stdout: () => stdout, stderr: () => stderr };
}

/** Ends every Loupe `startLoupe` started that is still running. */
export function killStartedLoupes(): void {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  started.clear();
}
