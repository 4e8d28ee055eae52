import { mkdtempSync, readFileSync, readdirSync, rmSync, truncateSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '../../lib/mcp/frame';
import { parseStartOptions } from '../cli/start-options';
import { diskBudgetFrom } from './disk-budget';
import { INDEX_FILE, segmentName } from './layout';
import { StoredSession } from './reader';
import { SessionStore } from './store';
import { logFrame, testHeader } from './testing';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'loupe-store-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Frames of every shape a segment must hold exactly. */
function variedFrames(): Frame[] {
  return [
    {
      seq: 1,
      ts: 0,
      dir: 'local',
      lane: 'lifecycle',
      raw: 'spawned node',
      size: 0,
      meta: { transport: 'stdio', event: 'spawn', pid: 42, command: 'node', args: ['s.js'] },
    },
    {
      seq: 2,
      ts: 10,
      dir: 'c2s',
      lane: 'message',
      raw: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"t":"a\\"b"}}}',
      size: 91,
      meta: { transport: 'stdio' },
    },
    { seq: 3, ts: 15, dir: 's2c', lane: 'message', raw: '{ "spaced" : [1, 2] }', size: 22, meta: { transport: 'stdio', crlf: true } },
    { seq: 4, ts: 16, dir: 's2c', lane: 'stderr', raw: 'line one\nline two', size: 18, meta: { transport: 'stdio', lines: 2 } },
    { seq: 5, ts: 17.5, dir: 's2c', lane: 'message', raw: 'not json {', size: 11 },
    { seq: 6, ts: 18, dir: 's2c', lane: 'message', raw: '\ufffd', size: 1, invalidUtf8: true, rawBase64: '/w==' },
    { seq: 7, ts: 19, dir: 's2c', lane: 'message', raw: '"a string"', size: 11 },
    { seq: 8, ts: 20, dir: 's2c', lane: 'message', raw: '{"cut":', size: 1_000_000, truncated: true },
    { seq: 9, ts: 21, dir: 's2c', lane: 'message', raw: '', size: 300, textDropped: true },
    {
      seq: 10,
      ts: 22,
      dir: 's2c',
      lane: 'message',
      raw: '{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"é ✓ 😀"}}',
      size: 80,
      meta: { transport: 'stdio' },
    },
    // An MCP App's bridge: its channel is kept, on its own and beside app meta.
    {
      seq: 11,
      ts: 23,
      dir: 'local',
      lane: 'lifecycle',
      raw: 'mounted',
      size: 7,
      channel: 'app:1',
      meta: { transport: 'app', event: 'app-mounted', toolName: 'get-time', resourceUri: 'ui://get-time/app.html', requestId: 1, requestSeq: 2 },
    },
    { seq: 12, ts: 24, dir: 'c2s', lane: 'message', raw: '{"jsonrpc":"2.0","id":1,"method":"ui/initialize"}', size: 48, channel: 'app:1' },
    { seq: 13, ts: 25, dir: 's2c', lane: 'message', raw: '{"jsonrpc":"2.0","id":1,"result":{}}', size: 36, channel: 'app:1' },
  ];
}

describe('the session store', () => {
  it('reads back every frame exactly as written, whatever its shape', () => {
    const store = new SessionStore(tempDir());
    const w = store.create({ source: 'launched', header: testHeader('varied'), startedAt: Date.now() });
    const frames = variedFrames();
    for (const f of frames) w.append(f);
    w.close();
    const s = store.open(w.id);
    expect([...s.frames()]).toEqual(frames);
    expect(s.notices).toEqual([]);
    expect(s.meta.end?.frames).toBe(frames.length);
    // Each line is JSON a person can read; an embedded message is not escaped into a string.
    const lines = readFileSync(path.join(s.dir, segmentName(1)), 'utf8')
      .trimEnd()
      .split('\n');
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(lines[1]).toContain('{"jsonrpc":"2.0","id":1,"method":"tools/call"');
    // The segment's columns say which channels it holds, keyed as the model keys them.
    expect(s.segments[0].channels.sort()).toEqual(['app:1', 'session']);
    expect(s.segmentsFor({ channel: 'app:2' })).toEqual([]);
  });

  it('finds a frame by seq through the index, across segments, and skips segments a filter cannot match', () => {
    const store = new SessionStore(tempDir(), undefined, undefined, 400_000);
    const w = store.create({ source: 'launched', header: testHeader('many'), startedAt: Date.now() });
    const all: Frame[] = [];
    for (let seq = 1; seq <= 20_000; seq++) {
      const f =
        seq === 15_000 ? { ...logFrame(seq, seq * 7), raw: '{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"rare"}}' } : logFrame(seq, seq * 7);
      all.push(f);
      w.append(f);
      if (seq % 1000 === 0) w.flush();
    }
    w.close();
    const s = store.open(w.id);
    expect(s.frameCount).toBe(20_000);
    for (const seq of [1, 1024, 1025, 4999, 5000, 5001, 12_345, 20_000]) expect(s.frameAt(seq)).toEqual(all[seq - 1]);
    expect(s.frameAt(20_001)).toBeUndefined();
    expect([...s.frames({ fromSeq: 9_990, toSeq: 10_010 })].map((f) => f.seq)).toEqual(all.slice(9_989, 10_010).map((f) => f.seq));
    expect(s.segments.length).toBeGreaterThan(1);
    const withTool = s.segmentsFor({ tool: 'rare' });
    expect(withTool).toHaveLength(1);
    expect(withTool[0].firstSeq).toBeLessThanOrEqual(15_000);
    expect(withTool[0].lastSeq).toBeGreaterThanOrEqual(15_000);
    expect(s.segmentsFor({ method: 'tools/call' })).toEqual(withTool);
    expect(s.segmentsFor({ dir: 'c2s' })).toEqual([]);
    expect(s.segments.every((g) => g.methods.includes('notifications/message') && g.channels.includes('session'))).toBe(true);
  });

  it('recovers a segment that has no index line yet and skips a torn last line with a notice', () => {
    const store = new SessionStore(tempDir());
    const w = store.create({ source: 'launched', header: testHeader('torn'), startedAt: Date.now() });
    for (let seq = 1; seq <= 3000; seq++) w.append(logFrame(seq, seq));
    w.flush();
    // No close: as if the writer died. Then cut the last line in half.
    const seg = path.join(w.dir, segmentName(1));
    truncateSync(seg, statSync(seg).size - 20);
    const s = StoredSession.open(w.dir);
    expect(s.frameCount).toBe(2999);
    expect([...s.frames()].map((f) => f.seq)).toEqual(Array.from({ length: 2999 }, (_, i) => i + 1));
    expect(s.notices.join('\n')).toMatch(/seg-000001\.ndjson ends in half a line .* it was skipped, every frame before it was read/);
    expect(s.frameAt(2048)).toEqual(logFrame(2048, 2048));
  });

  it('scans a segment that has no index line into the summary its writer indexes', () => {
    const store = new SessionStore(tempDir(), undefined, undefined, 100_000);
    const w = store.create({ source: 'launched', header: testHeader('columns'), startedAt: Date.now() });
    const frames = [...variedFrames()];
    for (let seq = frames.length + 1; seq <= 6000; seq++) frames.push(logFrame(seq, seq * 3));
    for (const f of frames) {
      w.append(f);
      // A batch of 1,500 frames passes the segment's size: segments of two marks each.
      if (f.seq % 1500 === 0) w.flush();
    }
    w.close();
    const indexed = store.open(w.id).segments;
    expect(indexed.length).toBeGreaterThan(1);
    expect(indexed[0]).toMatchObject({ tools: ['echo'], dirs: ['local', 'c2s', 's2c'], channels: ['session', 'app:1'] });
    expect(indexed[0].methods).toEqual(expect.arrayContaining(['tools/call', 'notifications/message', 'ui/initialize']));
    expect(indexed.some((g) => g.marks.length > 1)).toBe(true);
    rmSync(path.join(w.dir, INDEX_FILE));
    expect(store.open(w.id).segments).toEqual(indexed);
  });

  it("reads a segment being written from its writer's summary exactly as a scan of it reads it", () => {
    const store = new SessionStore(tempDir(), undefined, undefined, 400_000);
    const w = store.create({ source: 'launched', header: testHeader('live'), startedAt: Date.now() });
    for (let seq = 1; seq <= 5_000; seq++) {
      w.append(logFrame(seq, seq * 3));
      if (seq % 1000 === 0) w.flush();
    }
    const live = w.writtenSegment();
    const scanned = StoredSession.open(w.dir);
    const given = StoredSession.open(w.dir, live);
    // Several segments: the last one (no index line yet) is the one the summary stands for.
    expect(scanned.segments.length).toBeGreaterThan(1);
    expect(live.segment).toBe(scanned.segments[scanned.segments.length - 1].segment);
    expect(given.segments).toEqual(scanned.segments);
    expect(given.frameAt(4_999)).toEqual(logFrame(4_999, 4_999 * 3));
    w.close();
  });

  it('writes a batch of a thousand short lines at once rather than holding them for the next flush', () => {
    const store = new SessionStore(tempDir());
    const w = store.create({ source: 'record', header: testHeader('tiny'), startedAt: Date.now() });
    const file = path.join(store.dir, w.id, segmentName(1));
    for (let seq = 1; seq <= 1023; seq++) w.append({ seq, ts: seq, dir: 's2c', lane: 'stderr', raw: 'x', size: 2, meta: { transport: 'stdio' } });
    expect(statSync(file).size).toBe(0);
    w.append({ seq: 1024, ts: 1024, dir: 's2c', lane: 'stderr', raw: 'x', size: 2, meta: { transport: 'stdio' } });
    expect(statSync(file).size).toBe(w.bytes);
    w.close();
  });

  it('lists sessions with their source, frames, size and whether they were closed', () => {
    const store = new SessionStore(tempDir());
    const a = store.create({ source: 'record', header: testHeader('alpha'), startedAt: Date.parse('2026-01-01T00:00:00Z') });
    a.append(logFrame(1, 0));
    a.close();
    const b = store.create({ source: 'tap', header: testHeader('beta'), startedAt: Date.parse('2026-01-02T00:00:00Z') });
    b.append(logFrame(1, 0));
    b.flush();
    const list = store.list();
    expect(list.map((l) => [l.name, l.source, l.frames, l.state])).toEqual([
      ['alpha', 'record', 1, 'clean'],
      ['beta', 'tap', 1, 'recording'],
    ]);
    expect(list[0].target).toBe('node server.js');
    expect(list[0].bytes).toBeGreaterThan(0);
    b.close();
    store.delete(a.id);
    expect(store.ids()).toEqual([b.id]);
  });

  it('deletes the oldest whole sessions when the total passes its budget, never the one being written', () => {
    const notices: string[] = [];
    const dir = tempDir();
    const store = new SessionStore(dir, { sessionBytes: 2 ** 30, totalBytes: 300_000 }, (t) => notices.push(t));
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const w = store.create({ source: 'launched', header: testHeader(`s${i}`), startedAt: Date.parse('2026-01-01T00:00:00Z') + i * 1000 });
      for (let seq = 1; seq <= 1000; seq++) w.append(logFrame(seq, seq));
      w.close();
      ids.push(w.id);
    }
    // Each holds about 120 kB: the fourth's creation made room by deleting the first alone.
    expect(store.ids()).toEqual(ids.slice(1));
    const live = store.create({ source: 'launched', header: testHeader('live'), startedAt: Date.parse('2026-01-01T00:01:00Z') });
    expect(store.ids()).toEqual([...ids.slice(2), live.id]);
    for (const id of store.ids()) expect(StoredSession.open(path.join(dir, id)).frameCount).toBe(id === live.id ? 0 : 1000);
    expect(notices.some((n) => /stored sessions take .* of their disk budget/.test(n))).toBe(true);
    expect(notices.filter((n) => n.startsWith('deleted the stored session'))).toEqual([expect.stringContaining(ids[0]), expect.stringContaining(ids[1])]);
    live.close();
  });

  it('stops storing a session at its own budget, with a warning before and a notice when it is reached', () => {
    const notices: string[] = [];
    const store = new SessionStore(tempDir(), { sessionBytes: 100_000, totalBytes: 2 ** 30 }, (t) => notices.push(t));
    const w = store.create({ source: 'launched', header: testHeader('full'), startedAt: Date.now() });
    for (let seq = 1; seq <= 2000; seq++) w.append(logFrame(seq, seq));
    const end = w.close();
    expect(end.bytes).toBeLessThanOrEqual(100_000);
    expect(end.fullAtSeq).toBe(end.frames);
    expect(notices[0]).toMatch(/has used .* of its disk budget/);
    expect(notices[1]).toMatch(new RegExp(`reached its disk budget .* frames after ${end.frames} are not stored`));
    expect(readdirSync(w.dir)).toContain('index.ndjson');
  });
});

describe('the disk budget', () => {
  it('is 2 GiB a session and 10 GiB in all unless a flag or the environment says otherwise', () => {
    expect(diskBudgetFrom({}, {})).toEqual({ sessionBytes: 2 * 2 ** 30, totalBytes: 10 * 2 ** 30 });
    expect(diskBudgetFrom({ 'disk-budget': '64MiB' }, { LOUPE_DISK_BUDGET: '1GiB', LOUPE_DISK_TOTAL: '3GiB' })).toEqual({
      sessionBytes: 64 * 2 ** 20,
      totalBytes: 3 * 2 ** 30,
    });
    expect(diskBudgetFrom({}, { LOUPE_DISK_TOTAL: 'lots' })).toMatch(/^--disk-total: "lots" is not a size.*\(from LOUPE_DISK_TOTAL\)$/);
    expect(parseStartOptions(['--disk-total', '20GiB'], {})).toMatchObject({ disk: { sessionBytes: 2 * 2 ** 30, totalBytes: 20 * 2 ** 30 } });
  });
});
