/**
 * `loupe replay` answers a recorded server-everything tour exactly as the server did: the same
 * tour, recorded again against the replay over stdio and over Streamable HTTP, gets the same
 * results (hashed by method, params and result), and an unrecorded request gets a clear error.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import { canonicalJson, withoutMeta } from '../../lib/mcp/canonical';
import { EVERYTHING, LOUPE_BIN, ROOT, runCli, tempDir } from '../cli/shared/run-cli';

const TOUR = path.join(ROOT, 'scripts/bench/everything-tour.json');
const LOUPE = ['node', LOUPE_BIN];

function frames(file: string): Frame[] {
  return readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l) as Frame);
}

/** Each client request with the server's answer to it, in order, ids left out. */
function answers(file: string): string[] {
  const msgs = frames(file)
    .filter((f) => f.lane === 'message')
    .map((f) => ({ dir: f.dir, json: JSON.parse(f.raw) }));
  const out: string[] = [];
  for (const m of msgs) {
    if (m.dir !== 'c2s' || typeof m.json.method !== 'string' || !('id' in m.json)) continue;
    const reply = msgs.find((r) => r.dir === 's2c' && r.json.id === m.json.id && !('method' in r.json) && msgs.indexOf(r) > msgs.indexOf(m));
    out.push(canonicalJson([m.json.method, withoutMeta(m.json.params ?? {}), reply?.json.result ?? reply?.json.error ?? 'no answer']));
  }
  return out;
}

const hash = (lines: string[]) => createHash('sha256').update(lines.join('\n')).digest('hex');

function listen(trace: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [LOUPE_BIN, 'replay', trace, '--listen', '127.0.0.1:0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
      const m = /serving at (http:\/\/\S+)/.exec(err);
      if (m)
        resolve({
          url: m[1],
          stop: () =>
            new Promise((r) => {
              child.once('exit', () => r());
              child.kill('SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`loupe replay exited (${code}): ${err}`)));
  });
}

describe('loupe replay', () => {
  const dir = tempDir();
  const original = path.join(dir, 'everything.ndjson');
  let recorded: string[];

  beforeAll(async () => {
    const r = await runCli(['record', '--out', original, '--script', TOUR, '--', ...EVERYTHING]);
    expect(r.code, r.stderr).toBe(0);
    recorded = answers(original);
  }, 120_000);

  it('answers the same tour identically over stdio', async () => {
    const replayed = path.join(dir, 'replayed-stdio.ndjson');
    const r = await runCli(['record', '--out', replayed, '--script', TOUR, '--', ...LOUPE, 'replay', original]);
    expect(r.code, r.stderr).toBe(0);
    // The tour's 18 calls plus the handshake and discovery, every one answered.
    expect(recorded.length).toBeGreaterThan(20);
    expect(recorded.filter((a) => a.endsWith('"no answer"]'))).toEqual([]);
    expect(answers(replayed)).toEqual(recorded);
    expect(hash(answers(replayed))).toBe(hash(recorded));
  }, 120_000);

  it('answers the same tour identically over Streamable HTTP', async () => {
    const server = await listen(original);
    try {
      const replayed = path.join(dir, 'replayed-http.ndjson');
      const r = await runCli(['record', '--out', replayed, '--script', TOUR, '--url', server.url, '--mode', 'streamable']);
      expect(r.code, r.stderr).toBe(0);
      expect(hash(answers(replayed))).toBe(hash(recorded));
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('answers an unrecorded request with an error naming the closest recorded params', async () => {
    const script = path.join(dir, 'unrecorded.json');
    writeFileSync(script, JSON.stringify([{ method: 'tools/call', params: { name: 'echo', arguments: { message: 'something else' } } }]));
    const replayed = path.join(dir, 'replayed-unrecorded.ndjson');
    await runCli(['record', '--out', replayed, '--script', script, '--', ...LOUPE, 'replay', original]);
    const last = answers(replayed).at(-1)!;
    expect(last).toContain(
      'the recording has no tools/call with these params; closest recorded params: {\\"arguments\\":{\\"message\\":\\"hello from loupe\\"},\\"name\\":\\"echo\\"} (differs at arguments.message)',
    );
  }, 120_000);

  it('with --strict, exits 1 and says what was expected when the order differs', async () => {
    const script = path.join(dir, 'reordered.json');
    const tour = JSON.parse(readFileSync(TOUR, 'utf8')) as unknown[];
    writeFileSync(script, JSON.stringify([tour[2], tour[0], ...tour.slice(3)]));
    const strictOut = path.join(dir, 'strict.ndjson');
    const shim = path.join(dir, 'strict-replay.mjs');
    // The exit status of the replay is what --strict changes: run it through a shim that reports it.
    writeFileSync(
      shim,
      `import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
const c = spawn(process.execPath, ${JSON.stringify([LOUPE_BIN, 'replay', original, '--strict'])}, { stdio: ['inherit', 'inherit', 'pipe'] });
let err = '';
c.stderr.on('data', (d) => { err += d; });
c.on('exit', (code) => appendFileSync(${JSON.stringify(path.join(dir, 'strict-exit.txt'))}, JSON.stringify({ code, err })));
`,
    );
    await runCli(['record', '--out', strictOut, '--script', script, '--', 'node', shim]);
    const exit = await waitForFile(path.join(dir, 'strict-exit.txt'));
    expect(exit.code).toBe(1);
    expect(exit.err).toContain('out of the recorded order: got request tools/call');
    expect(exit.err).toContain('expected request ping');
  }, 120_000);
});

async function waitForFile(file: string): Promise<{ code: number; err: string }> {
  for (let i = 0; i < 200; i++) {
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${file} never appeared`);
}
