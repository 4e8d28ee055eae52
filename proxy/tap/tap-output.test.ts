/**
 * Where a tap's frames go: once, to the stored session its tap file names; to the tap file itself
 * when the session cannot be stored, so a tap records whatever the store's state.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Frame } from '../../lib/mcp/frame';
import { TRACE_FORMAT, TRACE_VERSION, type TraceHeader } from '../../lib/trace/format';
import { readTraceText } from '../../lib/trace/reader';
import { tempDir } from '../cli/shared/run-cli';
import { sessionsDir } from '../store/layout';
import { SessionStore } from '../store/store';
import { tapsDir } from './tap-file';
import { openTapOutput } from './tap-output';

const header: TraceHeader & { tap: { pid: number } } = {
  format: TRACE_FORMAT,
  version: TRACE_VERSION,
  loupeVersion: 't',
  createdAt: '2026-12-07T06:00:00.000Z',
  startedAt: '2026-12-07T06:00:00.000Z',
  target: { transport: 'stdio', framing: 'lines', name: 'srv', command: 'node', args: [] },
  source: 'tap',
  tap: { pid: process.pid },
};
const frames: Frame[] = [1, 2, 3].map((seq) => ({
  seq,
  ts: seq,
  dir: 'c2s',
  lane: 'message',
  raw: `{"jsonrpc":"2.0","id":${seq},"method":"ping"}`,
  size: 40,
  meta: { transport: 'stdio' },
}));

function output(configDir: string, warn: (t: string) => void = () => {}) {
  return openTapOutput({
    file: path.join(tapsDir(configDir), 'srv.loupe.ndjson'),
    storeDir: sessionsDir(configDir),
    header,
    startedAt: Date.parse(header.startedAt!),
    secrets: [],
    warn,
  });
}

it('stores the frames once: the tap file is its header, naming the stored session', async () => {
  const configDir = tempDir();
  const out = output(configDir);
  frames.forEach((f) => out.append(f));
  await out.close();
  const file = readTraceText(readFileSync(out.file.path, 'utf8'));
  expect(file.frames).toEqual([]);
  expect(file.header).toMatchObject({ tap: { pid: process.pid, stored: out.stored!.id } });
  expect([...new SessionStore(sessionsDir(configDir)).open(out.stored!.id).frames()]).toEqual(frames);
});

it('writes the frames to the tap file when the session cannot be stored, and says so', async () => {
  const configDir = tempDir();
  // The sessions folder's place is taken by a file.
  writeFileSync(sessionsDir(configDir), 'not a folder');
  const warnings: string[] = [];
  const out = output(configDir, (t) => warnings.push(t));
  expect(out.stored).toBeUndefined();
  frames.forEach((f) => out.append(f));
  await out.close();
  expect(warnings.join('\n')).toMatch(/this session is not stored .* its frames go to its tap file instead/);
  const file = readTraceText(readFileSync(out.file.path, 'utf8'));
  expect((file.header as typeof header).tap).toEqual({ pid: process.pid });
  expect(file.frames).toEqual(frames);
});
