/**
 * A host that ends a real `loupe tap` while its recorder is still reading its spool back (the MCP
 * SDK sends SIGTERM two seconds after closing the server's stdin): the tap ends by that signal as
 * before, and a process of its own records the rest into the same session (tap-handoff.ts): the
 * session ends clean with every byte the host received and sent, no gap, its findings counted, and
 * nothing of the handoff left on disk. The recorder may hold only 4 KiB in memory
 * (LOUPE_TAP_BACKLOG_BYTES), so the flood goes through the spool.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
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

it('records the whole flood when the host sends SIGTERM while the recorder catches up', async () => {
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
  // A busy machine, which is when a host's SIGTERM finds the recorder behind: a process spinning on
  // each core at the normal priority leaves the recorder's thread (at the lowest) next to no CPU, so
  // it is still far behind when the host has everything, however quick the machine.
  const busy = Array.from({ length: availableParallelism() }, () => spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' }));
  const unbusy = () => busy.forEach((spinning) => spinning.kill('SIGKILL'));
  onTestFinished(unbusy);
  child.stdin.write(sent);
  await stdoutEnded;
  expect(tail).toContain('{"jsonrpc":"2.0","id":2,');
  // The server exits once its stdin closes; the tap removes its pid file (`<config>/run`) then and
  // waits for its recorder, as the SDK's SIGTERM finds it two seconds later.
  await serverExited(path.join(configDir, 'run'));
  // The host has everything; the recorder is still reading the spool back (`<tap file>.backlog`).
  expect(readdirSync(taps).filter((f) => f.endsWith('.backlog'))).toHaveLength(1);
  child.kill('SIGTERM');
  unbusy();
  expect(await ended).toBe('SIGTERM');
  expect(err).toMatch(/the host ended the tap before its recorder caught up: the rest is recorded into session \S+ by a process of its own/);

  // The rest is recorded by the resumer, which outlives the tap: the session reads as recording
  // until it has framed every batch, then ends clean; the handoff's files go once its findings are counted.
  const store = new SessionStore(sessionsDir(configDir));
  // Named the session's writer before the tap ended, it never reads as ended unclean.
  const [recording] = store.list();
  expect(recording.source).toBe('tap');
  expect(recording.state).not.toBe('unclean');
  const sessionDir = path.join(sessionsDir(configDir), recording.id);
  const handoffFiles = () => readdirSync(sessionDir).filter((f) => f.startsWith('handoff'));
  while (handoffFiles().length > 0) await new Promise((r) => setTimeout(r, 50));
  const [listed] = store.list();
  expect(listed.state).toBe('clean');

  // Every byte the host received and sent is in the recording, with no gap; the server's end last.
  const file = readdirSync(taps).filter((f) => f.endsWith('.loupe.ndjson'));
  expect(file).toHaveLength(1);
  const trace = tapRecording(path.join(taps, file[0]));
  const s2c = bytesOf(trace.frames, 's2c');
  const c2s = bytesOf(trace.frames, 'c2s');
  expect(s2c).toEqual({ recorded: received, notRecorded: 0 });
  expect(c2s).toEqual({ recorded: Buffer.byteLength(sent), notRecorded: 0 });
  expect(trace.frames.filter((f) => f.lane === 'message' && f.dir === 's2c' && f.raw.includes('notifications/message'))).toHaveLength(NOTIFICATIONS);
  expect(trace.frames.some((f) => f.truncated)).toBe(false);
  expect(trace.frames.map((f) => f.seq)).toEqual(trace.frames.map((_, i) => i + 1));
  expect(trace.frames.at(-1)).toMatchObject({ lane: 'lifecycle', meta: { event: 'exit' } });
  expect([...store.open(listed.id).frames()]).toEqual(trace.frames);

  // Nothing of the handoff is left: the tap's spool is gone too.
  expect(readdirSync(taps)).toEqual(file);
  // Too long to be judged as it closed (COUNT_UP_TO_FRAMES), its findings are judged on demand, not reported as none.
  const findings = spawnSync(process.execPath, [LOUPE_BIN, 'sessions', listed.id, '--findings', '--json', '--config-dir', configDir], { encoding: 'utf8' });
  expect(findings.status, findings.stderr).toBe(0);
  const judged = JSON.parse(findings.stdout) as { total: number; none?: string };
  expect(judged.none).toBeUndefined();
  expect(new SessionStore(sessionsDir(configDir)).list()[0].findings).toBeDefined();
}, 180_000);
