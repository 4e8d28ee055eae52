/**
 * The live judging of stored copies runs one session at a time: a second session past its budget
 * waits its turn, starts when the first closes, and reads on as its writer appends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { waitFor } from '../sessions/test-support';
import { LiveJudge } from './live-judge';
import { SessionStore } from './store';
import { logFrame, testHeader } from './testing';

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const f of cleanup.splice(0).reverse()) f();
});

it('judges one session at a time, queues the next, and reads on as its copy grows', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-live-judge-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const store = new SessionStore(dir);
  const first = store.create({ source: 'launched', header: testHeader('first'), startedAt: Date.now() });
  const second = store.create({ source: 'launched', header: testHeader('second'), startedAt: Date.now() });
  cleanup.push(() => void [first, second].forEach((w) => w.close()));
  for (let seq = 1; seq <= 10; seq++) first.append(logFrame(seq, seq));
  for (let seq = 1; seq <= 20; seq++) second.append(logFrame(seq, seq));
  first.flush();
  second.flush();
  const judge = new LiveJudge();
  judge.start(first.id, first.dir);
  judge.start(second.id, second.dir);
  expect(judge.findings(second.id)).toEqual({ queued: true });
  await waitFor(() => judge.findings(first.id)?.queued === undefined && judge.findings(first.id), 20_000, 'the first session judged');
  expect(judge.findings(first.id)).toMatchObject({ throughSeq: 10, total: 0, findings: [] });
  expect(judge.findings(second.id)).toEqual({ queued: true });

  judge.stop(first.id);
  expect(judge.findings(first.id)).toBeUndefined();
  await waitFor(() => (judge.findings(second.id) as { throughSeq?: number }).throughSeq === 20, 20_000, 'the second session judged');
  // Frames written since are read on from where the last read stopped.
  for (let seq = 21; seq <= 30; seq++) second.append(logFrame(seq, seq));
  second.flush();
  await waitFor(() => (judge.findings(second.id) as { throughSeq?: number }).throughSeq === 30, 20_000, 'the new frames judged');
  judge.stop(second.id);
  expect(judge.findings(second.id)).toBeUndefined();
}, 60_000);
