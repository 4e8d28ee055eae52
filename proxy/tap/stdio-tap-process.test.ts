/**
 * The stdio tap's process handling as a host meets it, through `loupe tap`: the host's stop signal
 * reaches the server once and the tap ends as the server did; a command that cannot run says why
 * with the code for it; a trace folder that cannot be made never keeps the server from running;
 * nothing in the host's environment or on its PATH decides how the bytes are relayed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, LOUPE_BIN, tempDir } from '../cli/shared/run-cli';
import { tapRecording } from './testing/tap-recording';

function tapProcess(configDir: string, server: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return spawn(process.execPath, [LOUPE_BIN, 'tap', '--config-dir', configDir, '--', ...server], { env, stdio: ['pipe', 'pipe', 'pipe'] });
}

function ended(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: Buffer; stderr: string }> {
  const out: Buffer[] = [];
  let err = '';
  child.stdout!.on('data', (b: Buffer) => out.push(b));
  child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  return new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal, stdout: Buffer.concat(out), stderr: err })));
}

function traceOf(configDir: string) {
  const dir = path.join(configDir, 'taps');
  const files = readdirSync(dir);
  expect(files).toHaveLength(1);
  return tapRecording(path.join(dir, files[0]));
}

describe('the stdio tap and its server process', () => {
  it("passes the host's SIGTERM on to the server once, and ends by it as the server did", async () => {
    const configDir = tempDir();
    const server = [
      'node',
      '-e',
      `process.stdin.resume(); let n = 0; process.on('SIGTERM', () => { n++; setTimeout(() => { process.stderr.write('SIGTERMs ' + n + '\\n'); process.kill(process.pid, 'SIGKILL'); }, 300); }); process.stderr.write('ready\\n');`,
    ];
    const child = tapProcess(configDir, server);
    const result = ended(child);
    await new Promise<void>((resolve) => child.stderr!.on('data', (b: Buffer) => b.toString().includes('ready') && resolve()));
    child.kill('SIGTERM');
    const r = await result;
    expect(r.signal).toBe('SIGKILL');
    expect(r.stderr).toContain('SIGTERMs 1\n');
    const frames = traceOf(configDir)
      .frames.filter((f) => f.lane === 'lifecycle')
      .map((f) => f.raw);
    expect(frames.filter((raw) => raw === 'passed SIGTERM from the host on to the server')).toHaveLength(1);
    expect(frames.at(-1)).toBe('the server process was ended by SIGKILL');
  }, 30_000);

  it('says a command that is not executable cannot run, with the code for it', async () => {
    const script = path.join(tempDir(), 'server.sh');
    writeFileSync(script, '#!/bin/sh\nexit 0\n');
    chmodSync(script, 0o644);
    const child = tapProcess(tempDir(), [script]);
    child.stdin!.end();
    const r = await ended(child);
    expect(r.code).toBe(126);
    expect(r.stdout.length).toBe(0);
    expect(r.stderr).toBe(`loupe tap: cannot start "${script}": permission denied (EACCES). Is the file executable (chmod +x)?\n`);
  }, 30_000);

  it.skipIf(!existsSync('/proc/self'))(
    'names the folder it cannot create for the trace, and still runs the server',
    async () => {
      const child = tapProcess(`/proc/loupe-no-such-${process.pid}/config`, ['node', path.join(FIXTURES, 'tap-bytes.mjs')]);
      child.stdin!.end('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
      const r = await ended(child);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(`loupe tap: warning: not recording this session: cannot create the folder /proc/loupe-no-such-${process.pid}: ENOENT`);
    },
    30_000,
  );

  it('relays the same way on any machine: no C compiler needed, and a leftover relay setting in a host config is ignored', async () => {
    const configDir = tempDir();
    // A PATH with nothing on it (the server is named by its full path), and the old setting that forced a compiled relay.
    const child = tapProcess(configDir, [process.execPath, path.join(FIXTURES, 'tap-bytes.mjs')], {
      ...process.env,
      PATH: tempDir(),
      LOUPE_TAP_RELAY: 'native',
    });
    child.stdin!.end('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    const r = await ended(child);
    expect(r.stderr).not.toMatch(/loupe tap:/);
    expect(r.code).toBe(0);
    expect(r.stdout.toString()).toMatch(/partial without newline \{"jsonrpc":"2.0","id":1,"method":"ping"\}\n$/);
    expect(
      traceOf(configDir)
        .frames.filter((f) => f.dir === 'c2s' && f.lane === 'message')
        .map((f) => f.raw),
    ).toEqual(['{"jsonrpc":"2.0","id":1,"method":"ping"}']);
  }, 30_000);
});
