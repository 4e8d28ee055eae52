/**
 * A session that keeps its frames on disk only (`framesOnDiskOnly`, what `loupe record` opens):
 * every frame is numbered, stored and delivered to listeners, and none is held in memory, so its
 * memory does not grow with the session while its store holds every frame.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Frame } from '../../lib/mcp/frame';
import { SessionStore } from '../store/store';
import { testHeader } from '../store/testing';
import { Recorder } from './recorder';
import type { Session } from './session';
import { sessionFor } from './sources';
import { fixtureServer } from './test-support';

const OPTIONS = { protocolVersion: '2025-11-25', clientCapabilities: {} };
const NOTIFICATIONS = 5000;

const dirs: string[] = [];
const sessions: Session[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempStore(): SessionStore {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-disk-only-'));
  dirs.push(dir);
  return new SessionStore(dir);
}

const isLog = (f: Frame) => f.dir === 's2c' && f.lane === 'message' && f.raw.includes('"notifications/message"');

it('holds none of a flood in memory while its store and its listeners get every frame', async () => {
  const store = tempStore();
  const session = sessionFor('disk-only', fixtureServer('flood.mjs'), OPTIONS, { store, framesOnDiskOnly: true });
  sessions.push(session);
  let delivered = 0;
  let lastDelivered = 0;
  session.on('frames', (frames) => {
    delivered += frames.length;
    // Delivered in order, one seq after the other, as a held session delivers them.
    for (const f of frames) expect(f.seq).toBe(++lastDelivered);
  });
  await session.start();
  expect(session.summary().status).toBe('ready');
  await session.request('tools/call', { name: 'flood', arguments: { count: NOTIFICATIONS } }, { timeoutMs: 60_000 });
  expect(session.frames()).toHaveLength(0);
  await session.close();

  const recorded = session.summary().lastSeq;
  expect(recorded).toBeGreaterThan(NOTIFICATIONS);
  expect(session.frames()).toHaveLength(0);
  expect(delivered).toBe(recorded);
  const stored = [...store.open(session.storedId!).frames()];
  expect(stored.map((f) => f.seq)).toEqual(Array.from({ length: recorded }, (_, i) => i + 1));
  const logs = stored.filter(isLog);
  expect(logs).toHaveLength(NOTIFICATIONS);
  expect(JSON.parse(logs.at(-1)!.raw).params.data).toEqual({ i: NOTIFICATIONS });
  expect(stored.every((f) => !f.textDropped)).toBe(true);
  expect(stored.at(-1)?.meta).toMatchObject({ event: 'exit' });
}, 60_000);

it('holds its frames as usual when the store cannot keep the session', async () => {
  // A store whose folder is a file: it cannot create the session, so nothing may be let go.
  const file = path.join(tempStore().dir, 'not-a-folder');
  writeFileSync(file, '');
  const notices: string[] = [];
  const store = new SessionStore(file, undefined, (text) => notices.push(text));
  const session = sessionFor('no-disk', fixtureServer('flood.mjs'), OPTIONS, { store, framesOnDiskOnly: true });
  sessions.push(session);
  await session.start();
  await session.request('tools/call', { name: 'flood', arguments: { count: 10 } }, { timeoutMs: 30_000 });
  await session.close();
  expect(session.storedId).toBeUndefined();
  expect(notices.join('\n')).toMatch(/is not stored on disk/);
  expect(session.frames().filter(isLog)).toHaveLength(10);
  expect(session.frames()).toHaveLength(session.summary().lastSeq);
}, 30_000);

it('refuses to let frames go that no disk holds, or to thin frames it does not hold', () => {
  const store = tempStore();
  const writer = store.create({ source: 'launched', header: testHeader('refused'), startedAt: Date.now() });
  expect(() => new Recorder(undefined, undefined, false)).toThrow(/writes them to disk/);
  const recorder = new Recorder(undefined, writer, false);
  for (let i = 1; i <= 3; i++) recorder.record({ dir: 's2c', lane: 'stderr', raw: `line ${i}`, size: 7, ts: i, meta: { transport: 'stdio' } });
  writer.close();
  expect(recorder.frames()).toHaveLength(0);
  expect(recorder.lastSeq).toBe(3);
  expect([...store.open(writer.id).frames()].map((f) => f.raw)).toEqual(['line 1', 'line 2', 'line 3']);
});
