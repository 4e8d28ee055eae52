/**
 * A stored session's findings are judged by the analyser once its writer closes it: counted in its
 * session.json, and the first of them kept in findings.ndjson; a session that did not close
 * cleanly, or one stored before they were kept, lists none rather than a guess, and says why.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { FindingCounts } from '../../lib/analyze/finding-counts';
import type { Frame } from '../../lib/mcp/frame';
import { modelOf } from '../../lib/model/session-model';
import { readTraceText } from '../../lib/trace/reader';
import { traceModelOptions } from '../../lib/trace/model-options';
import { golden } from '../cli/shared/run-cli';
import { MAX_STORED_FINDINGS } from '../../lib/wire/stored-window';
import { LOUPE_VERSION } from '../../lib/version';
import { runCli } from '../cli/shared/run-cli';
import { exportStored } from './export';
import { readFindings } from './findings-file';
import { FINDINGS_FILE, SESSION_FILE } from './layout';
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
  // Closed, and being judged: the list says so rather than that none were kept.
  expect(store.findings(store.open(w.id)).none).toBe('judging');
  await w.counted;
  expect(store.findings(store.open(w.id)).none).toBeUndefined();

  const expected: FindingCounts = { error: 0, warning: 0, info: 0 };
  const annotations = modelOf(frames, traceModelOptions(trace.header)).annotations;
  for (const a of annotations) expected[a.severity]++;
  expect(expected.error + expected.warning).toBeGreaterThan(0);
  expect(store.list()[0].findings).toEqual(expected);
  // Kept beside what the writer wrote on close.
  const meta = JSON.parse(readFileSync(path.join(w.dir, SESSION_FILE), 'utf8'));
  expect(meta).toMatchObject({ findings: expected, end: { frames: frames.length } });

  // The findings themselves, in seq order, as the analyser wrote them, in a file only its owner reads.
  const kept = readFindings(w.dir)!;
  expect(kept.total).toBe(annotations.length);
  const bySeq = [...annotations].sort((a, b) => a.frames[0] - b.frames[0]);
  expect(kept.findings).toEqual(bySeq.map(({ rule, severity, frames, message, spec }) => ({ rule, severity, frames, message, spec })));
  expect(kept.findings.map((f) => f.rule)).toContain('jsonrpc.unknown-response');
  expect(kept.findings.find((f) => f.rule === 'jsonrpc.unknown-response')?.frames).toEqual([last.seq + 2]);
  expect(statSync(path.join(w.dir, FINDINGS_FILE)).mode & 0o777).toBe(0o600);
});

it('keeps the first findings in seq order past the cap, and counts every one', async () => {
  const store = newStore();
  const w = store.create({ source: 'launched', header: testHeader('chatty'), startedAt: Date.now() });
  // A line of log text on stdout each frame: a finding each (stdio.non-json-line).
  const lines = MAX_STORED_FINDINGS + 100;
  for (let seq = 1; seq <= lines; seq++) {
    const raw = `log line ${seq}`;
    w.append({ seq, ts: seq, dir: 's2c', lane: 'message', raw, size: raw.length + 1, meta: { transport: 'stdio' } });
  }
  w.close();
  await w.counted;
  const listing = store.list()[0];
  expect(listing.findings!.error).toBe(lines);
  const found = store.findings(store.open(w.id));
  expect(found.none).toBeUndefined();
  if (found.none) return;
  expect(found.total).toBe(lines);
  expect(found.findings).toHaveLength(MAX_STORED_FINDINGS);
  expect(found.findings.map((f) => f.frames[0])).toEqual(Array.from({ length: MAX_STORED_FINDINGS }, (_, i) => i + 1));
  expect(found.findings[41]).toMatchObject({ rule: 'stdio.non-json-line', severity: 'error', message: expect.stringContaining('"log line 42"') });
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
  // Why each has no findings to show.
  rmSync(path.join(old.dir, FINDINGS_FILE));
  const why = (w: { id: string }) => store.findings(store.open(w.id)).none;
  expect([why(long), why(open), why(old)]).toEqual(['too-long', 'recording', 'not-kept']);
});

it('judges a closed session too long to judge on close once listed, in a worker, as `loupe check` of its export judges it', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-findings-'));
  dirs.push(dir);
  const store = new SessionStore(dir, undefined, undefined, undefined, 10);
  const trace = readTraceText(golden('everything-stdio.v2.loupe.ndjson'));
  const last = trace.frames[trace.frames.length - 1];
  const stray = '{"jsonrpc":"2.0","id":9999,"result":{}}';
  const frames = [
    ...trace.frames,
    {
      seq: last.seq + 1,
      ts: last.ts + 10,
      dir: 's2c' as const,
      lane: 'message' as const,
      raw: stray,
      size: stray.length,
      meta: { transport: 'stdio' as const },
    },
  ];
  expect(frames.length).toBeGreaterThan(10);
  const w = store.create({ source: 'imported', header: trace.header, startedAt: Date.now() - 1000 });
  for (const f of frames) w.append(f);
  w.close();
  // Not judged on close: the writer did not wait for it.
  expect(w.counted).toBeUndefined();
  // A session still being written is never judged on demand.
  const open = store.create({ source: 'launched', header: testHeader('open'), startedAt: Date.now() });
  for (let seq = 1; seq <= 20; seq++) open.append(logFrame(seq, seq));
  open.flush();
  expect(store.findings(store.open(w.id)).none).toBe('too-long');

  store.judgeOnDemand();
  const listed = store.list();
  expect(listed.map((l) => [l.id, l.judging, l.findings])).toEqual([
    [w.id, true, undefined],
    [open.id, undefined, undefined],
  ]);
  expect(store.findings(store.open(w.id)).none).toBe('judging');
  await store.settled();

  const found = store.findings(store.open(w.id));
  if (found.none) throw new Error(`no findings: ${found.none}`);
  expect(store.list()[0]).toMatchObject({ id: w.id, findings: expect.any(Object) });
  expect(store.list()[0].judging).toBeUndefined();
  // What `loupe check` finds in the session's export, in seq order as the store keeps them.
  const out = path.join(dir, 'export.ndjson');
  exportStored(store.open(w.id), out, { loupeVersion: LOUPE_VERSION, redact: false });
  const r = await runCli(['check', out, '--format', 'json']);
  const checked = JSON.parse(r.stdout) as { annotations: StoredShape[]; counts: FindingCounts };
  const bySeq = [...checked.annotations].sort((a, b) => a.frames[0] - b.frames[0]);
  expect(found.findings).toEqual(bySeq.map(({ rule, severity, frames, message, spec }) => ({ rule, severity, frames, message, spec })));
  expect(found.findings.map((f) => f.rule)).toContain('jsonrpc.unknown-response');
  expect(store.list()[0].findings).toEqual(checked.counts);
  // The open one was left alone.
  expect(store.findings(store.open(open.id)).none).toBe('recording');
  open.close();
});

type StoredShape = { rule: string; severity: 'error' | 'warning' | 'info'; frames: number[]; message: string; spec?: string };

it('keeps the first findings in seq order when they are many more than are kept, end-of-trace ones about early frames included', async () => {
  const store = newStore();
  const w = store.create({ source: 'launched', header: testHeader('noisy'), startedAt: Date.now() });
  const frames: Frame[] = [];
  // A request never answered on frame 3 (reported once its timeout passed, long after), and a line of text on every other frame.
  const ask = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
  for (let seq = 1; seq <= 2 * MAX_STORED_FINDINGS + 3000; seq++) {
    const raw = seq === 3 ? ask : `log line ${seq}`;
    frames.push({ seq, ts: seq * 10_000, dir: seq === 3 ? 'c2s' : 's2c', lane: 'message', raw, size: raw.length + 1, meta: { transport: 'stdio' } });
  }
  for (const f of frames) w.append(f);
  w.close();
  await w.counted;
  const annotations = modelOf(frames, traceModelOptions(testHeader('noisy'))).annotations;
  const bySeq = [...annotations].sort((a, b) => a.frames[0] - b.frames[0]).slice(0, MAX_STORED_FINDINGS);
  const found = store.findings(store.open(w.id));
  if (found.none) throw new Error(found.none);
  expect(found.total).toBe(annotations.length);
  expect(found.findings).toEqual(bySeq.map(({ rule, severity, frames, message, spec }) => ({ rule, severity, frames, message, spec })));
  expect(found.findings.filter((f) => f.frames[0] === 3).map((f) => f.rule)).toContain('timing.no-response');
});
