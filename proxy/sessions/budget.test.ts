import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '../../lib/mcp/frame';
import { parseStartOptions } from '../cli/start-options';
import { DEFAULT_SESSION_BUDGET_BYTES, SessionBudget } from './budget';
import { parseByteSize } from '../shared/sizes';
import { Recorder } from './recorder';
import type { Session } from './session';
import { sessionFor } from './sources';
import { fixtureServer, waitFor } from './test-support';

const MiB = 1024 * 1024;

describe('SessionBudget', () => {
  it('keeps the head whole, then keeps only metadata, and counts what it dropped and where', () => {
    const r = new Recorder(new SessionBudget(10));
    r.record({ dir: 's2c', lane: 'stderr', raw: 'abcdef', size: 6, ts: 1 });
    r.record({ dir: 's2c', lane: 'message', raw: '{"a":1}', size: 7, ts: 2, meta: { transport: 'stdio' } });
    r.record({
      dir: 'local',
      lane: 'lifecycle',
      raw: 'sent SIGTERM to process group 7',
      size: 0,
      ts: 3,
      meta: { transport: 'stdio', event: 'signal', pid: 7, signal: 'SIGTERM' },
    });
    r.record({ dir: 's2c', lane: 'stderr', raw: 'abc', size: 3, ts: 4, truncated: true, invalidUtf8: true, rawBase64: 'YWJj' });
    const frames = r.frames();
    expect(frames[0]).toEqual({ seq: 1, ts: 1, dir: 's2c', lane: 'stderr', raw: 'abcdef', size: 6 });
    expect(frames[1]).toEqual({ seq: 2, ts: 2, dir: 's2c', lane: 'message', raw: '', size: 7, textDropped: true, meta: { transport: 'stdio' } });
    // Lifecycle frames say why a session ended: they always keep their text.
    expect(frames[2].raw).toBe('sent SIGTERM to process group 7');
    expect(frames[2].textDropped).toBeUndefined();
    // The flags are metadata and stay; the exact bytes go with the text.
    expect(frames[3]).toEqual({ seq: 4, ts: 4, dir: 's2c', lane: 'stderr', raw: '', size: 3, truncated: true, invalidUtf8: true, textDropped: true });
    expect(r.usage()).toEqual({
      limitBytes: 10,
      keptBytes: 6 + 31,
      droppedFrames: 2,
      droppedBytes: 10,
      firstDroppedSeq: 2,
      lastDroppedSeq: 4,
      maxFrames: 10_000,
      notKeptFrames: 0,
      notKeptBytes: 0,
    });
  });

  it('repeats the last dropped lines in one lifecycle frame before the exit, once', () => {
    const r = new Recorder(new SessionBudget(4));
    r.record({ dir: 's2c', lane: 'stderr', raw: 'head', size: 4, ts: 1 });
    for (let i = 0; i < 3; i++) r.record({ dir: 's2c', lane: 'stderr', raw: `log ${i}`, size: 5, ts: 2 + i });
    r.record({ dir: 's2c', lane: 'stderr', raw: 'Error: out of cheese', size: 20, ts: 5 });
    r.record({
      dir: 'local',
      lane: 'lifecycle',
      raw: 'the server process exited with code 1',
      size: 0,
      ts: 6,
      meta: { transport: 'stdio', event: 'exit', code: 1 },
    });
    r.record({ dir: 'local', lane: 'lifecycle', raw: 'again', size: 0, ts: 7, meta: { transport: 'stdio', event: 'exit', code: 1 } });
    const frames = r.frames();
    expect(frames.map((f) => (f.meta && 'event' in f.meta ? f.meta.event : f.lane))).toEqual([
      'stderr',
      'stderr',
      'stderr',
      'stderr',
      'stderr',
      'tail',
      'exit',
      'exit',
    ]);
    expect(frames[5]).toEqual({
      seq: 6,
      ts: 6,
      dir: 'local',
      lane: 'lifecycle',
      size: 0,
      raw: 'log 0\nlog 1\nlog 2\nError: out of cheese',
      meta: { transport: 'stdio', event: 'tail', fromSeq: 2, toSeq: 5, lines: 4 },
    });
  });

  it('keeps the last 500 lines of a stream for the tail however short they are', () => {
    const b = new SessionBudget(0, 1);
    b.keepsFrame(1, { lane: 'stderr', raw: 'head', size: 5 });
    for (let seq = 2; seq <= 5000; seq++) b.keepsFrame(seq, { lane: 'stderr', raw: `${seq}`, size: 5 });
    const tail = b.takeTail();
    expect(tail).toHaveLength(500);
    expect([tail[0].seq, tail[499].seq]).toEqual([4501, 5000]);
  });

  it("keeps stderr's last words when a flood on stdout is taken in after them", () => {
    const b = new SessionBudget(0, 1);
    b.keepsFrame(1, { lane: 'message', raw: '{}', size: 3 });
    b.keepsFrame(2, { lane: 'stderr', raw: 'Error: out of cheese', size: 21 });
    // stdout and stderr are read apart: lines that crossed before the error may come in after it.
    for (let seq = 3; seq <= 5000; seq++) b.keepsFrame(seq, { lane: 'message', raw: 'x', size: 2 });
    const tail = b.takeTail();
    expect(tail.map((l) => l.text)).toContain('Error: out of cheese');
    expect(tail.map((l) => l.seq)).toEqual([...tail.map((l) => l.seq)].sort((x, y) => x - y));
    expect(tail).toHaveLength(501);
  });

  it('past its frame limit counts frames without keeping them, and writes down the gap', () => {
    const r = new Recorder(new SessionBudget(MiB, 2));
    for (let i = 0; i < 5; i++) r.record({ dir: 's2c', lane: 'message', raw: `{"n":${i}}`, size: 7, ts: i, meta: { transport: 'stdio' } });
    // A frame not kept is still handed back (the client reads answers from it), unnumbered.
    expect(r.record({ dir: 's2c', lane: 'stderr', raw: 'last words', size: 10, ts: 5 })).toMatchObject({ seq: 0, raw: 'last words' });
    r.record({ dir: 'local', lane: 'lifecycle', raw: 'exited', size: 0, ts: 6, meta: { transport: 'stdio', event: 'exit', code: 1 } });
    r.record({ dir: 's2c', lane: 'stderr', raw: 'after', size: 5, ts: 7 });
    r.closeGap();
    r.closeGap();
    const frames = r.frames();
    frames.forEach((f, i) => expect(f.seq).toBe(i + 1));
    expect(frames.map((f) => (f.lane === 'lifecycle' ? f.meta?.event : f.raw))).toEqual(['{"n":0}', '{"n":1}', 'frame-limit', 'gap', 'tail', 'exit', 'gap']);
    expect(frames[2].meta).toEqual({ transport: 'stdio', event: 'frame-limit', limit: 2 });
    expect(frames[3]).toMatchObject({
      raw: '4 frames (31 B) crossed here and were not kept: the session is at its frame limit',
      meta: { event: 'gap', frames: 4, bytes: 31 },
    });
    expect(frames[4].raw).toBe('{"n":2}\n{"n":3}\n{"n":4}\nlast words');
    expect(frames[6].meta).toEqual({ transport: 'stdio', event: 'gap', frames: 1, bytes: 5 });
    expect(r.usage()).toMatchObject({ maxFrames: 2, notKeptFrames: 5, notKeptBytes: 36 });
  });

  it('reads sizes with units and refuses what is not one', () => {
    expect(parseByteSize('256MiB')).toBe(256 * MiB);
    expect(parseByteSize('64m')).toBe(64 * MiB);
    expect(parseByteSize('1GiB')).toBe(1024 * MiB);
    expect(parseByteSize('2000000')).toBe(2_000_000);
    expect(parseByteSize('lots')).toMatch(/not a size.*64MiB/);
    expect(parseByteSize('12KiB')).toMatch(/too small/);
  });

  it('is set by loupe start --session-budget or LOUPE_SESSION_BUDGET, 32 MiB and 10,000 frames otherwise', () => {
    expect(DEFAULT_SESSION_BUDGET_BYTES).toBe(32 * MiB);
    expect(new SessionBudget().maxFrames).toBe(10_000);
    expect(parseStartOptions([], {})).toMatchObject({ sessionBudget: DEFAULT_SESSION_BUDGET_BYTES });
    expect(parseStartOptions(['--session-budget', '64MiB'], {})).toMatchObject({ sessionBudget: 64 * MiB });
    expect(parseStartOptions([], { LOUPE_SESSION_BUDGET: '8m' })).toMatchObject({ sessionBudget: 8 * MiB });
    expect(parseStartOptions([], { LOUPE_SESSION_BUDGET: 'big' })).toMatch(/--session-budget: "big" is not a size.*\(from LOUPE_SESSION_BUDGET\)/);
  });
});

describe('a session whose server floods stdout and stderr', () => {
  const sessions: Session[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });

  it('stays within its budget, records every frame, truncates an endless line, and keeps answering', async () => {
    const budget = 4 * MiB;
    // 24 MiB on stderr, 8 MiB on stdout, then one 20 MiB stderr line with no newline until its end.
    const conn = { ...fixtureServer('stdio-flood-output.mjs') };
    conn.args = [...conn.args, '24', '8', '20'];
    const s = sessionFor(
      'flood',
      conn,
      { protocolVersion: '2025-11-25', clientCapabilities: {} },
      {
        budgetBytes: budget,
        transport: { maxLineBytes: MiB, closeGraceMs: 500, killGraceMs: 500 },
      },
    );
    sessions.push(s);
    await s.start();
    expect(s.summary().status).toBe('ready');
    await waitFor(() => s.frames().some((f) => f.lane === 'stderr' && f.size === 10), 60_000, 'the end of the flood');

    const frames: readonly Frame[] = s.frames();
    const usage = s.textBudget();
    expect(usage.keptBytes).toBeLessThanOrEqual(budget);
    const textHeld = frames.reduce((n, f) => n + f.raw.length + (f.rawBase64?.length ?? 0), 0);
    expect(textHeld).toBe(usage.keptBytes);
    // Nothing is lost from the timeline: dense seqs, and the bytes that crossed are all accounted for.
    frames.forEach((f, i) => expect(f.seq).toBe(i + 1));
    const stderrBytes = frames.filter((f) => f.lane === 'stderr').reduce((n, f) => n + f.size + 1, 0);
    expect(stderrBytes).toBe(24 * MiB + 20 * MiB + 1 + 'flood done\n'.length);
    expect(usage.droppedFrames).toBe(frames.filter((f) => f.textDropped).length);
    // The head is kept whole and nothing after it: from the first frame that lost its text on,
    // every frame but a lifecycle one lost it too, however the reads fell.
    const firstDropped = frames.findIndex((f) => f.textDropped);
    expect(firstDropped).toBeGreaterThan(0);
    expect(frames.slice(firstDropped).filter((f) => f.lane !== 'lifecycle' && !f.textDropped)).toEqual([]);
    // The 1 KiB log lines came many to a read, so they are far fewer frames than lines.
    expect(frames.filter((f) => f.lane === 'stderr').length).toBeLessThan((24 * 1024) / 2);
    expect(frames.filter((f) => f.lane === 'message' && f.dir === 's2c' && f.size > 900)).toHaveLength(8 * 1024);
    // The head, with the handshake, is kept whole.
    expect(frames[0].lane).toBe('lifecycle');
    expect(
      frames
        .slice(0, 4)
        .filter((f) => f.lane === 'message')
        .map((f) => JSON.parse(f.raw).method ?? 'result'),
    ).toEqual(['initialize', 'result', 'notifications/initialized']);
    // The endless line was cut at maxLineBytes while it streamed in, and keeps its full size.
    expect(frames.find((f) => f.size === 20 * MiB)).toMatchObject({ lane: 'stderr', truncated: true });
    // Requests still go through and their frames are found by the correlator.
    await expect(s.request('ping', undefined, { timeoutMs: 10_000 })).resolves.toEqual({});
  }, 120_000);

  it('keeps the last words of a server that crashes after a flood, though their frames lost their text', async () => {
    const conn = { ...fixtureServer('stdio-flood-output.mjs') };
    conn.args = [...conn.args, '8', '0', '0', 'crash'];
    const s = sessionFor(
      'crash',
      conn,
      { protocolVersion: '2025-11-25', clientCapabilities: {} },
      { budgetBytes: MiB, transport: { closeGraceMs: 500, killGraceMs: 500 } },
    );
    sessions.push(s);
    await s.start();
    await waitFor(() => s.summary().status === 'failed', 60_000, 'the crash');
    const frames = s.frames();
    const exit = frames.findIndex((f) => f.meta && 'event' in f.meta && f.meta.event === 'exit');
    const tail = frames[exit - 1];
    expect(tail.meta).toMatchObject({ event: 'tail', toSeq: exit - 1 });
    expect(tail.raw.endsWith('flood done\nError: out of cheese\n    at melt (/srv/cheese.js:12:7)')).toBe(true);
    expect(tail.raw.length).toBeLessThanOrEqual(64 * 1024);
    expect(frames[exit - 2]).toMatchObject({ lane: 'stderr', textDropped: true, raw: '' });
  }, 120_000);
});
