/**
 * After a SIGKILL of Loupe (which no handler sees), the next `loupe start` with the same config
 * folder ends the process group the dead Loupe had started, from its pid file.
 */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ProxyMessage } from '../../lib/wire/protocol';
import { fixtureServer, processGone, waitFor } from '../sessions/test-support';
import { groupAlive, signalGroup } from '../transports/process-group';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
let configDir: string;
const cleanup: Array<() => void> = [];
beforeEach(async () => { configDir = await mkdtemp(path.join(os.tmpdir(), 'loupe-orphans-')); });
afterEach(async () => {
  for (const fn of cleanup.splice(0)) fn();
  await rm(configDir, { recursive: true, force: true });
});

function startLoupe() {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/loupe.mjs'), 'start', '--no-build', '--port', '0', '--config-dir', configDir], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanup.push(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'));
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c) => (stdout += c));
  child.stderr!.on('data', (c) => (stderr += c));
  const exited = new Promise<number | string | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const m = /^Loupe is running at (\S+)$/m.exec(stdout);
      if (m) resolve(m[1]);
    });
    void exited.then((code) => reject(new Error(`exited with ${code} before printing a URL: ${stderr}`)));
  });
  url.catch(() => undefined);
  return { child, url, exited, stderr: () => stderr };
}

/** Saves a connection to the stubborn fixture and opens a session on it; resolves with its pid. */
async function openStubbornSession(url: string): Promise<number> {
  const { port, searchParams } = new URL(url);
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${searchParams.get('token')}`, { headers: { Origin: `http://127.0.0.1:${port}` } });
  cleanup.push(() => ws.terminate());
  const connection = { ...fixtureServer('stdio-stubborn.mjs'), id: 'stubborn', name: 'stubborn' };
  let defaults: unknown;
  return new Promise((resolve, reject) => {
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as ProxyMessage;
      if (msg.type === 'hello') {
        defaults = msg.defaults;
        ws.send(JSON.stringify({ type: 'connections/save', rid: 's', connection }));
      }
      if (msg.type === 'ack' && msg.rid === 's') ws.send(JSON.stringify({ type: 'session/open', rid: 'o', connectionId: 'stubborn', options: defaults }));
      if (msg.type === 'ack' && !msg.ok) reject(new Error(msg.error));
      if (msg.type === 'sessions/update') {
        const ready = msg.sessions.find((s) => s.status === 'ready' && s.pid);
        if (ready) resolve(ready.pid!);
      }
    });
    ws.on('error', reject);
  });
}

it('a SIGKILLed Loupe leaves a pid file; the next start ends the group it names and removes it', async () => {
  const first = startLoupe();
  const pid = await openStubbornSession(await first.url);
  cleanup.push(() => signalGroup(pid, 'SIGKILL'));
  const pidFile = path.join(configDir, 'run', `group-${pid}.json`);
  expect(existsSync(pidFile)).toBe(true);
  expect(statSync(pidFile).mode & 0o777).toBe(0o600);

  first.child.kill('SIGKILL');
  expect(await first.exited).toBe('SIGKILL');
  // Nothing ran in the dead Loupe: the server (which ignores SIGTERM) and its grandchild live on.
  expect(groupAlive(pid)).toBe(true);

  const second = startLoupe();
  await second.url;
  expect(second.stderr()).toContain(`loupe start: ended process group ${pid} (node stdio-stubborn.mjs), left running by a Loupe that stopped without closing its sessions`);
  await waitFor(() => processGone(pid), 5000, 'the orphaned group to end');
  expect(existsSync(pidFile)).toBe(false);

  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
}, 60_000);

it('a session that ends cleanly leaves no pid file behind', async () => {
  const loupe = startLoupe();
  const pid = await openStubbornSession(await loupe.url);
  expect(existsSync(path.join(configDir, 'run', `group-${pid}.json`))).toBe(true);
  loupe.child.kill('SIGTERM');
  expect(await loupe.exited).toBe(0);
  expect(processGone(pid)).toBe(true);
  expect(existsSync(path.join(configDir, 'run', `group-${pid}.json`))).toBe(false);
}, 60_000);
