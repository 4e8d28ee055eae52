import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '../../lib/mcp/frame';
import type { WindowFilter } from '../../lib/wire/stored-window';
import { StoredSession } from './reader';
import { SessionStore } from './store';
import { testHeader } from './testing';
import { storedWindow, WindowError, type WindowQuery } from './window';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const COUNT = 12_000;
const RARE = 7777;
/** The rare method again, its slash escaped as JSON allows: a block is not skipped for spelling it so. */
const ESCAPED = 8888;

/** Traffic of every kind a filter tells apart: requests to two tools, results, logs, stderr, an app's bridge early on, one rare method. */
function frameAt(seq: number): Frame {
  const ts = seq * 5;
  const stdio = { transport: 'stdio' } as const;
  if (seq === RARE)
    return { seq, ts, dir: 'c2s', lane: 'message', raw: `{"jsonrpc":"2.0","id":${seq},"method":"resources/read","params":{"uri":"a://b"}}`, size: 70 };
  if (seq === ESCAPED) return { seq, ts, dir: 'c2s', lane: 'message', raw: `{"jsonrpc":"2.0","id":${seq},"method":"resources\\/read"}`, size: 50 };
  switch (seq % 5) {
    case 0: {
      const raw = `{"jsonrpc":"2.0","id":${seq},"method":"tools/call","params":{"name":"${seq % 10 === 0 ? 'echo' : 'add'}","arguments":{"n":${seq}}}}`;
      return { seq, ts, dir: 'c2s', lane: 'message', raw, size: raw.length + 1, meta: stdio };
    }
    case 1: {
      const raw = `{"jsonrpc":"2.0","id":${seq - 1},"result":{"content":[{"type":"text","text":"ok ${seq}"}]}}`;
      return { seq, ts, dir: 's2c', lane: 'message', raw, size: raw.length + 1, meta: stdio };
    }
    case 2: {
      const raw = `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"tick ${seq}"}}`;
      return { seq, ts, dir: 's2c', lane: 'message', raw, size: raw.length + 1, meta: stdio };
    }
    case 3:
      return { seq, ts, dir: 's2c', lane: 'stderr', raw: `warming up ${seq}`, size: 16, meta: stdio };
    default:
      if (seq < 3000) return { seq, ts, dir: 'c2s', lane: 'message', raw: `{"jsonrpc":"2.0","id":${seq},"method":"ui/message"}`, size: 40, channel: 'app:1' };
      return { seq, ts, dir: 's2c', lane: 'message', raw: `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":${seq}}}`, size: 60 };
  }
}

const all = Array.from({ length: COUNT }, (_, i) => frameAt(i + 1));

/** A session of `count` frames in segments of about 300 KB (three index marks each). */
function storeOf(count: number, close = true) {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-window-'));
  dirs.push(dir);
  const store = new SessionStore(dir, undefined, undefined, 300_000);
  const writer = store.create({ source: 'launched', header: testHeader('window'), startedAt: Date.now() });
  for (const f of all.slice(0, count)) {
    writer.append(f);
    // A segment ends at a flush past its size, as the writer's timer flushes a recording.
    if (f.seq % 200 === 0) writer.flush();
  }
  if (close) writer.close();
  else writer.flush();
  return { store, writer, session: store.open(writer.id) };
}

/** What a filter keeps, decided from the frame's own text (not from the store's code). */
function keeps(filter: WindowFilter = {}) {
  return (f: Frame) => {
    const m = f.lane === 'message' ? (JSON.parse(f.raw) as { method?: string; params?: { name?: string } }) : {};
    const tool = m.method === 'tools/call' ? m.params?.name : undefined;
    return (
      (filter.dir === undefined || f.dir === filter.dir) &&
      (filter.lane === undefined || f.lane === filter.lane) &&
      (filter.channel === undefined || (f.channel ?? 'session') === filter.channel) &&
      (filter.method === undefined || m.method === filter.method) &&
      (filter.tool === undefined || tool === filter.tool)
    );
  };
}

/** The window a query must give, worked out over the frames in memory. */
function expected(m: Frame[], q: WindowQuery) {
  if (q.fromSeq !== undefined) {
    const i = m.findIndex((f) => f.seq >= q.fromSeq!);
    const start = i === -1 ? m.length : i;
    return { frames: m.slice(start, start + q.limit), hasBefore: start > 0, hasAfter: start + q.limit < m.length };
  }
  const j = q.beforeSeq === undefined ? -1 : m.findIndex((f) => f.seq >= q.beforeSeq!);
  const end = j === -1 ? m.length : j;
  const start = Math.max(0, end - q.limit);
  return { frames: m.slice(start, end), hasBefore: start > 0, hasAfter: end < m.length };
}

function windowOf(session: StoredSession, q: WindowQuery) {
  const { frames, hasBefore, hasAfter } = storedWindow(session, q);
  return { frames, hasBefore, hasAfter };
}

describe('a window onto a stored session', () => {
  let session: StoredSession;
  beforeAll(() => {
    session = storeOf(COUNT).session;
  });

  it('gives the newest frames from the last blocks only', () => {
    expect(session.segments.length).toBeGreaterThan(2);
    expect(session.segments[0].marks.length).toBeGreaterThan(2);
    const w = storedWindow(session, { limit: 200 });
    expect(w.frames).toEqual(all.slice(-200));
    expect([w.hasBefore, w.hasAfter]).toEqual([true, false]);
    // Two blocks of 1,024 frames at most, not the session (nor its last segment).
    expect(w.scannedBytes).toBeGreaterThan(0);
    expect(w.scannedBytes).toBeLessThan(session.segments[session.segments.length - 1].bytes);
  });

  it('gives the frames from a seq on and before a seq, with what lies on either side', () => {
    expect(windowOf(session, { fromSeq: 5000, limit: 300 })).toEqual({ frames: all.slice(4999, 5299), hasBefore: true, hasAfter: true });
    expect(windowOf(session, { beforeSeq: 5000, limit: 300 })).toEqual({ frames: all.slice(4699, 4999), hasBefore: true, hasAfter: true });
    expect(windowOf(session, { fromSeq: 1, limit: 10 })).toEqual({ frames: all.slice(0, 10), hasBefore: false, hasAfter: true });
    expect(windowOf(session, { fromSeq: COUNT - 4, limit: 10 })).toEqual({ frames: all.slice(-5), hasBefore: true, hasAfter: false });
    expect(windowOf(session, { beforeSeq: 1, limit: 10 })).toEqual({ frames: [], hasBefore: false, hasAfter: true });
    expect(windowOf(session, { fromSeq: COUNT + 1, limit: 10 })).toEqual({ frames: [], hasBefore: true, hasAfter: false });
    expect(windowOf(session, { beforeSeq: COUNT + 1, limit: 10 })).toEqual({ frames: all.slice(-10), hasBefore: true, hasAfter: false });
  });

  it('reads across segment boundaries both ways', () => {
    const [first, second] = session.segments;
    const from = first.lastSeq - 20;
    expect(windowOf(session, { fromSeq: from, limit: 50 }).frames).toEqual(all.slice(from - 1, from + 49));
    expect(windowOf(session, { beforeSeq: second.firstSeq + 20, limit: 50 }).frames).toEqual(all.slice(second.firstSeq - 31, second.firstSeq + 19));
  });

  it('keeps only the frames a filter matches, whatever the anchor', () => {
    const filters: WindowFilter[] = [
      { dir: 'c2s' },
      { lane: 'stderr' },
      { method: 'notifications/message' },
      { method: 'tools/call', tool: 'echo' },
      { tool: 'add' },
      { channel: 'app:1' },
      { channel: 'session', dir: 's2c', lane: 'message' },
    ];
    for (const filter of filters) {
      const matching = all.filter(keeps(filter));
      for (const anchor of [{}, { fromSeq: 1 }, { fromSeq: 2999 }, { fromSeq: 6001 }, { beforeSeq: 6001 }, { beforeSeq: 2 }, { beforeSeq: COUNT + 1 }]) {
        const q = { ...anchor, limit: 137, filter };
        expect(windowOf(session, q), JSON.stringify(q)).toEqual(expected(matching, q));
      }
    }
  });

  it('skips the segments and blocks a filter cannot match', () => {
    const rare = storedWindow(session, { limit: 10, filter: { method: 'resources/read' } });
    expect(rare.frames.map((f) => f.seq)).toEqual([RARE, ESCAPED]);
    expect([rare.hasBefore, rare.hasAfter]).toEqual([false, false]);
    // Only the segments that hold it are read.
    const holding = session.segmentsFor({ method: 'resources/read' });
    expect(holding.length).toBeLessThan(session.segments.length);
    expect(rare.scannedBytes).toBe(holding.reduce((n, s) => n + s.bytes, 0));
    const app = storedWindow(session, { limit: 10, filter: { channel: 'app:1' } });
    expect(app.frames.at(-1)!.seq).toBeLessThan(3000);
    expect(app.scannedBytes).toBeLessThan(session.bytes / 2);
  });

  it('answers a filter that matches nothing with no frames and no reads', () => {
    for (const filter of [{ method: 'never/sent' }, { tool: 'nothing' }, { channel: 'app:9' }]) {
      expect(storedWindow(session, { limit: 50, filter })).toEqual({ frames: [], hasBefore: false, hasAfter: false, scannedBytes: 0 });
      expect(storedWindow(session, { fromSeq: 100, limit: 50, filter }).frames).toEqual([]);
    }
  });

  it('sends at most the limit', () => {
    expect(windowOf(session, { limit: 1 })).toEqual({ frames: all.slice(-1), hasBefore: true, hasAfter: false });
    expect(storedWindow(session, { fromSeq: 10, limit: 1000 }).frames).toHaveLength(1000);
    const few = storedWindow(session, { limit: 1000, filter: { channel: 'app:1' } });
    expect(few.frames).toEqual(all.filter((f) => f.channel === 'app:1').slice(-1000));
  });

  it('refuses an anchor past the end, saying what to ask instead', () => {
    expect(() => storedWindow(session, { fromSeq: COUNT + 2, limit: 10 })).toThrow(WindowError);
    expect(() => storedWindow(session, { beforeSeq: COUNT + 50, limit: 10 })).toThrow(/past the session's last frame \(seq 12000\).*newest frames/);
    expect(() => storedWindow(session, { fromSeq: 1, beforeSeq: 5, limit: 10 })).toThrow(/not both/);
  });
});

describe('a window onto a session still being written', () => {
  it('sees the frames written so far, through the writer or by scanning the segment', () => {
    const { store, writer, session } = storeOf(3000, false);
    expect(session.meta.end).toBeUndefined();
    expect(windowOf(session, { limit: 100 })).toEqual({ frames: all.slice(2900, 3000), hasBefore: true, hasAfter: false });
    for (const f of all.slice(3000, 3500)) writer.append(f);
    // Read through the writer's summary of its segment (store.open), and as another process would read it.
    for (const s of [store.open(writer.id), StoredSession.open(session.dir)]) {
      expect(windowOf(s, { limit: 100 }).frames).toEqual(all.slice(3400, 3500));
      expect(windowOf(s, { fromSeq: 3450, limit: 100 })).toEqual({ frames: all.slice(3449, 3500), hasBefore: true, hasAfter: false });
      expect(windowOf(s, { limit: 5, filter: { tool: 'echo' } }).frames.map((f) => f.seq)).toEqual([3460, 3470, 3480, 3490, 3500]);
    }
    writer.close();
  });
});
