import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ProxyMessage, SessionSummary } from '../../lib/wire/protocol';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
let configDir: string;
beforeEach(async () => { configDir = await mkdtemp(path.join(os.tmpdir(), 'loupe-start-')); });
afterEach(async () => { await rm(configDir, { recursive: true, force: true }); });

function startLoupe(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/loupe.mjs'), 'start', '--no-build', '--config-dir', configDir, ...args], {
    cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c) => (stdout += c));
  child.stderr!.on('data', (c) => (stderr += c));
  const exited = new Promise<number | string | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const m = /^Loupe is running at (http:\/\/[\d.]+:\d+\/\?token=[A-Za-z0-9_-]+)$/m.exec(stdout);
      if (m) resolve(m[1]);
    });
    void exited.then((code) => reject(new Error(`exited with ${code} before printing a URL: ${stderr}`)));
  });
  url.catch(() => undefined); // tests that expect an early exit never await the URL
  return { child, url, exited, out: () => ({ stdout, stderr }) };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function openBuiltinSession(url: string): Promise<SessionSummary> {
  const { port, searchParams } = new URL(url);
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${searchParams.get('token')}`, { headers: { Origin: `http://127.0.0.1:${port}` } });
  return new Promise((resolve, reject) => {
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as ProxyMessage;
      if (msg.type === 'hello') ws.send(JSON.stringify({ type: 'session/open', rid: 'o', connectionId: 'server-everything', options: msg.defaults }));
      if (msg.type === 'sessions/update') {
        const ready = msg.sessions.find((s) => s.status === 'ready' && s.pid);
        if (ready) resolve(ready);
      }
    });
    ws.on('error', reject);
  });
}

describe('loupe start', () => {
  let child: ChildProcess | undefined;
  afterEach(() => { if (child && child.exitCode === null) child.kill('SIGKILL'); });

  it('prints one URL line, and SIGTERM closes sessions, ends their servers and exits 0', async () => {
    const loupe = startLoupe(['--port', '0']);
    child = loupe.child;
    const url = await loupe.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    const session = await openBuiltinSession(url);
    expect(alive(session.pid!)).toBe(true);
    loupe.child.kill('SIGTERM');
    expect(await loupe.exited).toBe(0);
    expect(alive(session.pid!)).toBe(false);
    expect(loupe.out().stdout).toBe(`Loupe is running at ${url}\n`);
  });

  it('prints the address it was given with --host, and serves pages for that host', async () => {
    const loupe = startLoupe(['--port', '0', '--host', '127.0.0.2']);
    child = loupe.child;
    const url = await loupe.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/\?token=/);
    const res = await fetch(url);
    expect(res.status).not.toBe(403);
    loupe.child.kill('SIGTERM');
    expect(await loupe.exited).toBe(0);
  });

  it('exits 0 on SIGINT too', async () => {
    const loupe = startLoupe([], { LOUPE_PORT: '0' });
    child = loupe.child;
    await loupe.url;
    loupe.child.kill('SIGINT');
    const code = await loupe.exited;
    expect(code, loupe.out().stderr).toBe(0);
  });

  it('says clearly that a port is taken and exits 1, without a stack trace', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const loupe = startLoupe(['--port', String(port)]);
      child = loupe.child;
      expect(await loupe.exited).toBe(1);
      const { stdout, stderr } = loupe.out();
      expect(stdout).toBe('');
      expect(stderr).toContain(`port ${port} is in use: pass --port N or set LOUPE_PORT`);
      expect(stderr).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  it('refuses a bad port with a usage message', async () => {
    const loupe = startLoupe(['--port', 'abc']);
    child = loupe.child;
    expect(await loupe.exited).toBe(2);
    expect(loupe.out().stderr).toMatch(/the port must be a number from 0 to 65535/);
  });
});
