/**
 * A stored session's findings are counted by the analyser once its writer closes it and kept in
 * its session.json; a session that did not close cleanly, or one stored before counts were kept,
 * lists none rather than a guess.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { FindingCounts } from '../../lib/analyze/finding-counts';
import type { Frame } from '../../lib/mcp/frame';
import { modelOf } from '../../lib/model/session-model';
import { readTraceText } from '../../lib/trace/reader';
import { traceModelOptions } from '../../lib/trace/model-options';
import { golden } from '../cli/shared/run-cli';
import { SESSION_FILE } from './layout';
import { SessionStore } from './store';
import { logFrame, testHeader } from './testing';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function newStore(): SessionStore {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-findings-'));
  dirs.push(dir);
  return new SessionStore(dir);
}

it('counts the findings the analyser makes of the stored frames, by severity, once the session closes', async () => {
  const trace = readTraceText(golden('everything-stdio.v2.loupe.ndjson'));
  const last = trace.frames[trace.frames.length - 1];
  // A broken line and an answer to a request never made: findings of their own.
  const extra: Frame[] = [
    { seq: last.seq + 1, ts: last.ts + 10, dir: 's2c', lane: 'message', raw: '{"jsonrpc":"2.0","id":', size: 22, meta: { transport: 'stdio' } },
    {
      seq: last.seq + 2,
      ts: last.ts + 20,
      dir: 's2c',
      lane: 'message',
      raw: '{"jsonrpc":"2.0","id":9999,"result":{}}',
      size: 38,
      meta: { transport: 'stdio' },
    },
  ];
  const frames = [...trace.frames, ...extra];
  const store = newStore();
  const w = store.create({ source: 'imported', header: trace.header, startedAt: Date.now() });
  for (const f of frames) w.append(f);
  expect(store.list()[0].findings).toBeUndefined();
  w.close();
  await w.counted;

  const expected: FindingCounts = { error: 0, warning: 0, info: 0 };
  for (const a of modelOf(frames, traceModelOptions(trace.header)).annotations) expected[a.severity]++;
  expect(expected.error + expected.warning).toBeGreaterThan(0);
  expect(store.list()[0].findings).toEqual(expected);
  // Kept beside what the writer wrote on close.
  const meta = JSON.parse(readFileSync(path.join(w.dir, SESSION_FILE), 'utf8'));
  expect(meta).toMatchObject({ findings: expected, end: { frames: frames.length } });
});

it('lists no findings for a session that did not close, one past the frames counted, or one stored before counts were kept', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-findings-'));
  dirs.push(dir);
  const store = new SessionStore(dir, undefined, undefined, undefined, 10);
  const long = store.create({ source: 'launched', header: testHeader('long'), startedAt: Date.now() - 2000 });
  for (let seq = 1; seq <= 11; seq++) long.append(logFrame(seq, seq));
  long.close();
  expect(long.counted).toBeUndefined();
  const open = store.create({ source: 'launched', header: testHeader('open'), startedAt: Date.now() - 1000 });
  for (let seq = 1; seq <= 10; seq++) open.append(logFrame(seq, seq));
  open.flush();
  const old = store.create({ source: 'launched', header: testHeader('old'), startedAt: Date.now() });
  old.append(logFrame(1, 1));
  old.close();
  await old.counted;
  await store.settled();
  // As a Loupe from before the counts wrote it.
  const file = path.join(old.dir, SESSION_FILE);
  const { findings, ...before } = JSON.parse(readFileSync(file, 'utf8'));
  expect(findings).toBeDefined();
  writeFileSync(file, JSON.stringify(before));
  expect(store.list().map((l) => [l.id, l.state, l.findings])).toEqual([
    [long.id, 'clean', undefined],
    [open.id, 'recording', undefined],
    [old.id, 'clean', undefined],
  ]);
});
