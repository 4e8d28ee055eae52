/**
 * A tap's trace file opened as a session: the frames keep the tap's numbering, so the HTTP links
 * (`exchange`, the request frame's seq) the tap wrote still name the right frames in the session.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '../../lib/mcp/frame';
import { TRACE_FORMAT, TRACE_VERSION } from '../../lib/trace/format';
import { tempDir } from '../cli/shared/run-cli';
import { Registry } from '../sessions/registry';
import { waitFor } from '../sessions/test-support';
import { tapsDir } from './tap-file';
import { TapFileSource } from './tap-file-source';
import { TapWatcher } from './tap-watcher';

const url = 'http://tapped.invalid/mcp';
const header = {
  format: TRACE_FORMAT,
  version: TRACE_VERSION,
  loupeVersion: 't',
  createdAt: new Date().toISOString(),
  target: { transport: 'http', framing: 'messages', name: 'remote', url },
  source: 'tap',
  tap: { pid: process.pid },
};
const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
const pong = '{"jsonrpc":"2.0","id":1,"result":{}}';

/** What an HTTP tap writes for one ping, its request frame at `at`. */
function exchange(at: number): Frame[] {
  const link = { transport: 'http' as const, exchange: at, stream: 'post' as const };
  return [
    {
      seq: at,
      ts: at,
      dir: 'c2s',
      lane: 'http',
      raw: 'POST /mcp HTTP/1.1\r\n\r\n',
      size: 20,
      meta: { transport: 'http', phase: 'request', stream: 'post', method: 'POST', url, headers: [], bodyBytes: ping.length },
    },
    { seq: at + 1, ts: at + 1, dir: 'c2s', lane: 'message', raw: ping, size: ping.length, meta: link },
    {
      seq: at + 2,
      ts: at + 2,
      dir: 's2c',
      lane: 'http',
      raw: 'HTTP/1.1 200 OK\r\n\r\n',
      size: 19,
      meta: { ...link, phase: 'response', status: 200, statusText: 'OK', headers: [], contentType: 'application/json', sentAt: at, headersAt: at + 2 },
    },
    { seq: at + 3, ts: at + 3, dir: 's2c', lane: 'message', raw: pong, size: pong.length, meta: link },
    { seq: at + 4, ts: at + 4, dir: 's2c', lane: 'http', raw: '', size: 0, meta: { ...link, phase: 'end', sentAt: at, doneAt: at + 4 } },
  ] as Frame[];
}
const lifecycle = (seq: number, event: 'connect' | 'disconnect'): Frame => ({
  seq,
  ts: seq,
  dir: 'local',
  lane: 'lifecycle',
  raw: event,
  size: 0,
  meta: { transport: 'http', event, url },
});

/** The request frame each linked frame names, by its raw text's first word. */
function linked(frames: readonly Frame[]): string[] {
  const bySeq = new Map(frames.map((f) => [f.seq, f]));
  return frames.flatMap((f) => (f.meta && 'exchange' in f.meta && f.meta.exchange ? [`${f.seq}->${bySeq.get(f.meta.exchange)?.raw.split(' ')[0]}`] : []));
}

let registry: Registry | undefined;
let watcher: TapWatcher | undefined;
afterEach(async () => {
  await watcher?.close();
  await registry?.closeAll();
});

async function openTapFile(frames: Frame[]) {
  const configDir = tempDir();
  mkdirSync(tapsDir(configDir), { recursive: true });
  const name = 'remote.loupe.ndjson';
  writeFileSync(path.join(tapsDir(configDir), name), [header, ...frames].map((l) => JSON.stringify(l) + '\n').join(''));
  registry = new Registry();
  watcher = new TapWatcher(configDir, registry, 60_000);
  const session = registry.get(await watcher.open(name))!;
  await waitFor(() => session.summary().status === 'closed', 10_000, 'the tapped session to end');
  return session;
}

describe("a tap's trace file as a session", () => {
  it("keeps the tap's seqs and meta, so every link names its request frame", async () => {
    const frames = [lifecycle(1, 'connect'), ...exchange(2), ...exchange(7), lifecycle(12, 'disconnect')];
    const session = await openTapFile(frames);
    expect(session.frames()).toEqual(frames);
    expect(linked(session.frames())).toEqual(['3->POST', '4->POST', '5->POST', '6->POST', '8->POST', '9->POST', '10->POST', '11->POST']);
    expect(session.summary()).toMatchObject({ source: 'tap', client: false, lastSeq: 12 });
  });

  it('keeps the links of a file that lacks its first frame (written by an older HTTP tap) pointing at the right frames', async () => {
    const session = await openTapFile([...exchange(2), ...exchange(7), lifecycle(12, 'disconnect')]);
    expect(session.frames().map((f) => f.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(linked(session.frames())).toEqual(['2->POST', '3->POST', '4->POST', '5->POST', '7->POST', '8->POST', '9->POST', '10->POST']);
  });

  it('only reads: it has no send', () => {
    expect('send' in new TapFileSource('/nowhere.loupe.ndjson')).toBe(false);
  });
});
