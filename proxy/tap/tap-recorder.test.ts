/**
 * The stdio tap's recorder: frames are made and written in a worker thread, in the order the
 * tap handed them over; a recorder that falls too far behind is handed the rest through a spool
 * file, and records every frame. Only without a spool does it record a gap (how many bytes of
 * which stream) and keep the cut lines, marked truncated, instead of holding the host up.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../cli/shared/run-cli';
import type { Frame } from '../../lib/mcp/frame';
import { TRACE_FORMAT, TRACE_VERSION } from '../../lib/trace/format';
import { TapFile } from './tap-file';
import { TapFramer } from './tap-framer';
import { TapRecorder } from './tap-recorder';

const header = {
  format: TRACE_FORMAT as typeof TRACE_FORMAT,
  version: TRACE_VERSION as typeof TRACE_VERSION,
  loupeVersion: 't',
  createdAt: new Date().toISOString(),
  target: { transport: 'stdio' as const, framing: 'lines' as const, name: 'x' },
  source: 'tap' as const,
};

function framesOf(file: string): Frame[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l) as Frame);
}

describe('the tap recorder', () => {
  it('notes what it had not framed as gaps when the tap is abandoned with no stored session to hand it on to', async () => {
    const file = new TapFile(tempDir(), 'abandoned.loupe.ndjson', header);
    const recorder = new TapRecorder({ file: file.path });
    recorder.chunk('s2c', 1, Buffer.from('{"jsonrpc":"2.0","method":"ping"}\n'.repeat(100)));
    // Raised before the worker has taken anything: it takes nothing.
    recorder.abandon();
    const outcome = await recorder.close();
    expect(outcome.handedOff).toBeUndefined();
    expect(framesOf(file.path).map((f) => f.raw)).toEqual([
      "3400 bytes of the server's messages were passed on but not recorded: the host ended the tap while its recorder was catching up (the peer got every byte)",
    ]);
  });

  it('frames and writes what the tap handed over, in wire order, off the tap thread', async () => {
    const file = new TapFile(tempDir(), 'a.loupe.ndjson', header);
    const recorder = new TapRecorder({ file: file.path });
    recorder.lifecycle({ transport: 'stdio', event: 'spawn', pid: 1, command: 'x', args: [] }, 'started', 1);
    recorder.chunk('c2s', 2, Buffer.from('{"jsonrpc":"2.0","id":1,'));
    recorder.chunk('c2s', 3, Buffer.from('"method":"ping"}\n'));
    recorder.chunk('stderr', 4, Buffer.from('log line\n'));
    recorder.chunk('s2c', 5, Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}\npartial'));
    recorder.end('s2c', 6);
    expect(await recorder.close()).toEqual({ gapBytes: 0, droppedFrames: 0 });
    const frames = framesOf(file.path);
    expect(frames.map((f) => [f.seq, f.dir, f.lane, f.raw, f.ts])).toEqual([
      [1, 'local', 'lifecycle', 'started', 1],
      [2, 'c2s', 'message', '{"jsonrpc":"2.0","id":1,"method":"ping"}', 3],
      [3, 's2c', 'stderr', 'log line', 4],
      [4, 's2c', 'message', '{"jsonrpc":"2.0","id":1,"result":{}}', 5],
      [5, 's2c', 'message', 'partial', 6],
    ]);
  });

  it("writes a backlog as it comes when it writes synchronously (the worker's file), holding no turn's worth of lines", async () => {
    // A worker's port hands over every waiting batch in one turn: 5 MB of lines here, past a bound of 2 MiB.
    const dir = tempDir();
    const sync = new TapFile(dir, 'sync.loupe.ndjson', header, { sync: true, maxQueuedBytes: 2 * 2 ** 20 });
    const queued = new TapFile(dir, 'queued.loupe.ndjson', header, { maxQueuedBytes: 2 * 2 ** 20 });
    const raw = 'x'.repeat(1000);
    for (let seq = 1; seq <= 5000; seq++) {
      const frame: Frame = { seq, ts: seq, dir: 's2c', lane: 'message', raw, size: 1000 };
      sync.append(frame);
      queued.append(frame);
    }
    // Within the same turn, most of it is on disk already, not in memory.
    expect(framesOf(sync.path).length).toBeGreaterThan(4000);
    await Promise.all([sync.close(), queued.close()]);
    expect(sync.dropped).toBe(0);
    const written = framesOf(sync.path);
    expect(written.map((f) => f.seq)).toEqual(Array.from({ length: 5000 }, (_, i) => i + 1));
    expect(written.every((f) => f.raw === raw && !f.truncated)).toBe(true);
    // The asynchronous file waits for the turn to end with every line queued, so past its bound it drops text.
    expect(queued.dropped).toBeGreaterThan(0);
  });

  it('past its bound it spools the batches to disk, reads them back in order and records every frame', async () => {
    const dir = tempDir();
    const file = new TapFile(dir, 'b.loupe.ndjson', header);
    // A bound of 40 bytes: nearly every batch goes through the spool beside the tap file.
    const recorder = new TapRecorder({ file: file.path }, 40);
    recorder.chunk('s2c', 1, Buffer.from('{"n":1}\n{"n":2,"text":"split by'));
    recorder.chunk('s2c', 2, Buffer.from(' a batch and more"}\n{"n":3}\n'));
    await new Promise((r) => setTimeout(r, 100));
    recorder.lifecycle({ transport: 'stdio', event: 'note' }, 'between', 3);
    recorder.chunk('c2s', 4, Buffer.from('{"n":4}\n'));
    expect(await recorder.close()).toEqual({ gapBytes: 0, droppedFrames: 0 });
    expect(framesOf(file.path).map((f) => [f.lane, f.raw, f.truncated ?? false])).toEqual([
      ['message', '{"n":1}', false],
      ['message', '{"n":2,"text":"split by a batch and more"}', false],
      ['message', '{"n":3}', false],
      ['lifecycle', 'between', false],
      ['message', '{"n":4}', false],
    ]);
    // The spool is gone once everything in it is recorded.
    expect(readdirSync(dir)).toEqual(['b.loupe.ndjson']);
  });

  it('past its bound without a spool (it cannot be created), it records a gap and keeps the cut lines marked truncated', async () => {
    const file = new TapFile(tempDir(), 'b.loupe.ndjson', header);
    // The spool's folder is a file: the spool cannot be created (the tests may run as root, whom a read-only folder does not stop).
    const notAFolder = path.join(tempDir(), 'a-file');
    writeFileSync(notAFolder, '');
    const warnings: string[] = [];
    const recorder = new TapRecorder({ file: file.path, spool: path.join(notAFolder, 'b.backlog') }, 40, undefined, (w) => warnings.push(w));
    recorder.chunk('s2c', 1, Buffer.from('{"n":1}\n{"n":2,"text":"cut by'));
    recorder.chunk('s2c', 2, Buffer.from(' the gap and more"}\n{"n":3}\n'));
    const outcome = await recorder.close();
    expect(outcome.gapBytes).toBe(28);
    expect(warnings).toEqual([expect.stringMatching(/^cannot spool the recording's backlog to .*b\.backlog \(.*ENOTDIR.*noted as a gap, not recorded$/)]);
    const frames = framesOf(file.path);
    expect(frames.map((f) => [f.lane, f.raw, f.truncated ?? false])).toEqual([
      ['message', '{"n":1}', false],
      ['message', '{"n":2,"text":"cut by', true],
      [
        'lifecycle',
        "28 bytes of the server's messages were passed on but not recorded: the recorder fell behind and could not spool them (the peer got every byte)",
        false,
      ],
    ]);
  });

  it('after a gap, the first line it sees again lost its beginning and says so', () => {
    const frames: Frame[] = [];
    const framer = new TapFramer((f) => frames.push(f));
    framer.gap('c2s', 1, 100);
    framer.chunk('c2s', 2, Buffer.from('tail of a line"}\n{"whole":true}\n'));
    expect(frames.map((f) => [f.lane, f.raw, f.truncated ?? false])).toEqual([
      [
        'lifecycle',
        "100 bytes of the host's messages were passed on but not recorded: the recorder fell behind and could not spool them (the peer got every byte)",
        false,
      ],
      ['message', 'tail of a line"}', true],
      ['message', '{"whole":true}', false],
    ]);
  });
});
