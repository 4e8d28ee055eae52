/**
 * After a SIGKILL of Loupe (which no handler sees), the next `loupe start` with the same config
 * folder ends the process group the dead Loupe had started, from its pid file.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openReadySession, PageClient } from '../server/testing/harness';
import { fixtureServer, processGone, waitFor } from '../sessions/test-support';
import { groupAlive, signalGroup } from '../transports/process-group';
import { killStartedLoupes, startLoupe } from './shared/run-cli';

let configDir: string;
const cleanup: Array<() => void> = [];
beforeEach(async () => {
  configDir = await mkdtemp(path.join(os.tmpdir(), 'loupe-orphans-'));
});
afterEach(async () => {
  for (const fn of cleanup.splice(0)) fn();
  killStartedLoupes();
  await rm(configDir, { recursive: true, force: true });
});

/** Saves a connection to the stubborn fixture and opens a session on it; resolves with its pid. */
async function openStubbornSession(url: string): Promise<number> {
  const page = await PageClient.at(url);
  cleanup.push(() => page.ws.terminate());
  const session = await openReadySession(page, { ...fixtureServer('stdio-stubborn.mjs'), id: 'stubborn', name: 'stubborn' });
  return session.pid!;
}

it('a SIGKILLed Loupe leaves a pid file; the next start ends the group it names and removes it', async () => {
  const first = startLoupe(configDir, ['--port', '0']);
  const pid = await openStubbornSession(await first.url);
  cleanup.push(() => signalGroup(pid, 'SIGKILL'));
  const pidFile = path.join(configDir, 'run', `group-${pid}.json`);
  expect(existsSync(pidFile)).toBe(true);
  expect(statSync(pidFile).mode & 0o777).toBe(0o600);

  first.child.kill('SIGKILL');
  expect(await first.exited).toBe('SIGKILL');
  // Nothing ran in the dead Loupe: the server (which ignores SIGTERM) and its grandchild live on.
  expect(groupAlive(pid)).toBe(true);

  const second = startLoupe(configDir, ['--port', '0']);
  await second.url;
  expect(second.stderr()).toContain(
    `loupe start: ended process group ${pid} (node stdio-stubborn.mjs), left running by a Loupe that stopped without closing its sessions`,
  );
  await waitFor(() => processGone(pid), 5000, 'the orphaned group to end');
  expect(existsSync(pidFile)).toBe(false);

  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
}, 60_000);

it('a session that ends cleanly leaves no pid file behind', async () => {
  const loupe = startLoupe(configDir, ['--port', '0']);
  const pid = await openStubbornSession(await loupe.url);
  expect(existsSync(path.join(configDir, 'run', `group-${pid}.json`))).toBe(true);
  loupe.child.kill('SIGTERM');
  expect(await loupe.exited).toBe(0);
  expect(processGone(pid)).toBe(true);
  expect(existsSync(path.join(configDir, 'run', `group-${pid}.json`))).toBe(false);
}, 60_000);
