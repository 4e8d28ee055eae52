/**
 * Building the native relay: once per source and compiler, safely when taps start together, and
 * never in the tap's way: without a working compiler the tap relays through Node, silently unless
 * the native relay was asked for by name.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTraceText } from '../../../lib/trace/reader';
import { FIXTURES, LOUPE_BIN, tempDir } from '../../cli/shared/run-cli';
import { nativeRelay } from './relay-build';

/** A folder whose `cc` always fails (a compiler that is there but cannot build). */
function brokenCompiler(): string {
  const dir = path.join(tempDir(), 'bin');
  mkdirSync(dir);
  symlinkSync('/bin/false', path.join(dir, 'cc'));
  return dir;
}

function tap(configDir: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [LOUPE_BIN, 'tap', '--config-dir', configDir, '--', process.execPath, path.join(FIXTURES, 'tap-bytes.mjs')], { env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  child.stdin.end('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('the native relay build', () => {
  it('builds safely for taps that start together, each getting a whole binary, and reuses it', async () => {
    const cache = tempDir();
    const builds = await Promise.all([1, 2, 3, 4].map(() => nativeRelay({ cache })));
    const paths = builds.map((b) => (b.ok ? b.path : b.reason));
    expect(new Set(paths).size).toBe(1);
    expect(paths[0]).toMatch(/tap-relay-[0-9a-f]{16}$/);
    // No temporary file is left beside it.
    expect(readdirSync(cache)).toEqual([path.basename(paths[0])]);
    expect(await nativeRelay({ cache })).toEqual({ ok: true, path: paths[0], built: false });
  }, 120_000);

  it('remembers a compiler that fails, so taps do not try it again; install tries again', async () => {
    const cache = tempDir();
    const broken = brokenCompiler();
    const first = await nativeRelay({ cache, pathVariable: broken });
    expect(first).toEqual({ ok: false, reason: expect.stringMatching(/cc could not build tap-relay\.c/) });
    expect(readdirSync(cache)).toEqual([expect.stringMatching(/^tap-relay-[0-9a-f]{16}\.failed$/)]);
    expect(await nativeRelay({ cache, pathVariable: broken })).toEqual(first);
    expect(await nativeRelay({ cache, pathVariable: '/no/such/dir' })).toEqual({ ok: false, reason: 'no C compiler (cc) on PATH' });
  }, 60_000);

  it('without a working compiler, taps relay through Node and say so in the trace; asked for the native relay, the tap refuses', async () => {
    const env = { PATH: `${brokenCompiler()}${path.delimiter}${process.env.PATH}` };
    const configDir = tempDir();
    const fallback = await tap(configDir, env);
    expect(fallback.code).toBe(0);
    expect(fallback.stdout).toContain('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    expect(fallback.stderr).not.toMatch(/loupe tap/);
    const dir = path.join(configDir, 'taps');
    const header = readTraceText(readFileSync(path.join(dir, readdirSync(dir)[0]), 'utf8')).header as { tap?: { relay?: string } };
    expect(header.tap?.relay).toBe('node');

    const forced = await tap(tempDir(), { ...env, LOUPE_TAP_RELAY: 'native' });
    expect(forced.code).toBe(125);
    expect(forced.stdout).toBe('');
    expect(forced.stderr).toMatch(/^loupe tap: LOUPE_TAP_RELAY=native, but the native relay is unavailable: .*cc could not build tap-relay\.c/);

    const wrong = await tap(tempDir(), { LOUPE_TAP_RELAY: 'rust' });
    expect(wrong.code).toBe(64);
    expect(wrong.stderr).toMatch(/LOUPE_TAP_RELAY must be one of native, node; got 'rust'/);
  }, 60_000);
});
