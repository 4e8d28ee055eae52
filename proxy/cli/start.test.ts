import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openReadySession, PageClient } from '../server/testing/harness';
import { killStartedLoupes, startLoupe } from './shared/run-cli';

let configDir: string;
beforeEach(async () => {
  configDir = await mkdtemp(path.join(os.tmpdir(), 'loupe-start-'));
});
afterEach(async () => {
  killStartedLoupes();
  await rm(configDir, { recursive: true, force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('loupe start', () => {
  it('prints one URL line, and SIGTERM closes sessions, ends their servers and exits 0', async () => {
    const loupe = startLoupe(configDir, ['--port', '0']);
    const url = await loupe.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    const session = await openReadySession(await PageClient.at(url));
    expect(alive(session.pid!)).toBe(true);
    loupe.child.kill('SIGTERM');
    expect(await loupe.exited).toBe(0);
    expect(alive(session.pid!)).toBe(false);
    expect(loupe.stdout()).toBe(`Loupe is running at ${url}\n`);
  });

  it('prints the address it was given with --host, and serves pages for that host', async () => {
    const loupe = startLoupe(configDir, ['--port', '0', '--host', '127.0.0.2']);
    const url = await loupe.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/\?token=/);
    const res = await fetch(url);
    expect(res.status).not.toBe(403);
    loupe.child.kill('SIGTERM');
    expect(await loupe.exited).toBe(0);
  });

  it('exits 0 on SIGINT too', async () => {
    const loupe = startLoupe(configDir, [], { LOUPE_PORT: '0' });
    await loupe.url;
    loupe.child.kill('SIGINT');
    const code = await loupe.exited;
    expect(code, loupe.stderr()).toBe(0);
  });

  it('says clearly that a port is taken and exits 1, without a stack trace', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const loupe = startLoupe(configDir, ['--port', String(port)]);
      expect(await loupe.exited).toBe(1);
      const [stdout, stderr] = [loupe.stdout(), loupe.stderr()];
      expect(stdout).toBe('');
      expect(stderr).toContain(`port ${port} is in use: pass --port N or set LOUPE_PORT`);
      expect(stderr).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  it('refuses a bad port with a usage message', async () => {
    const loupe = startLoupe(configDir, ['--port', 'abc']);
    expect(await loupe.exited).toBe(2);
    expect(loupe.stderr()).toMatch(/the port must be a number from 0 to 65535/);
  });

  it('prints its usage for --help and exits 0, as every other command does, listening nowhere', async () => {
    const loupe = startLoupe(configDir, ['--help']);
    expect(await loupe.exited).toBe(0);
    expect(loupe.stdout()).toMatch(/^usage: loupe start \[--port N\]/);
    expect(loupe.stdout()).not.toMatch(/Loupe is running at/);
  });
});
