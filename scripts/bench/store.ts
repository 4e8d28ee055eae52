/**
 * How fast the session store writes, and how big a session is on disk beside the bytes that
 * crossed the wire: a flood of small log notifications (the most frames per byte a server sends),
 * appended through the store's writer as the proxy's recorder does, then read back.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import { TRACE_FORMAT, TRACE_VERSION, type TraceHeader } from '../../lib/trace/format';
import { segmentNumber } from '../../proxy/store/layout';
import { searchStored } from '../../proxy/store/search';
import { SessionStore } from '../../proxy/store/store';
import { summarize } from './stats';

export interface StoreFigure {
  frames: number;
  /** Bytes that crossed the wire: each line and its `\n`. */
  wireBytes: number;
  /** Bytes of the segment files, and of the whole folder (index and header included). */
  segmentBytes: number;
  folderBytes: number;
  /** The same frames as trace-format lines, for comparison. */
  traceBytes: number;
  writeSeconds: number;
  framesPerSecond: number;
  readSeconds: number;
  readFramesPerSecond: number;
  /** A text held by one frame in the middle, searched for across every frame on disk. */
  searchSeconds: number;
  /** The first 1,000 frames of a text most frames hold (the page's first screen of a search). */
  searchFirstPageSeconds: number;
  /** The median time to read one frame at a random seq through the index (a jump). */
  jumpMedianMs: number;
}

function logFrame(seq: number, ts: number): Frame {
  const raw = `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"flood","data":"log line ${seq}"}}`;
  return { seq, ts, dir: 's2c', lane: 'message', raw, size: Buffer.byteLength(raw) + 1, meta: { transport: 'stdio' } };
}

const seconds = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e9;

export function storeThroughput(frames: number): StoreFigure {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-store-'));
  try {
    const store = new SessionStore(dir);
    const header: TraceHeader = {
      format: TRACE_FORMAT,
      version: TRACE_VERSION,
      loupeVersion: 'bench',
      createdAt: new Date(0).toISOString(),
      target: { transport: 'stdio', framing: 'lines', name: 'flood', command: 'node', args: ['flood.mjs'] },
      source: 'live',
    };
    let wireBytes = 0;
    let traceBytes = 0;
    const t0 = process.hrtime.bigint();
    const writer = store.create({ source: 'launched', header, startedAt: Date.now() });
    const planted = Math.max(1, Math.round(frames * 0.61));
    // A few microseconds apart, as a flood's lines are stamped.
    for (let seq = 1; seq <= frames; seq++) {
      const f =
        seq === planted ? { ...logFrame(seq, seq * 3), raw: logFrame(seq, seq * 3).raw.replace('log line', 'Needle-7f3a line') } : logFrame(seq, seq * 3);
      wireBytes += f.size;
      writer.append(f);
    }
    writer.close();
    const writeSeconds = seconds(t0);
    for (let seq = 1; seq <= Math.min(frames, 10_000); seq++) traceBytes += Buffer.byteLength(JSON.stringify(logFrame(seq, seq * 3))) + 1;
    traceBytes = (traceBytes / Math.min(frames, 10_000)) * frames;
    const folder = writer.dir;
    const sizes = readdirSync(folder).map((name) => ({ name, bytes: statSync(path.join(folder, name)).size }));
    const t1 = process.hrtime.bigint();
    let read = 0;
    for (const _ of store.open(writer.id).frames()) read++;
    const readSeconds = seconds(t1);
    if (read !== frames) throw new Error(`the store gave back ${read} frames of ${frames}`);
    const session = store.open(writer.id);
    const t2 = process.hrtime.bigint();
    const found = searchStored(session, { text: 'needle-7F3A' });
    const searchSeconds = seconds(t2);
    if (found.frames.length !== 1 || found.frames[0].seq !== planted)
      throw new Error(`the search found ${found.frames.map((f) => f.seq).join(', ')}, not ${planted}`);
    const t3 = process.hrtime.bigint();
    searchStored(session, { text: 'log line', limit: 1000 });
    const searchFirstPageSeconds = seconds(t3);
    const jumps: number[] = [];
    for (let i = 0; i < 21; i++) {
      const seq = 1 + Math.floor(Math.random() * frames);
      const t4 = process.hrtime.bigint();
      if (session.frameAt(seq)?.seq !== seq) throw new Error(`no frame ${seq} read back`);
      jumps.push(seconds(t4) * 1000);
    }
    return {
      frames,
      wireBytes,
      segmentBytes: sizes.filter((s) => segmentNumber(s.name) !== undefined).reduce((n, s) => n + s.bytes, 0),
      folderBytes: sizes.reduce((n, s) => n + s.bytes, 0),
      traceBytes: Math.round(traceBytes),
      writeSeconds,
      framesPerSecond: frames / writeSeconds,
      readSeconds,
      readFramesPerSecond: frames / readSeconds,
      searchSeconds,
      searchFirstPageSeconds,
      jumpMedianMs: summarize(jumps).median,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = storeThroughput(Number(process.argv[2] ?? 1_000_000));
  console.log(JSON.stringify(f, null, 2));
  console.log(`disk/wire ${(f.folderBytes / f.wireBytes).toFixed(3)}, trace/wire ${(f.traceBytes / f.wireBytes).toFixed(3)}`);
  console.log(`search ${f.searchSeconds.toFixed(2)} s, first page ${f.searchFirstPageSeconds.toFixed(3)} s, jump median ${f.jumpMedianMs.toFixed(2)} ms`);
}
