/**
 * A flood through a real `loupe tap` whose recorder may hold almost nothing in memory
 * (LOUPE_TAP_BACKLOG_BYTES of 4 KiB): what does not fit goes through the spool beside the tap
 * file, and the tap file and the stored session still hold every frame, in order, byte for byte,
 * with no gap noted; the spool is gone once the tap has exited. (The first batches are spooled
 * before the recorder's worker has made the taps folder: the spool makes it.)
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { FIXTURES, LOUPE_BIN, tempDir } from '../cli/shared/run-cli';
import { sessionsDir } from '../store/layout';
import { SessionStore } from '../store/store';
import { tapRecording } from './testing/tap-recording';

const NOTIFICATIONS = 20_000;

it('records every frame of a flood through the spool when the recorder may hold only 4 KiB, and removes the spool', async () => {
  const configDir = tempDir();
  const taps = path.join(configDir, 'taps');
  const child = spawn(process.execPath, [LOUPE_BIN, 'tap', '--config-dir', configDir, '--name', 'flood', '--', 'node', path.join(FIXTURES, 'flood.mjs')], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, LOUPE_TAP_BACKLOG_BYTES: '4096' },
  });
  const out: Buffer[] = [];
  let tail = '';
  let err = '';
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  const sent = [
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"host","version":"1"}}}\n',
    '{"jsonrpc":"2.0","method":"notifications/initialized"}\n',
    `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"flood","arguments":{"count":${NOTIFICATIONS}}}}\n`,
  ];
  child.stdout.on('data', (b: Buffer) => {
    out.push(b);
    tail = (tail + b.toString()).slice(-4096);
    if (tail.includes('{"jsonrpc":"2.0","id":2,')) child.stdin.end();
  });
  const ended = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  child.stdin.write(sent.join(''));
  expect(await ended).toBe(0);
  expect(err).not.toMatch(/warning/);

  // The host got the flood; the tap file holds every line of it, in order, byte for byte.
  const received = Buffer.concat(out).toString('utf8');
  const file = readdirSync(taps).filter((f) => f.endsWith('.loupe.ndjson'));
  expect(file).toHaveLength(1);
  const trace = tapRecording(path.join(taps, file[0]));
  const s2c = trace.frames.filter((f) => f.dir === 's2c' && f.lane === 'message');
  expect(s2c.length).toBe(NOTIFICATIONS + 2);
  expect(s2c.map((f) => f.raw + '\n').join('')).toBe(received);
  expect(trace.frames.filter((f) => f.dir === 'c2s').map((f) => f.raw + '\n')).toEqual(sent);
  expect(trace.frames.some((f) => f.truncated || /not recorded|could not be read back/.test(f.raw))).toBe(false);
  expect(trace.frames.map((f) => f.seq)).toEqual(trace.frames.map((_, i) => i + 1));
  expect(trace.frames.at(-1)).toMatchObject({ lane: 'lifecycle', meta: { event: 'exit', code: 0 } });

  // The stored session holds the same frames, and ended clean.
  const store = new SessionStore(sessionsDir(configDir));
  const [listed] = store.list();
  expect(listed).toMatchObject({ source: 'tap', state: 'clean', frames: trace.frames.length });
  expect([...store.open(listed.id).frames()]).toEqual(trace.frames);

  // The spool (`<tap file>.backlog`, beside it) is gone.
  expect(readdirSync(taps)).toEqual(file);
}, 120_000);
