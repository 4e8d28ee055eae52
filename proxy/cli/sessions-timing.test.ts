/**
 * `loupe sessions ID --timing`, run in process on a session written to a store of the test's own:
 * requests, answers, errors and latencies by method, from the store's timing column.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Frame } from '../../lib/mcp/frame';
import { sessionsDir } from '../store/layout';
import { SessionStore } from '../store/store';
import { testHeader } from '../store/testing';
import { runInProcess } from './shared/in-process';
import { run } from './sessions';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const frame = (seq: number, ts: number, dir: Frame['dir'], msg: object): Frame => {
  const raw = JSON.stringify({ jsonrpc: '2.0', ...msg });
  return { seq, ts, dir, lane: 'message', raw, size: raw.length + 1 };
};

/** 100 tools/call, the i-th answered (i + 1) ms later, every tenth with an error; one ping never answered. */
function storedCalls(): { configDir: string; id: string } {
  const configDir = mkdtempSync(path.join(tmpdir(), 'loupe-sessions-timing-'));
  dirs.push(configDir);
  const w = new SessionStore(sessionsDir(configDir)).create({ source: 'record', header: testHeader('timed'), startedAt: Date.now() });
  let seq = 0;
  for (let i = 0; i < 100; i++) {
    w.append(frame(++seq, i * 1_000_000, 'c2s', { id: i, method: 'tools/call', params: { name: 'echo' } }));
    const answer = i % 10 === 9 ? { error: { code: -32603, message: 'failed' } } : { result: { content: [] } };
    w.append(frame(++seq, i * 1_000_000 + (i + 1) * 1000, 's2c', { id: i, ...answer }));
  }
  w.append(frame(++seq, 200_000_000, 'c2s', { id: 'p', method: 'ping' }));
  w.close();
  return { configDir, id: w.id };
}

const sessions = (argv: string[]) => runInProcess(() => run(argv));

it('prints each method with its counts and latency percentiles over every frame', async () => {
  const { configDir, id } = storedCalls();
  const r = await sessions([id, '--timing', '--config-dir', configDir]);
  expect(r.code, r.stderr).toBe(0);
  const [head, ...rows] = r.stdout.trimEnd().split('\n');
  expect(head.split(/\s+/)).toEqual(['METHOD', 'FROM', 'COUNT', 'ANSWERED', 'ERRORS', 'P50', 'P95', 'P99', 'MAX']);
  // Nearest rank of 1..100 ms: p50 is 50 ms, p95 95 ms, p99 99 ms (within the buckets' 4 %), max exact.
  const call = rows[0].split(/\s{2,}/);
  expect(call.slice(0, 5)).toEqual(['tools/call', 'client', '100', '100', '10']);
  const ms = (cell: string) => Number(cell.replace(' ms', ''));
  expect(Math.abs(ms(call[5]) - 50)).toBeLessThanOrEqual(50 * 0.04);
  expect(Math.abs(ms(call[6]) - 95)).toBeLessThanOrEqual(95 * 0.04);
  expect(Math.abs(ms(call[7]) - 99)).toBeLessThanOrEqual(99 * 0.04);
  expect(call[8]).toBe('100.0 ms');
  expect(rows[1].split(/\s{2,}/).slice(0, 5)).toEqual(['ping', 'client', '1', '0', '0']);
  expect(rows[2]).toMatch(/^201 frames; percentiles within 4 %/);
});

it('gives the same as JSON, and says what is wrong without an id', async () => {
  const { configDir, id } = storedCalls();
  const r = await sessions([id, '--timing', '--json', '--config-dir', configDir]);
  const parsed = JSON.parse(r.stdout) as { frames: number; methods: Array<{ method: string; count: number; answered: number; max?: number }> };
  expect(parsed.frames).toBe(201);
  expect(parsed.methods.map((m) => [m.method, m.count, m.answered, m.max])).toEqual([
    ['tools/call', 100, 100, 100_000],
    ['ping', 1, 0, undefined],
  ]);
  const bad = await sessions(['--timing', '--config-dir', configDir]);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/--timing needs the id of one stored session/);
});
