import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import { TRACE_VERSION } from '../../lib/trace/format';
import type { SessionListing } from '../store/store';
import { EVERYTHING, fixture, runCli, runCliProcess, tempDir } from './shared/run-cli';

function readTrace(file: string): { header: Record<string, unknown>; frames: Frame[] } {
  const [head, ...rest] = readFileSync(file, 'utf8').trimEnd().split('\n');
  return { header: JSON.parse(head), frames: rest.map((l) => JSON.parse(l)) };
}

const methodsSent = (frames: Frame[]) =>
  frames
    .filter((f) => f.dir === 'c2s' && f.lane === 'message')
    .map((f) => JSON.parse(f.raw).method)
    .filter(Boolean);

describe('loupe record', () => {
  it('records the handshake and the discovery of server-everything (the built binary)', async () => {
    const out = path.join(tempDir(), 'everything.ndjson');
    const configDir = tempDir();
    const r = await runCliProcess(['record', '--out', out, '--config-dir', configDir, '--', ...EVERYTHING]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const { header, frames } = readTrace(out);
    expect(header).toMatchObject({ format: 'loupe-trace', version: TRACE_VERSION, negotiatedVersion: '2025-11-25' });
    expect(methodsSent(frames)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/list',
      'resources/list',
      'resources/templates/list',
      'prompts/list',
    ]);
    const initResult = frames.find((f) => f.dir === 's2c' && f.raw.includes('"serverInfo"'));
    expect(JSON.parse(initResult!.raw).result.serverInfo.name).toContain('everything');
    expect(frames.some((f) => f.dir === 's2c' && f.raw.includes('"tools":[{'))).toBe(true);
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i + 1));
    expect(frames.at(-1)?.meta).toMatchObject({ event: 'exit' });
    // Stored too, its findings counted before the command ended.
    const [stored] = JSON.parse((await runCli(['sessions', '--json', '--config-dir', configDir])).stdout) as SessionListing[];
    expect(stored).toMatchObject({ source: 'record', state: 'clean', frames: frames.length });
    expect(stored.findings).toEqual({ error: expect.any(Number), warning: expect.any(Number), info: expect.any(Number) });
  }, 60_000);

  it('asks only for what the server declared, runs the script and uses the client options', async () => {
    const dir = tempDir();
    const script = path.join(dir, 'script.json');
    writeFileSync(script, JSON.stringify([{ method: 'tools/call', params: { name: 'echo', arguments: { message: 'hello' } } }, { method: 'ping' }]));
    const out = path.join(dir, 'banner.ndjson');
    const r = await runCli([
      'record',
      '--out',
      out,
      '--protocol-version',
      '2025-06-18',
      '--client-capabilities',
      '{"sampling":{}}',
      '--timeout',
      '5000',
      '--script',
      script,
      '--',
      ...fixture('bad-banner'),
    ]);
    expect(r.code).toBe(0);
    const { frames } = readTrace(out);
    expect(methodsSent(frames)).toEqual(['initialize', 'notifications/initialized', 'tools/list', 'tools/call', 'ping']);
    const init = JSON.parse(frames.find((f) => f.raw.includes('"initialize"'))!.raw);
    expect(init.params).toMatchObject({ protocolVersion: '2025-06-18', capabilities: { sampling: {} } });
    expect(frames.some((f) => f.raw === 'Fixture server 1.0 ready, waiting for a client...')).toBe(true);
    expect(frames.some((f) => f.dir === 's2c' && f.raw.includes('"text":"hello"'))).toBe(true);
  }, 60_000);

  it('passes --env to the server and redacts its value from the trace unless --no-redact', async () => {
    const dir = tempDir();
    const script = path.join(dir, 'script.json');
    // server-everything's get-env tool answers with the environment its process received.
    writeFileSync(script, JSON.stringify([{ method: 'tools/call', params: { name: 'get-env', arguments: {} } }]));
    const kept = path.join(dir, 'kept.ndjson');
    const k = await runCli(['record', '--out', kept, '--no-redact', '--env', 'API_TOKEN=sekret-4711-value', '--script', script, '--', ...EVERYTHING]);
    expect(k.code).toBe(0);
    expect(readFileSync(kept, 'utf8')).toMatch(/API_TOKEN\W+sekret-4711-value/);
    const redacted = path.join(dir, 'redacted.ndjson');
    const r = await runCli(['record', '--out', redacted, '--env', 'API_TOKEN=sekret-4711-value', '--script', script, '--', ...EVERYTHING]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/redacted \d+ secret-looking value/);
    expect(readFileSync(redacted, 'utf8')).not.toContain('sekret-4711-value');
    expect(readTrace(redacted).header).toMatchObject({ redaction: { count: expect.any(Number) } });
  }, 90_000);

  it('writes the trace even when the server crashes mid-session', async () => {
    const out = path.join(tempDir(), 'crash.ndjson');
    const r = await runCli(['record', '--out', out, '--', ...fixture('bad-crash')]);
    expect(r.stderr).toContain('exited with code 3');
    const { frames } = readTrace(out);
    expect(frames.some((f) => f.lane === 'stderr' && f.raw.includes('tool registry unavailable'))).toBe(true);
    expect(frames.find((f) => (f.meta as { event?: string } | undefined)?.event === 'exit')?.meta).toMatchObject({ code: 3 });
  }, 60_000);

  it('records every notification of a flood as its own frame', async () => {
    const dir = tempDir();
    const script = path.join(dir, 'flood.json');
    writeFileSync(script, JSON.stringify([{ method: 'tools/call', params: { name: 'flood', arguments: { count: 20_000 } } }]));
    const out = path.join(dir, 'flood.ndjson');
    const configDir = tempDir();
    const r = await runCli(['record', '--out', out, '--config-dir', configDir, '--script', script, '--', ...fixture('flood')]);
    expect(r.code).toBe(0);
    const { frames } = readTrace(out);
    // Made from the stored session (the recording held none of them in memory): every frame, in order.
    const [stored] = JSON.parse((await runCli(['sessions', '--json', '--config-dir', configDir])).stdout) as SessionListing[];
    expect(stored).toMatchObject({ source: 'record', state: 'clean', frames: frames.length });
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i + 1));
    expect(r.stdout).toContain(`recorded ${frames.length} frames`);
    const notifications = frames.filter(
      (f) => f.dir === 's2c' && f.lane === 'message' && f.raw.startsWith('{"jsonrpc":"2.0","method":"notifications/message"'),
    );
    expect(notifications).toHaveLength(20_000);
    expect(JSON.parse(notifications[19_999].raw).params.data).toEqual({ i: 20_000 });
    expect(notifications.every((f) => !f.raw.includes('\n') && f.raw.endsWith('}}}'))).toBe(true);
  }, 60_000);

  it('stops with exit 2 when the session cannot be stored, as the trace is written from it', async () => {
    const dir = tempDir();
    const notAFolder = path.join(dir, 'config');
    writeFileSync(notAFolder, '');
    const out = path.join(dir, 'never.ndjson');
    const r = await runCli(['record', '--out', out, '--config-dir', notAFolder, '--', ...fixture('flood')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is not stored on disk/);
    expect(r.stderr).toMatch(/could not be stored under .*: give a writable --config-dir/);
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('writes what was stored and exits 1 when the session outgrew its disk budget', async () => {
    const dir = tempDir();
    const script = path.join(dir, 'flood.json');
    writeFileSync(script, JSON.stringify([{ method: 'tools/call', params: { name: 'flood', arguments: { count: 30_000 } } }]));
    const out = path.join(dir, 'cut.ndjson');
    const args = ['record', '--out', out, '--config-dir', path.join(dir, 'config'), '--script', script, '--', ...fixture('flood')];
    const r = await runCli(args, { env: { LOUPE_DISK_BUDGET: '1MiB' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/reached its disk budget of 1\.0 MiB/);
    const m = /only (\d+) of the (\d+) frames recorded were stored/.exec(r.stderr);
    expect(m, r.stderr).not.toBeNull();
    expect(Number(m![2])).toBeGreaterThan(30_000);
    const { frames } = readTrace(out);
    expect(frames).toHaveLength(Number(m![1]));
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i + 1));
  }, 60_000);

  it('refuses bad usage with exit 2 and a clear message', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['record', '--', 'node', 'x.js'], /--out FILE is required/],
      [['record', '--out', 'x.ndjson'], /no server: give its command after --/],
      [['record', '--out', 'x.ndjson', '--timeout', 'soon', '--', 'node'], /--timeout takes a positive whole number/],
      [['record', '--out', 'x.ndjson', '--client-capabilities', '[1]', '--', 'node'], /must be a JSON object/],
      [['record', '--out', 'x.ndjson', '--client-capabilities', '{bad', '--', 'node'], /not valid JSON/],
      [['record', '--bogus', '--out', 'x.ndjson', '--', 'node'], /Unknown option '--bogus'/],
      [['record', '--out', 'x.ndjson', '--env', 'NOVALUE', '--', 'node'], /--env takes NAME=VALUE/],
      [['record', '--out', 'x.ndjson', '--script', '/nonexistent/script.json', '--', 'node'], /cannot read the script/],
      [['record', '--out', '/nonexistent/dir/x.ndjson', '--', 'node'], /the folder \/nonexistent\/dir does not exist/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  }, 180_000);
});
