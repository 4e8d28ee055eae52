/**
 * A host that SIGKILLs its `loupe tap` (no handler runs) leaves the server behind when the server
 * ignores the end of its input. The tap records the server (a process tree: it stays in the host's
 * session) where `loupe start` keeps its pid files, so the next tap (or start) with the same config
 * folder ends it and what it started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { FIXTURES, LOUPE_BIN, tempDir } from '../cli/shared/run-cli';
import { processAlive, processGone, waitFor } from '../sessions/test-support';
import { signalTree } from '../transports/process-group';

const cleanup: Array<() => void> = [];
afterEach(() => cleanup.splice(0).forEach((fn) => fn()));

interface Tap {
  child: ChildProcess;
  stderr(): string;
  exited: Promise<number | string | null>;
}

/** `loupe tap` through the Node relay, as a host starts it: pipes on all three streams. */
function startTap(configDir: string, server: string[]): Tap {
  const child = spawn(process.execPath, [LOUPE_BIN, 'tap', '--config-dir', configDir, '--', ...server], {
    env: process.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  cleanup.push(() => child.kill('SIGKILL'));
  let err = '';
  child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  child.stdout!.resume();
  const exited = new Promise<number | string | null>((r) => child.once('exit', (code, signal) => r(signal ?? code)));
  return { child, stderr: () => err, exited };
}

const groupFiles = (runDir: string) => (existsSync(runDir) ? readdirSync(runDir).filter((n) => /^group-\d+\.json$/.test(n)) : []);

it('the server of a SIGKILLed tap, and its child, are ended by the next tap with the same config folder', async () => {
  const configDir = tempDir();
  const runDir = path.join(configDir, 'run');
  const first = startTap(configDir, ['node', path.join(FIXTURES, 'stdio-stubborn.mjs')]);
  const grandchild = Number((await waitFor(() => /grandchild (\d+)/.exec(first.stderr()) ?? undefined, 20_000, 'the stubborn server to start'))[1]);
  const [file] = await waitFor(() => groupFiles(runDir).length > 0 && groupFiles(runDir), 5000, "the server's pid file");
  const pid = Number(/\d+/.exec(file)![0]);
  cleanup.push(() => signalTree(pid, 'SIGKILL'));

  first.child.kill('SIGKILL');
  expect(await first.exited).toBe('SIGKILL');
  // Its input ended with the tap, and it ignores that: without a reaper it would run for good.
  await new Promise((r) => setTimeout(r, 300));
  expect(processAlive(pid)).toBe(true);
  expect(processAlive(grandchild)).toBe(true);

  const second = startTap(configDir, ['node', '-e', 'process.exit(0)']);
  expect(await second.exited).toBe(0);
  expect(second.stderr()).toContain(`loupe tap: ended process ${pid} and the processes it started (node stdio-stubborn.mjs)`);
  await waitFor(() => processGone(pid) && !processAlive(grandchild), 5000, 'the orphaned server and its child to end');
  expect(groupFiles(runDir)).toEqual([]);
}, 60_000);

it('a tap whose server ends leaves no pid file, and a running tap keeps its server', async () => {
  const configDir = tempDir();
  const runDir = path.join(configDir, 'run');
  const running = startTap(configDir, ['node', path.join(FIXTURES, 'stdio-stubborn.mjs')]);
  await waitFor(() => /grandchild \d+/.test(running.stderr()), 20_000, 'the stubborn server to start');
  const [file] = await waitFor(() => groupFiles(runDir).length > 0 && groupFiles(runDir), 5000, "the server's pid file");
  const pid = Number(/\d+/.exec(file)![0]);
  cleanup.push(() => signalTree(pid, 'SIGKILL'));

  const other = startTap(configDir, ['node', '-e', 'process.exit(3)']);
  expect(await other.exited).toBe(3);
  expect(other.stderr()).not.toContain('ended process');
  expect(processAlive(pid)).toBe(true);
  expect(groupFiles(runDir)).toEqual([file]);

  // The stubborn server ignores SIGTERM; a SIGKILL sent by hand ends it, and the tap with it.
  signalTree(pid, 'SIGKILL');
  expect(await running.exited).toBe('SIGKILL');
  expect(groupFiles(runDir)).toEqual([]);
}, 60_000);
