/**
 * A tap writes its frames once, to its stored session, and its tap file holds only the header that
 * names it: the dashboard follows that session live, across segments, to the tap's end, whether
 * the tap closes it, dies mid-line, or ends with the server's exit.
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '../../lib/mcp/frame';
import { TRACE_FORMAT, TRACE_VERSION, type TraceHeader } from '../../lib/trace/format';
import { runCli, tempDir } from '../cli/shared/run-cli';
import { Registry } from '../sessions/registry';
import { waitFor } from '../sessions/test-support';
import { SESSION_FILE, sessionsDir, type StoredMeta } from '../store/layout';
import { SessionStore } from '../store/store';
import type { SessionWriter } from '../store/writer';
import { tapsDir } from './tap-file';
import { TapWatcher } from './tap-watcher';

const header: TraceHeader = {
  format: TRACE_FORMAT,
  version: TRACE_VERSION,
  loupeVersion: 't',
  createdAt: '2026-12-07T06:00:00.000Z',
  startedAt: '2026-12-07T06:00:00.000Z',
  target: { transport: 'stdio', framing: 'lines', name: 'flood', command: 'node', args: ['flood.mjs'] },
  source: 'tap',
};
const line = (seq: number, text: string): Frame => ({
  seq,
  ts: seq * 10,
  dir: seq % 2 ? 'c2s' : 's2c',
  lane: 'message',
  raw: text,
  size: text.length,
  meta: { transport: 'stdio' },
});
const ping = (seq: number) => line(seq, `{"jsonrpc":"2.0","id":${seq},"method":"ping","params":{"pad":"${'x'.repeat(200)}"}}`);
const exit = (seq: number): Frame => ({
  seq,
  ts: seq * 10,
  dir: 'local',
  lane: 'lifecycle',
  raw: 'the server process exited with code 0',
  size: 0,
  meta: { transport: 'stdio', event: 'exit', code: 0 },
});

let registry: Registry | undefined;
let watcher: TapWatcher | undefined;
afterEach(async () => {
  await watcher?.close();
  await registry?.closeAll();
});

/** A tap as its recorder starts one: the stored session (small segments, so a few frames span several), then the tap file naming it. */
function startTap(pid = process.pid): { configDir: string; writer: SessionWriter; file: string } {
  const configDir = tempDir();
  const store = new SessionStore(sessionsDir(configDir), undefined, undefined, 2048);
  const writer = store.create({ source: 'tap', header, startedAt: Date.parse(header.startedAt!) });
  mkdirSync(tapsDir(configDir), { recursive: true });
  const file = 'flood.loupe.ndjson';
  writeFileSync(path.join(tapsDir(configDir), file), JSON.stringify({ ...header, tap: { pid, stored: writer.id } }) + '\n');
  return { configDir, writer, file };
}

async function follow(configDir: string, file: string) {
  registry = new Registry();
  watcher = new TapWatcher(configDir, registry, 60_000, new SessionStore(sessionsDir(configDir)));
  return registry.get(await watcher.open(file))!;
}

describe("a tap's stored session, followed", () => {
  it('hands on frames as the recorder writes them, across segments, and ends with the server', async () => {
    const { configDir, writer, file } = startTap();
    const first = Array.from({ length: 20 }, (_, i) => ping(i + 1));
    first.forEach((f) => writer.append(f));
    writer.flush();
    const session = await follow(configDir, file);
    await waitFor(() => session.frames().length === 20, 10_000, 'the frames written before the dashboard looked');
    const more = [...Array.from({ length: 30 }, (_, i) => ping(i + 21)), exit(51)];
    more.forEach((f) => writer.append(f));
    writer.flush();
    expect(readdirSync(writer.dir).filter((n) => n.startsWith('seg-')).length).toBeGreaterThan(2);
    await waitFor(() => session.summary().status === 'closed', 10_000, 'the followed tap to end with its server');
    expect(session.frames()).toEqual([...first, ...more]);
    // The list gives the size of what is stored, not of the small tap file.
    const [listed] = await watcher!.list();
    expect(listed.bytes).toBe(
      readdirSync(writer.dir)
        .filter((n) => n.startsWith('seg-'))
        .reduce((n, s) => n + statSync(path.join(writer.dir, s)).size, 0),
    );
    writer.close();
  });

  it('ends when the tap closes its session without an exit frame (an HTTP tap stopped from the dashboard)', async () => {
    const { configDir, writer, file } = startTap();
    const session = await follow(configDir, file);
    [ping(1), ping(2)].forEach((f) => writer.append(f));
    writer.close();
    await waitFor(() => session.summary().status === 'closed', 10_000, 'the followed tap to end');
    expect(session.frames().map((f) => f.seq)).toEqual([1, 2]);
  });

  it('keeps every whole frame of a tap killed mid-line, and ends when its process is gone', async () => {
    const { configDir, writer, file } = startTap();
    [ping(1), ping(2), ping(3)].forEach((f) => writer.append(f));
    writer.flush();
    // The writer died: its pid answers no signal, and half a line ends its segment.
    const meta = path.join(writer.dir, SESSION_FILE);
    const dead = { ...(JSON.parse(readFileSync(meta, 'utf8')) as StoredMeta), writerPid: 2 ** 22 + 12345 };
    writeFileSync(meta, JSON.stringify(dead));
    const segments = readdirSync(writer.dir)
      .filter((n) => n.startsWith('seg-'))
      .sort();
    appendFileSync(path.join(writer.dir, segments.at(-1)!), '[5,"c2s",{"jsonrpc":"2.0","id":4');
    const session = await follow(configDir, file);
    await waitFor(() => session.summary().status === 'closed', 10_000, 'the followed tap to end');
    expect(session.frames().map((f) => f.seq)).toEqual([1, 2, 3]);
    expect(session.frames().slice(0, 3)).toEqual([ping(1), ping(2), ping(3)]);
  });

  it('lists an ended tap whose recording another process still finishes as finishing, until it closes the session', async () => {
    // The tap's process is gone; the session's writer (here, this process) still writes it.
    const { configDir, writer, file } = startTap(2 ** 22 + 12345);
    [ping(1), ping(2)].forEach((f) => writer.append(f));
    writer.flush();
    registry = new Registry();
    watcher = new TapWatcher(configDir, registry, 60_000, new SessionStore(sessionsDir(configDir)));
    expect(await watcher.list()).toMatchObject([{ file, running: false, finishing: true }]);
    writer.close();
    const [ended] = await watcher.list();
    expect(ended.running).toBe(false);
    expect(ended.finishing).toBeUndefined();
  });

  it('says what is missing when the session a tap file names is gone', async () => {
    // A tap in another process that still runs.
    const { configDir, writer, file } = startTap(process.ppid);
    writer.close();
    rmSync(writer.dir, { recursive: true });
    registry = new Registry();
    watcher = new TapWatcher(configDir, registry, 60_000);
    const session = registry.get(await watcher.open(file))!;
    await waitFor(() => session.summary().status === 'failed', 10_000, 'the session to fail');
    expect(session.summary().error).toMatch(/the tap's stored session .* is missing \(it was deleted/);
    // Not listed: it would not open. Its file goes once its tap has ended.
    expect(await watcher.list()).toEqual([]);
    expect(existsSync(path.join(tapsDir(configDir), file))).toBe(true);
    const ended = startTap(2 ** 22 + 12345);
    ended.writer.close();
    rmSync(ended.writer.dir, { recursive: true });
    expect(await new TapWatcher(ended.configDir, new Registry(), 60_000).list()).toEqual([]);
    expect(existsSync(path.join(tapsDir(ended.configDir), ended.file))).toBe(false);
  });

  it('`loupe check` and `loupe export` read a tap file as the whole trace it stands for', async () => {
    const { configDir, writer, file } = startTap();
    const frames = [...Array.from({ length: 30 }, (_, i) => ping(i + 1)), exit(31)];
    frames.forEach((f) => writer.append(f));
    writer.close();
    const tapFile = path.join(tapsDir(configDir), file);
    const checked = await runCli(['check', tapFile, '--format', 'json']);
    expect(checked.stderr).toBe('');
    expect(JSON.parse(checked.stdout)).toMatchObject({ frames: 31 });
    const out = path.join(tempDir(), 'out.loupe.ndjson');
    expect((await runCli(['export', tapFile, '--out', out, '--no-redact'])).code).toBe(0);
    const exported = readFileSync(out, 'utf8').trim().split('\n');
    expect(exported.slice(1).map((l) => JSON.parse(l) as Frame)).toEqual(frames);
    expect(JSON.parse(exported[0])).toMatchObject({ target: { name: 'flood' } });
    expect(exported[0]).not.toContain(writer.id);
    // A session removed from under its tap file is refused with the reason.
    rmSync(writer.dir, { recursive: true });
    const refused = await runCli(['check', tapFile]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/is a tap's header, and the session holding its frames cannot be read/);
  });
});
