import { afterEach, describe, expect, it } from 'vitest';
import type { Frame, LifecycleMeta } from '../../lib/mcp/frame';
import type { StdioConnection } from '../../lib/wire/connection';
import { defaultMaxFrames, TAIL_BYTES } from './budget';
import type { Session } from './session';
import { sessionFor } from './sources';
import { fixtureServer } from './test-support';

const MiB = 1024 * 1024;
const OPTIONS = { protocolVersion: '2025-11-25', clientCapabilities: {} };
const BUDGET = 4 * MiB;
const MAX_FRAMES = defaultMaxFrames(BUDGET);
/** Lifecycle frames (spawn, the limit, gaps, exit) are kept past the limit; a handful at most. */
const BOUND = MAX_FRAMES + 16;

function tinyLines(pipe: 'stderr' | 'stdout', mib: number): StdioConnection {
  const conn = fixtureServer('stdio-tiny-lines.mjs');
  return { ...conn, args: [...conn.args, pipe, String(mib)] };
}

function event(f: Frame): LifecycleMeta['event'] | undefined {
  return f.lane === 'lifecycle' ? f.meta?.event : undefined;
}

describe('a server flooding tiny lines', () => {
  const sessions: Session[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });

  function open(id: string, conn: StdioConnection): Session {
    const s = sessionFor(id, conn, OPTIONS, { budgetBytes: BUDGET, transport: { closeGraceMs: 500, killGraceMs: 500 } });
    sessions.push(s);
    return s;
  }

  /**
   * Runs the flood to its end (the server exits) while another session is pinged without pause,
   * and the flooding one once, mid-flood; the flooding session's frames are checked at every
   * turn, so a recorder that keeps them all fails at once rather than after it has eaten the
   * machine's memory.
   */
  async function flood(conn: StdioConnection): Promise<{ flooding: Session; slowestPingMs: number; heapGrowth: number }> {
    const quiet = open('quiet', tinyLines('stderr', 0));
    await quiet.start();
    const heapBefore = process.memoryUsage().heapUsed;
    const flooding = open('flood', conn);
    await flooding.start();
    expect(flooding.summary().status).toBe('ready');
    // The flooding session's own client still reads its answers among the flood.
    const ownPing = flooding.request('ping', undefined, { timeoutMs: 10_000 });
    let slowestPingMs = 0;
    let heapPeak = heapBefore;
    const deadline = Date.now() + 15_000;
    while (!flooding.recording.ended) {
      expect(flooding.frames().length).toBeLessThanOrEqual(BOUND);
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      const sent = performance.now();
      await quiet.request('ping', undefined, { timeoutMs: 5000 });
      slowestPingMs = Math.max(slowestPingMs, performance.now() - sent);
      if (Date.now() > deadline) throw new Error(`the flood did not end within 15 s (${flooding.frames().length} frames)`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await expect(ownPing).resolves.toEqual({});
    expect(flooding.recording.exitCode).toBe(0);
    return { flooding, slowestPingMs, heapGrowth: heapPeak - heapBefore };
  }

  it('on stderr: one frame per read, not per line, so the frames stay few and every byte is counted', async () => {
    const { flooding, slowestPingMs, heapGrowth } = await flood(tinyLines('stderr', 64));
    const frames = flooding.frames();
    expect(frames.length).toBeLessThanOrEqual(BOUND);
    frames.forEach((f, i) => expect(f.seq).toBe(i + 1));
    const stderr = frames.filter((f) => f.lane === 'stderr');
    // Every byte read is in a frame's size, whether or not its text was kept.
    expect(stderr.reduce((n, f) => n + f.size + 1, 0)).toBe(64 * MiB + 'flood done\n'.length);
    expect(stderr.some((f) => f.meta?.transport === 'stdio' && (f.meta.lines ?? 0) > 1000)).toBe(true);
    // The budget bounds the flood's text; lifecycle frames keep theirs past it, and the largest of
    // them is the tail that repeats the last lines not kept.
    expect(flooding.textBudget().keptBytes).toBeLessThanOrEqual(BUDGET + TAIL_BYTES + 4096);
    expect(heapGrowth).toBeLessThan(256 * MiB);
    expect(slowestPingMs).toBeLessThan(2000);
  }, 30_000);

  it('on stdout: past the frame limit frames are counted, not kept, and the gap is written down', async () => {
    const { flooding, slowestPingMs, heapGrowth } = await flood(tinyLines('stdout', 2));
    const frames = flooding.frames();
    expect(frames.length).toBeLessThanOrEqual(BOUND);
    frames.forEach((f, i) => expect(f.seq).toBe(i + 1));
    const limit = frames.find((f) => event(f) === 'frame-limit');
    expect(limit?.meta).toEqual({ transport: 'stdio', event: 'frame-limit', limit: MAX_FRAMES });
    const gaps = frames.filter((f) => event(f) === 'gap');
    expect(gaps.length).toBeGreaterThan(0);
    expect(gaps[0].raw).toMatch(/^[\d,]+ frames \(.+\) crossed here and were not kept/);
    // Kept and not kept, the lines of the flood are all accounted for: 2 MiB of `{}\n` and `x\n`.
    const floodLines = Math.ceil((2 * MiB) / 80 / 1024) * 16 * 1024 * 2;
    const notKept = gaps.reduce((n, f) => n + (f.meta as { frames: number }).frames, 0);
    const keptFlood = frames.filter((f) => f.lane === 'message' && f.dir === 's2c' && (f.raw === '{}' || f.raw === 'x' || f.textDropped)).length;
    expect(keptFlood + notKept).toBeGreaterThanOrEqual(floodLines);
    // The gap is written down before the exit, which is kept past the limit, and the last lines,
    // though not kept, are repeated in the tail as after the byte budget.
    expect(frames.slice(-3).map(event)).toEqual(['gap', 'tail', 'exit']);
    expect(frames.at(-2)!.raw.split('\n')).toContain('flood done');
    expect(flooding.textBudget()).toMatchObject({ maxFrames: MAX_FRAMES, notKeptFrames: notKept });
    expect(heapGrowth).toBeLessThan(256 * MiB);
    expect(slowestPingMs).toBeLessThan(2000);
  }, 30_000);
});
