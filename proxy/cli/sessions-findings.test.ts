/**
 * `loupe sessions ID --findings`, run in process on sessions written to a store of the test's own:
 * the findings kept when a session closed, redacted with the session's own secrets, or why none.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { sessionsDir } from '../store/layout';
import { SessionStore } from '../store/store';
import { logFrame, stdoutLine, testHeader } from '../store/testing';
import { runInProcess } from './shared/in-process';
import { run } from './sessions';

const SECRET = 'plain-words-kept-secret';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A closed session whose connection had SECRET in its env, quoted on stdout; an answer to no request after. */
async function storedLeak(): Promise<{ configDir: string; id: string; store: SessionStore }> {
  const configDir = mkdtempSync(path.join(tmpdir(), 'loupe-sessions-findings-'));
  dirs.push(configDir);
  const store = new SessionStore(sessionsDir(configDir));
  const w = store.create({ source: 'record', header: testHeader('leaky'), startedAt: Date.now(), secrets: [{ rule: 'env:API_KEY', value: SECRET }] });
  w.append(logFrame(1, 1000));
  w.append(stdoutLine(2, `starting with key ${SECRET}`));
  const raw = '{"jsonrpc":"2.0","id":9999,"result":{}}';
  w.append({ seq: 3, ts: 3000, dir: 's2c', lane: 'message', raw, size: raw.length + 1, meta: { transport: 'stdio' } });
  w.close();
  await w.counted;
  return { configDir, id: w.id, store };
}

const sessions = (argv: string[]) => runInProcess(() => run(argv));

it('prints each finding with its severity, seq, rule and message, redacted with the session’s secrets', async () => {
  const { configDir, id } = await storedLeak();
  const r = await sessions([id, '--findings', '--config-dir', configDir]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).not.toContain(SECRET);
  const [head, ...rows] = r.stdout.trimEnd().split('\n');
  expect(head.split(/\s{2,}/)).toEqual(['SEVERITY', 'SEQ', 'RULE', 'MESSAGE']);
  expect(rows[0].split(/\s{2,}/)).toEqual(['error', '#2', 'stdio.non-json-line', expect.stringContaining('"starting with key «redacted:env:API_KEY»"')]);
  expect(rows[1].split(/\s{2,}/).slice(0, 3)).toEqual(['error', '#3', 'jsonrpc.unknown-response']);
  expect(rows[rows.length - 1]).toMatch(/^\d+ errors?/);
});

it('gives the same as JSON, and says why a session has none', async () => {
  const { configDir, id, store } = await storedLeak();
  const r = await sessions([id, '--findings', '--json', '--config-dir', configDir]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).not.toContain(SECRET);
  const parsed = JSON.parse(r.stdout) as { id: string; total: number; capped: boolean; findings: Array<{ rule: string; frames: number[]; message: string }> };
  expect(parsed).toMatchObject({ id, capped: false });
  expect(parsed.total).toBe(parsed.findings.length);
  expect(parsed.findings.slice(0, 2).map((f) => [f.rule, f.frames])).toEqual([
    ['stdio.non-json-line', [2]],
    ['jsonrpc.unknown-response', [3]],
  ]);

  const open = store.create({ source: 'record', header: testHeader('open'), startedAt: Date.now() });
  open.append(logFrame(1, 1000));
  open.flush();
  const recording = await sessions([open.id, '--findings', '--config-dir', configDir]);
  expect(recording.code).toBe(0);
  expect(recording.stdout).toBe(`no findings of ${open.id} to show: its findings are counted when it closes\n`);
  const asJson = await sessions([open.id, '--findings', '--json', '--config-dir', configDir]);
  expect(JSON.parse(asJson.stdout)).toMatchObject({ findings: [], none: 'recording' });
  open.close();
  await open.counted;

  const bad = await sessions(['--findings', '--config-dir', configDir]);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/--findings needs the id of one stored session/);
});

it('judges a closed session whose findings were not judged on close, keeps them, and prints them', async () => {
  const configDir = mkdtempSync(path.join(tmpdir(), 'loupe-sessions-findings-'));
  dirs.push(configDir);
  // A store that judges nothing on close, as a session longer than COUNT_UP_TO_FRAMES is left.
  const writer = new SessionStore(sessionsDir(configDir), undefined, undefined, undefined, 0);
  const w = writer.create({ source: 'record', header: testHeader('long'), startedAt: Date.now() });
  for (let seq = 1; seq <= 30; seq++) w.append(stdoutLine(seq, `log line ${seq}`));
  const raw = '{"jsonrpc":"2.0","id":77,"result":{}}';
  w.append({ seq: 31, ts: 31_000, dir: 's2c', lane: 'message', raw, size: raw.length + 1, meta: { transport: 'stdio' } });
  w.close();
  expect(w.counted).toBeUndefined();
  const reader = new SessionStore(sessionsDir(configDir));
  expect(reader.list()[0].findings).toBeUndefined();

  const r = await sessions([w.id, '--findings', '--json', '--config-dir', configDir]);
  expect(r.code, r.stderr).toBe(0);
  const parsed = JSON.parse(r.stdout) as { total: number; none?: string; findings: Array<{ rule: string; frames: number[] }> };
  expect(parsed.none).toBeUndefined();
  expect(parsed.total).toBe(31);
  expect(parsed.findings[0]).toMatchObject({ rule: 'stdio.non-json-line', frames: [1] });
  expect(parsed.findings[30]).toMatchObject({ rule: 'jsonrpc.unknown-response', frames: [31] });
  // Kept: the list counts them now, and the table reads them without judging again.
  expect(reader.list()[0].findings).toEqual({ error: 31, warning: 0, info: 0 });
  const table = await sessions([w.id, '--findings', '--config-dir', configDir]);
  expect(table.stdout).toContain('jsonrpc.unknown-response');
  expect(table.stdout.trimEnd().split('\n').pop()).toBe('31 errors');
});
