/**
 * A stored session's export has the text the memory budget dropped: the page was sent frames
 * without it, the file is written from the disk, whole, with the same seqs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { FIXTURES } from '../cli/shared/run-cli';
import { Registry } from '../sessions/registry';
import { SessionStore } from '../store/store';
import { exportSession } from './session-export';

const dir = mkdtempSync(path.join(tmpdir(), 'loupe-export-disk-'));
// 20 kB of text in memory: a flood of 2,000 notifications passes it at once.
const registry = new Registry({ session: { budgetBytes: 20_000, store: new SessionStore(dir) } });
afterAll(async () => {
  await registry.closeAll();
  rmSync(dir, { recursive: true, force: true });
});

it('exports every frame with its text from the disk when the memory budget dropped some', async () => {
  const session = registry.open(
    { id: 'flood', name: 'flood', transport: 'stdio', command: process.execPath, args: [path.join(FIXTURES, 'flood.mjs')], env: {} },
    { protocolVersion: '2025-06-18', clientCapabilities: {} },
  );
  await new Promise<void>((resolve) => session.on('summary', (s) => s.status === 'ready' && resolve()));
  await session.request('tools/call', { name: 'flood', arguments: { count: 2000 } });
  const held = session.frames();
  expect(held.filter((f) => f.textDropped).length).toBeGreaterThan(1500);

  const prepared = exportSession(session, { loupeVersion: '0.1.0', redact: false });
  expect(prepared.header.textDropped).toBeUndefined();
  expect(prepared.frames.map((f) => f.seq)).toEqual(held.map((f) => f.seq));
  expect(prepared.frames.some((f) => f.textDropped)).toBe(false);
  const notes = prepared.frames.filter((f) => f.raw.includes('"method":"notifications/message"'));
  expect(notes).toHaveLength(2000);
  expect(JSON.parse(notes[1999].raw).params.data).toEqual({ i: 2000 });
  // Frames the memory kept whole are the same on disk.
  const whole = held.filter((f) => !f.textDropped);
  expect(prepared.frames.filter((f) => whole.some((w) => w.seq === f.seq))).toEqual(whole);
}, 30_000);
