/**
 * `loupe sessions ID --search TEXT`, run in process on a session written to a store of the test's
 * own: the frames that hold the text, redacted with the session's secrets, and what is wrong said.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { sessionsDir } from '../store/layout';
import { SessionStore } from '../store/store';
import { logFrame, testHeader } from '../store/testing';
import { runInProcess } from './shared/in-process';
import { run } from './sessions';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function storedWithSecret(): { configDir: string; id: string } {
  const configDir = mkdtempSync(path.join(tmpdir(), 'loupe-sessions-search-'));
  dirs.push(configDir);
  const w = new SessionStore(sessionsDir(configDir)).create({ source: 'launched', header: testHeader('search'), startedAt: Date.now() });
  w.addSecrets(['hunter2-api-key']);
  for (let seq = 1; seq <= 2_000; seq++) w.append(logFrame(seq, seq));
  w.append({
    ...logFrame(2_001, 2_001),
    raw: '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"deploy","arguments":{"key":"hunter2-api-key"}}}',
  });
  w.close();
  return { configDir, id: w.id };
}

const sessions = (argv: string[]) => runInProcess(() => run(argv));

it('prints the frames that hold a text, redacted, and says where to go on from at the limit', async () => {
  const { configDir, id } = storedWithSecret();
  const found = await sessions([id, '--search', 'DEPLOY', '--config-dir', configDir]);
  expect(found.code).toBe(0);
  const lines = found.stdout.trimEnd().split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^\s+2001\s+2\.001s\s+s2c\s+message\s+.*"name":"deploy"/);
  expect(found.stdout).not.toContain('hunter2-api-key');
  expect(lines[1]).toBe('1 frame(s)');

  const limited = await sessions([id, '--search', 'tick 1', '--limit', '3', '--json', '--config-dir', configDir]);
  const json = JSON.parse(limited.stdout) as { frames: Array<{ seq: number }>; next: number | null };
  expect(json.frames.map((f) => f.seq)).toEqual([1, 10, 11]);
  expect(json.next).toBe(12);
});

it('says what is wrong: no id, an unknown lane, an empty text, a session that is not stored', async () => {
  const { configDir, id } = storedWithSecret();
  const noId = await sessions(['--search', 'x', '--config-dir', configDir]);
  expect([noId.code, noId.stderr]).toEqual([2, expect.stringContaining('--search needs the id of one stored session')]);
  const lane = await sessions([id, '--search', 'x', '--lane', 'wire', '--config-dir', configDir]);
  expect([lane.code, lane.stderr]).toEqual([2, expect.stringContaining("--lane must be one of message, http, stderr, lifecycle; got 'wire'")]);
  const empty = await sessions([id, '--search', ' ', '--config-dir', configDir]);
  expect([empty.code, empty.stderr]).toEqual([2, expect.stringContaining('a search needs some text')]);
  const missing = await sessions(['20261206-000000-abcdef', '--search', 'x', '--config-dir', configDir]);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toMatch(/loupe sessions: .*20261206-000000-abcdef/);
});
