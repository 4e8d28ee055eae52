/**
 * Loupe's commands run from an installed package as a user runs them: through
 * node_modules/.bin/loupe (no shell), each with a temporary config folder, each checked for what a
 * user would look at, and the two that a person waits on timed (`loupe start` until it prints its
 * URL; `loupe tap` until the server's first byte reaches the host).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Installed {
  /** node_modules/.bin/loupe, a global install's bin/loupe, or `npx` (with `binArgs`) */
  bin: string;
  /** Arguments before the command's own: `npx --yes TARBALL`. */
  binArgs?: string[];
  /** Where the commands run (an empty folder for npx); this process's folder otherwise. */
  cwd?: string;
  /** The project's node_modules, for the servers its dependencies bring. */
  nodeModules: string;
}

const URL_LINE = /^Loupe is running at (http:\/\/\S+)$/m;

/** The environment the commands run in: `node` on the PATH (the bin's #!), a config of their own. */
export function commandEnv(configDir: string): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`, LOUPE_CONFIG_DIR: configDir };
}

const tempConfig = () => mkdtempSync(path.join(tmpdir(), 'loupe-package-config-'));

/** `loupe ARGS` to its end; throws unless it exits 0. */
function runToEnd(i: Installed, args: string[], timeoutMs = 120_000): { stdout: string; stderr: string } {
  const r = spawnSync(i.bin, [...(i.binArgs ?? []), ...args], {
    cwd: i.cwd,
    env: commandEnv(tempConfig()),
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 * 2 ** 20,
  });
  if (r.status !== 0) throw new Error(`loupe ${args.join(' ')} exited ${r.status ?? r.signal ?? r.error?.message}:\n${r.stdout}\n${r.stderr}`);
  return { stdout: r.stdout, stderr: r.stderr };
}

/** The commands of `loupe --help`, each then run with --help: every command's module loads from the install. */
export function checkHelp(i: Installed): string {
  const { stdout } = runToEnd(i, ['--help']);
  const commands = [...stdout.matchAll(/^ {2}loupe ([a-z]+) /gm)].map((m) => m[1]);
  for (const command of ['start', 'check', 'tap', 'record']) {
    if (!commands.includes(command)) throw new Error(`loupe --help does not list loupe ${command}:\n${stdout}`);
  }
  for (const command of commands) {
    // Some commands print their usage on stderr (their stdout is kept for the protocol).
    const { stdout: out, stderr: err } = runToEnd(i, [command, '--help']);
    const help = out + err;
    if (!help.includes(`usage: loupe ${command}`)) throw new Error(`loupe ${command} --help printed no usage:\n${help}`);
  }
  return `loupe --help lists ${commands.length} commands, and each one's --help loads it from the install: ${commands.join(', ')}`;
}

/** The reference server the package depends on, as installed beside it. */
export function everythingServer(i: Installed): string[] {
  return [process.execPath, path.join(i.nodeModules, '@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'];
}

export function checkEverything(i: Installed): string {
  const { stdout } = runToEnd(i, ['check', '--', ...everythingServer(i)]);
  const verdict = stdout.trim().split('\n').at(-1) ?? '';
  if (!/passed$/.test(verdict)) throw new Error(`loupe check on server-everything did not pass:\n${stdout}`);
  return `loupe check on server-everything: ${verdict}`;
}

interface StartedLoupe {
  url: string;
  /** From the spawn to the URL line on stdout. */
  ms: number;
  stop(): Promise<void>;
}

/** `loupe start --port 0` until it prints its URL (it opens no browser: it only prints). */
export function startLoupe(i: Installed, limitMs = 30_000): Promise<StartedLoupe> {
  const started = performance.now();
  // A group of its own: `npx` runs loupe as its child and does not pass SIGTERM on, so the stop
  // signals the whole group.
  const child = spawn(i.bin, [...(i.binArgs ?? []), 'start', '--port', '0'], {
    cwd: i.cwd,
    env: commandEnv(tempConfig()),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  leaders.add(child);
  let output = '';
  const stop = () => stopChild(child);
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      void stop();
      reject(new Error(`loupe start ${why}. Output:\n${output}`));
    };
    const timer = setTimeout(() => fail(`printed no URL within ${limitMs} ms`), limitMs);
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.stdout!.on('data', (c: Buffer) => {
      output += c.toString();
      const m = URL_LINE.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], ms: performance.now() - started, stop });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(`exited (${signal ?? code}) before printing its URL`);
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signal(child, 'SIGTERM');
  const timer = setTimeout(() => signal(child, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Children spawned as the leaders of their own process groups. */
const leaders = new WeakSet<ChildProcess>();

/** Signals the child's process group when it leads one, the child otherwise. */
function signal(child: ChildProcess, name: NodeJS.Signals): void {
  if (!leaders.has(child) || child.pid === undefined) return void child.kill(name);
  try {
    process.kill(-child.pid, name);
  } catch {
    child.kill(name);
  }
}

/** `loupe start`, then its page over HTTP with the launch's token: the built page, not an error. */
export async function checkStartServesPage(i: Installed): Promise<string> {
  const loupe = await startLoupe(i);
  try {
    const res = await fetch(loupe.url);
    const html = await res.text();
    if (res.status !== 200) throw new Error(`GET ${loupe.url} answered ${res.status}: ${html.slice(0, 300)}`);
    if (!html.includes('<title>Loupe</title>') || !html.includes('/_next/static/'))
      throw new Error(`GET ${loupe.url} is not the built page:\n${html.slice(0, 500)}`);
    return `loupe start printed its URL in ${Math.round(loupe.ms)} ms and served the built page (${html.length} bytes)`;
  } finally {
    await loupe.stop();
  }
}

/** Reads newline-delimited JSON-RPC messages from a stream, one promise per awaited id. */
function lineReader(child: ChildProcess) {
  let buffer = '';
  const waiting = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
  child.stdout!.on('data', (c: Buffer) => {
    buffer += c.toString('utf8');
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (!line.startsWith('{')) continue;
      const message = JSON.parse(line) as { id?: number; result?: unknown; error?: unknown };
      if (typeof message.id === 'number' && (message.result !== undefined || message.error !== undefined)) waiting.get(message.id)?.(message);
    }
  });
  return (id: number, timeoutMs = 30_000) =>
    new Promise<{ result?: unknown; error?: unknown }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to request ${id} through loupe tap within ${timeoutMs} ms`)), timeoutMs);
      waiting.set(id, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
}

/** A small host: starts `loupe tap -- server-everything`, then initialize and tools/list over its stdio. */
export async function checkTapUnderHost(i: Installed): Promise<string> {
  const child = spawn(i.bin, [...(i.binArgs ?? []), 'tap', '--', ...everythingServer(i)], {
    cwd: i.cwd,
    env: commandEnv(tempConfig()),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const answer = lineReader(child);
  const send = (message: object) => child.stdin!.write(`${JSON.stringify(message)}\n`);
  try {
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'package-check-host', version: '1' } },
    });
    const init = await answer(1);
    if (init.error) throw new Error(`initialize failed through loupe tap: ${JSON.stringify(init.error)}`);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const tools = (await answer(2)).result as { tools?: unknown[] } | undefined;
    if (!tools?.tools?.length) throw new Error(`tools/list through loupe tap listed no tools: ${JSON.stringify(tools)}`);
    return `loupe tap under a host: initialize, then tools/list with ${tools.tools.length} tools`;
  } catch (e) {
    throw new Error(`${(e as Error).message}\nloupe tap's stderr:\n${stderr}`);
  } finally {
    child.stdin!.end();
    await stopChild(child);
  }
}

/** A server that speaks at once: one notification line as it starts, then waits for its stdin to close. */
const SPEAKS_AT_ONCE =
  'process.stdout.write(\'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"up"}}\\n\'); process.stdin.resume(); process.stdin.on(\'end\', () => process.exit(0));';

/** Milliseconds from spawning `argv` to the first byte on its stdout. */
function firstByteMs(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  const child = spawn(argv[0], argv.slice(1), { env, stdio: ['pipe', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', () => {
      const ms = performance.now() - started;
      child.stdin!.end();
      void stopChild(child).then(() => resolve(ms));
    });
  });
}

/** The server's first byte through `loupe tap` after the host spawns it, and without the tap (the floor). */
export async function tapFirstByte(i: Installed): Promise<{ tapMs: number; directMs: number }> {
  const server = [process.execPath, '-e', SPEAKS_AT_ONCE];
  const env = commandEnv(tempConfig());
  return { tapMs: await firstByteMs([i.bin, 'tap', '--', ...server], env), directMs: await firstByteMs(server, env) };
}
