/**
 * A host that ends a real `loupe tap` while its recorder is still reading its spool back (the MCP
 * SDK sends SIGTERM two seconds after closing the server's stdin): the tap ends by that signal as
 * before, but the recording ends clean, with notes saying how many bytes of the flood it did not
 * record, and those bytes plus the recorded ones are every byte the host received; the spool is
 * gone, and the session's findings, not counted before the tap ended, are judged on demand. The
 * recorder may hold only 4 KiB in memory (LOUPE_TAP_BACKLOG_BYTES), so the flood goes through the spool.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Frame } from '../../lib/mcp/frame';
import { FIXTURES, LOUPE_BIN, tempDir } from '../cli/shared/run-cli';
import { sessionsDir } from '../store/layout';
import { SessionStore } from '../store/store';
import { tapRecording } from './testing/tap-recording';

/** Enough that the recorder, at the lowest priority, is still catching up once the host has read them all. */
const NOTIFICATIONS = 400_000;
const NOT_RECORDED =
  /^(\d+) bytes of (the server's|the host's) messages were passed on but not recorded: the host ended the tap while its recorder was catching up/;

async function serverExited(runDir: string): Promise<void> {
  while (existsSync(runDir) && readdirSync(runDir).some((f) => f.startsWith('group-'))) await new Promise((r) => setTimeout(r, 10));
}

/** Bytes of a direction the frames account for: each line and its `\n` (a line cut by a gap has none), and each gap. */
function bytesOf(frames: Frame[], dir: 'c2s' | 's2c'): { recorded: number; notRecorded: number } {
  let recorded = 0;
  let notRecorded = 0;
  for (const f of frames) {
    if (f.dir === dir && f.lane === 'message') recorded += f.size + (f.truncated ? 0 : 1);
    const gap = f.lane === 'lifecycle' ? NOT_RECORDED.exec(f.raw) : null;
    if (gap && (gap[2] === "the server's") === (dir === 's2c')) notRecorded += Number(gap[1]);
  }
  return { recorded, notRecorded };
}

it('ends the recording clean, noting what it did not record, when the host sends SIGTERM while the recorder catches up', async () => {
  const configDir = tempDir();
  const taps = path.join(configDir, 'taps');
  const child = spawn(process.execPath, [LOUPE_BIN, 'tap', '--config-dir', configDir, '--name', 'flood', '--', 'node', path.join(FIXTURES, 'flood.mjs')], {
    stdio: ['pipe', 'pipe', 'pipe'],
    // However loaded the machine, the recorder (at the lowest priority) gets to close clean: the
    // test is not about how fast, only about what the recording says.
    env: { ...process.env, LOUPE_TAP_BACKLOG_BYTES: '4096', LOUPE_TAP_ABANDON_MS: '60000' },
  });
  let received = 0;
  let tail = '';
  let err = '';
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  child.stdout.on('data', (b: Buffer) => {
    received += b.length;
    tail = (tail + b.toString()).slice(-4096);
    if (tail.includes('{"jsonrpc":"2.0","id":2,')) child.stdin.end();
  });
  const stdoutEnded = new Promise<void>((resolve) => child.stdout.once('end', resolve));
  const ended = new Promise<NodeJS.Signals | null>((resolve) => child.once('close', (_code, signal) => resolve(signal)));
  const sent = [
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"host","version":"1"}}}\n',
    '{"jsonrpc":"2.0","method":"notifications/initialized"}\n',
    `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"flood","arguments":{"count":${NOTIFICATIONS}}}}\n`,
  ].join('');
  child.stdin.write(sent);
  await stdoutEnded;
  expect(tail).toContain('{"jsonrpc":"2.0","id":2,');
  // The server exits once its stdin closes; the tap removes its pid file (`<config>/run`) then and
  // waits for its recorder, as the SDK's SIGTERM finds it two seconds later.
  await serverExited(path.join(configDir, 'run'));
  // The host has everything; the recorder is still reading the spool back (`<tap file>.backlog`).
  expect(readdirSync(taps).filter((f) => f.endsWith('.backlog'))).toHaveLength(1);
  child.kill('SIGTERM');
  expect(await ended).toBe('SIGTERM');
  const behind = /the host ended the tap while its recorder was (\d+) bytes behind/.exec(err);
  expect(behind, err).not.toBeNull();

  // The tap file ends with the notes of what was not recorded, then the server's end; with the
  // lines recorded before them, they account for every byte the host received.
  const file = readdirSync(taps).filter((f) => f.endsWith('.loupe.ndjson'));
  expect(file).toHaveLength(1);
  const trace = tapRecording(path.join(taps, file[0]));
  const s2c = bytesOf(trace.frames, 's2c');
  const c2s = bytesOf(trace.frames, 'c2s');
  expect(s2c.notRecorded).toBeGreaterThan(0);
  expect(s2c.recorded + s2c.notRecorded).toBe(received);
  expect(c2s.recorded + c2s.notRecorded).toBe(Buffer.byteLength(sent));
  expect(s2c.notRecorded + c2s.notRecorded).toBe(Number(behind![1]));
  const lastLine = trace.frames.findLastIndex((f) => f.lane === 'message');
  const after = trace.frames.slice(lastLine + 1);
  expect(after.some((f) => NOT_RECORDED.test(f.raw))).toBe(true);
  expect(after.every((f) => f.lane === 'lifecycle')).toBe(true);
  expect(trace.frames.map((f) => f.seq)).toEqual(trace.frames.map((_, i) => i + 1));

  // The stored session holds the same frames, and ended clean.
  const store = new SessionStore(sessionsDir(configDir));
  const [listed] = store.list();
  expect(listed).toMatchObject({ source: 'tap', state: 'clean', frames: trace.frames.length });
  expect([...store.open(listed.id).frames()]).toEqual(trace.frames);

  // The spool is gone.
  expect(readdirSync(taps)).toEqual(file);

  // Its findings were not counted before the tap ended; they are judged on demand, not reported as none.
  const findings = spawnSync(process.execPath, [LOUPE_BIN, 'sessions', listed.id, '--findings', '--json', '--config-dir', configDir], { encoding: 'utf8' });
  expect(findings.status, findings.stderr).toBe(0);
  const judged = JSON.parse(findings.stdout) as { total: number; none?: string };
  expect(judged.none).toBeUndefined();
  expect(new SessionStore(sessionsDir(configDir)).list()[0].findings).toBeDefined();
}, 180_000);
