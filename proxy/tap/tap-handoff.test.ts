/**
 * The parts of a recording handed on from a tap to the process that finishes it (tap-handoff.ts):
 * the framer goes on mid-line where it stood, the session's writer goes on in its next segment
 * with the requests still unanswered, and the session reads back as one, every frame in order.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '../../lib/mcp/frame';
import { SessionStore } from '../store/store';
import { testHeader } from '../store/testing';
import { segmentName, segmentNumber, SESSION_FILE, sessionsDir } from '../store/layout';
import { TapFramer } from './tap-framer';
import { startResumer } from './tap-handoff';
import { TapRecorder } from './tap-recorder';
import { tapsDir } from './tap-file';
import { tempDir } from '../cli/shared/run-cli';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const bytes = (text: string) => Buffer.from(text);

describe('a recording handed on', () => {
  it('frames the lines a handoff cut in two as whole lines, numbered on from where the tap stood', () => {
    const before: Frame[] = [];
    const tap = new TapFramer((f) => before.push(f), 12);
    tap.chunk('s2c', 1, bytes('{"a":1}\n{"b":'));
    tap.chunk('stderr', 2, bytes('a log line longer than twelve bytes\r'));
    // The first byte of a two-byte character.
    tap.chunk('c2s', 3, bytes('é').subarray(0, 1));
    // Through JSON, as handoff.json carries it.
    const state = JSON.parse(JSON.stringify(tap.state())) as ReturnType<TapFramer['state']>;

    const after: Frame[] = [];
    const resumed = new TapFramer((f) => after.push(f), 12);
    resumed.resume(state);
    resumed.chunk('s2c', 4, bytes('2}\n'));
    resumed.chunk('stderr', 5, bytes('\n'));
    resumed.chunk('c2s', 6, Buffer.concat([bytes('é').subarray(1), bytes('\n')]));
    expect(before.map((f) => [f.seq, f.raw])).toEqual([[1, '{"a":1}']]);
    expect(after.map((f) => [f.seq, f.dir, f.lane, f.raw, f.size, f.truncated ?? false, f.ts])).toEqual([
      [2, 's2c', 'message', '{"b":2}', 7, false, 4],
      // Cut back to its first twelve bytes and marked, its size the whole line's (the \r counts).
      [3, 's2c', 'stderr', 'a log line l', 36, true, 5],
      [4, 'c2s', 'message', 'é', 2, false, 6],
    ]);
  });

  it("goes on with the session in its next segment, pairing the answers to the tap's requests", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'loupe-handoff-'));
    dirs.push(dir);
    const ask = (seq: number, id: number) =>
      ({ seq, ts: seq * 1000, dir: 'c2s', lane: 'message', raw: `{"jsonrpc":"2.0","id":${id},"method":"ping"}`, size: 40 }) as Frame;
    const answer = (seq: number, id: number) =>
      ({ seq, ts: seq * 1000 + 500, dir: 's2c', lane: 'message', raw: `{"jsonrpc":"2.0","id":${id},"result":{}}`, size: 36 }) as Frame;
    const frames = [ask(1, 1), answer(2, 1), ask(3, 2), answer(4, 2), ask(5, 3)];
    const tap = new SessionStore(dir).create({ source: 'tap', header: testHeader('handed'), startedAt: Date.now() });
    for (const f of frames) tap.append(f);
    const handed = JSON.parse(JSON.stringify(tap.handOff())) as ReturnType<typeof tap.handOff>;
    expect(handed).toMatchObject({ segment: 2, frames: 5, lastSeq: 5 });
    // Stopped, not ended: the session reads as recording while a writer of it runs.
    expect(new SessionStore(dir).list()[0]).toMatchObject({ state: 'recording', frames: 5 });

    const resumed = new SessionStore(dir).continueSession(tap.id, handed);
    const rest = [answer(6, 3), ask(7, 4), answer(8, 4)];
    for (const f of rest) resumed.append(f);
    resumed.close();

    expect(
      readdirSync(path.join(dir, tap.id))
        .filter((f) => segmentNumber(f) !== undefined)
        .sort(),
    ).toEqual([segmentName(1), segmentName(2)]);
    const [listed] = new SessionStore(dir).list();
    expect(listed).toMatchObject({ state: 'clean', frames: 8 });
    const session = new SessionStore(dir).open(tap.id);
    expect([...session.frames()].map((f) => f.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The request of the tap's segment answered in the resumer's is timed like the others (four, not three).
    expect(session.timing()).toMatchObject([{ dir: 'c2s', method: 'ping', requests: 4, latency: { n: 4, minUs: 1500, maxUs: 1500 } }]);
  });
});

/** A recorder of a stored session, abandoned before its worker took anything, then closed: its handoff. */
async function handedOff(configDir: string, lines: string): Promise<string> {
  const recorder = new TapRecorder({
    file: path.join(tapsDir(configDir), 'handed.loupe.ndjson'),
    storeDir: sessionsDir(configDir),
    header: {
      name: 'handed',
      command: 'node',
      args: ['server.mjs'],
      startedAt: new Date().toISOString(),
      tap: { pid: process.pid, host: { pid: process.pid }, cwd: '/' },
    },
  });
  recorder.chunk('s2c', 2, Buffer.from(lines));
  recorder.abandon();
  const outcome = await recorder.close();
  return outcome.handedOff!;
}

async function gone(file: string): Promise<void> {
  for (let waited = 0; existsSync(file); waited += 20) {
    if (waited > 30_000) throw new Error(`${file} is still there`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the resumer, given what it cannot use', () => {
  it('says how it is started when no handoff is named', () => {
    const run = spawnSync(process.execPath, [path.join(import.meta.dirname, 'tap-resume.mjs')], { encoding: 'utf8' });
    expect(run.status).toBe(64);
    expect(run.stderr).toMatch(/^usage: tap-resume.mjs HANDOFF_FILE/);
  });

  it('leaves nothing of the handoff behind when the session cannot be continued', { timeout: 60_000 }, async () => {
    const configDir = tempDir();
    const file = await handedOff(configDir, '{"jsonrpc":"2.0","method":"ping"}\n'.repeat(10));
    const sessionDir = path.dirname(file);
    expect(
      readdirSync(sessionDir)
        .filter((f) => f.startsWith('handoff'))
        .sort(),
    ).toEqual(['handoff.backlog', 'handoff.json']);
    // Its record damaged meanwhile: the session cannot be read, let alone continued.
    writeFileSync(path.join(sessionDir, SESSION_FILE), '{');
    startResumer(file);
    await gone(file);
    expect(readdirSync(sessionDir).filter((f) => f.startsWith('handoff'))).toEqual([]);
  });
});

describe('a tap abandoned before its recorder caught up', () => {
  it('hands every batch it had not framed to the resumer, which records them into the same session and ends it clean', { timeout: 60_000 }, async () => {
    const configDir = tempDir();
    const startedAt = new Date().toISOString();
    const recorder = new TapRecorder({
      file: path.join(tapsDir(configDir), 'handed.loupe.ndjson'),
      storeDir: sessionsDir(configDir),
      header: { name: 'handed', command: 'node', args: ['server.mjs'], startedAt, tap: { pid: process.pid, host: { pid: process.pid }, cwd: '/' } },
    });
    const lines = Array.from({ length: 1000 }, (_, i) => `{"jsonrpc":"2.0","method":"notifications/message","params":{"n":${i}}}\n`).join('');
    recorder.lifecycle({ transport: 'stdio', event: 'spawn', pid: 1, command: 'node', args: ['server.mjs'] }, 'started', 1);
    // Cut mid-line and mid-batch: the resumer must join the halves.
    recorder.chunk('s2c', 2, Buffer.from(lines.slice(0, 5001)));
    recorder.chunk('s2c', 3, Buffer.from(lines.slice(5001)));
    recorder.chunk('c2s', 4, Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}'));
    recorder.end('c2s', 5);
    // Raised before the worker has taken anything: it hands everything on.
    recorder.abandon();
    const outcome = await recorder.close();
    expect(outcome.handedOff).toBeDefined();
    const store = new SessionStore(sessionsDir(configDir));
    // Stopped, not ended, with nothing framed: the resumer frames it all.
    expect(store.list()[0]).toMatchObject({ frames: 0 });
    expect(existsSync(outcome.handedOff!)).toBe(true);

    startResumer(outcome.handedOff!);
    expect(store.list()[0].state).toBe('recording');
    while (existsSync(outcome.handedOff!)) await new Promise((r) => setTimeout(r, 20));
    const [listed] = store.list();
    expect(listed).toMatchObject({ state: 'clean', frames: 1002 });
    const frames = [...store.open(listed.id).frames()];
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i + 1));
    expect(frames.filter((f) => f.dir === 's2c').map((f) => f.raw)).toEqual(lines.trimEnd().split('\n'));
    expect(frames.at(-1)).toMatchObject({ dir: 'c2s', raw: '{"jsonrpc":"2.0","id":1,"method":"ping"}', ts: 5 });
    expect(frames.some((f) => f.truncated || /not recorded/.test(f.raw))).toBe(false);
    expect(readdirSync(path.join(sessionsDir(configDir), listed.id)).filter((f) => f.startsWith('handoff'))).toEqual([]);
  });
});
