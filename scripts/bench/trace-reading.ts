/**
 * How fast a trace file is read, by the two paths that read one: the CLI's (a file on disk through
 * a Node stream, as `loupe check` and `loupe replay` open it) and the page's (the same stream
 * reader over a File's chunks, as a dropped or picked file is opened). Two shapes of about the
 * same size: a trace of ordinary frames, and one whose single frame is a single line as long as
 * the file, which is what made reading quadratic when each chunk was searched from the start of
 * the line. Prints MB/s per read.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import { readTraceStream, traceLines, type TraceHeader } from '../../lib/trace';
import { TRACE_FORMAT, TRACE_VERSION } from '../../lib/trace/format';
import { readTraceFile } from '../../proxy/cli/shared/trace-file';

export interface TraceReadingFigure {
  name: string;
  bytes: number;
  frames: number;
  seconds: number;
  mbPerSecond: number;
}

const HEADER: TraceHeader = {
  format: TRACE_FORMAT,
  version: TRACE_VERSION,
  loupeVersion: 'bench',
  createdAt: new Date(0).toISOString(),
  target: { transport: 'stdio', framing: 'lines', name: 'bench', command: 'node', args: [] },
  source: 'live',
};

function frame(seq: number, raw: string): Frame {
  return { seq, ts: seq, dir: seq % 2 ? 'c2s' : 's2c', lane: 'message', raw, size: raw.length, meta: { transport: 'stdio' } };
}

/** One response whose text fills the file: one line of about `bytes` characters. */
function singleLine(bytes: number): string {
  const raw = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'x'.repeat(bytes) }] } });
  return [...traceLines(HEADER, [frame(1, raw)])].join('');
}

/** Tool calls and their results of about 1 KB each, to about `bytes` characters in all. */
function manyLines(bytes: number): string {
  const text = 'y'.repeat(900);
  const frames: Frame[] = [];
  for (let seq = 1; frames.length * 1000 < bytes; seq++) {
    const id = seq >> 1;
    frames.push(
      frame(
        seq,
        JSON.stringify(
          seq % 2
            ? { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { text } } }
            : { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } },
        ),
      ),
    );
  }
  return [...traceLines(HEADER, frames)].join('');
}

/** The page reads what the browser hands over: Chromium gives a picked File in chunks of up to
 *  2 MiB and a fetched body (a `?trace=` URL) in smaller ones, so chunks of 64 KiB stand for the
 *  page at its most demanding. (Node's File hands its bytes over whole, which would hide what a
 *  long line costs.) */
const PAGE_CHUNK = 64 * 1024;

function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.subarray(at, at + size));
      at += size;
    },
  });
}

async function timed(name: string, bytes: number, read: () => Promise<{ frames: readonly Frame[] }>): Promise<TraceReadingFigure> {
  const t0 = process.hrtime.bigint();
  const trace = await read();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return { name, bytes, frames: trace.frames.length, seconds, mbPerSecond: bytes / 1e6 / seconds };
}

export async function traceReadingThroughput(bytes: number): Promise<TraceReadingFigure[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-read-'));
  const out: TraceReadingFigure[] = [];
  try {
    for (const [shape, text] of [
      ['one line', singleLine(bytes)],
      ['1 KB frames', manyLines(bytes)],
    ] as const) {
      const file = path.join(dir, `${shape.replace(/\W+/g, '-')}.loupe.ndjson`);
      writeFileSync(file, text);
      const bytes = new TextEncoder().encode(text);
      out.push(await timed(`${shape}, the CLI's file reader`, bytes.length, () => readTraceFile(file)));
      out.push(await timed(`${shape}, the page's stream reader`, bytes.length, () => readTraceStream(chunked(bytes, PAGE_CHUNK))));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bytes = Number(process.argv[2] ?? 30_000_000);
  for (const f of await traceReadingThroughput(bytes))
    console.log(`${f.name.padEnd(36)} ${(f.bytes / 1e6).toFixed(2)} MB  ${f.seconds.toFixed(3)} s  ${f.mbPerSecond.toFixed(1)} MB/s`);
}
