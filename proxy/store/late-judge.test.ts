/**
 * A judging that fails in its worker (the session cannot be read; a heap past its cap ends the
 * worker the same way) is kept as the reason, and not tried again, while the process goes on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { LateJudge } from './late-judge';
import { SessionStore } from './store';
import { logFrame, testHeader } from './testing';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it('a session that cannot be judged fails in the worker, not the process, and is not tried again; the next one is judged', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-late-judge-'));
  dirs.push(dir);
  const store = new SessionStore(dir, undefined, undefined, undefined, 0);
  const w = store.create({ source: 'launched', header: testHeader('heavy'), startedAt: Date.now() });
  for (let seq = 1; seq <= 50; seq++) w.append(logFrame(seq, seq));
  w.close();
  const judged: [string, string | undefined][] = [];
  const judge = new LateJudge((id, error) => judged.push([id, error]));
  // Gone before its turn (deleted while queued), then one that is there: one at a time, in order.
  const gone = path.join(dir, '20990101-000000-000000');
  expect(judge.request('20990101-000000-000000', gone)).toBe(true);
  expect(judge.request(w.id, w.dir)).toBe(true);
  expect(judge.has(w.id)).toBe(true);
  await judge.settled();
  expect(judged).toEqual([
    ['20990101-000000-000000', expect.stringContaining(gone)],
    [w.id, undefined],
  ]);
  expect(judge.failure('20990101-000000-000000')).toBe(judged[0][1]);
  expect(judge.request('20990101-000000-000000', gone)).toBe(false);
  expect(judge.has(w.id)).toBe(false);
  expect(store.list()[0].findings).toEqual({ error: 0, warning: 0, info: 0 });
});
