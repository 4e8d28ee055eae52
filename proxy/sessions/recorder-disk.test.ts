/**
 * What the memory budget thins for the page, the disk keeps whole: every crossing is stored with
 * its text and a dense seq, and the frames that exist only because of the memory budget
 * (frame-limit, gap, tail) are not stored.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { SessionStore } from '../store/store';
import { testHeader } from '../store/testing';
import { SessionBudget } from './budget';
import { Recorder } from './recorder';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it('stores every crossing whole while the memory budget drops text and then frames', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-recorder-disk-'));
  dirs.push(dir);
  const store = new SessionStore(dir);
  const writer = store.create({ source: 'launched', header: testHeader('thinned'), startedAt: Date.now() });
  // 1 MiB of text and 60 frames in memory; the server sends 150 lines of 20 KiB, then exits.
  const recorder = new Recorder(new SessionBudget(1024 * 1024, 60), writer);
  const line = (i: number) => `${i}:`.padEnd(20 * 1024, 'x');
  for (let i = 1; i <= 150; i++) recorder.record({ dir: 's2c', lane: 'stderr', raw: line(i), size: 20 * 1024 + 1, ts: i * 10, meta: { transport: 'stdio' } });
  recorder.record({ dir: 'local', lane: 'lifecycle', raw: 'exited 0', size: 0, ts: 2000, meta: { transport: 'stdio', event: 'exit', code: 0 } });
  recorder.closeGap();
  writer.close();

  const memory = recorder.frames();
  expect(memory.some((f) => f.textDropped)).toBe(true);
  expect(memory.some((f) => f.lane === 'lifecycle' && f.meta && 'event' in f.meta && f.meta.event === 'frame-limit')).toBe(true);
  expect(memory.filter((f) => f.lane === 'stderr').length).toBe(60);

  const stored = [...store.open(writer.id).frames()];
  expect(stored.map((f) => f.seq)).toEqual(Array.from({ length: 151 }, (_, i) => i + 1));
  expect(stored.slice(0, 150).map((f) => f.raw)).toEqual(Array.from({ length: 150 }, (_, i) => line(i + 1)));
  expect(stored.every((f) => !f.textDropped)).toBe(true);
  expect(stored[150]).toMatchObject({ seq: 151, lane: 'lifecycle', raw: 'exited 0' });
  // While nothing was thinned, a frame is the same in memory and on disk.
  expect(stored.slice(0, 40)).toEqual(memory.slice(0, 40));
});
