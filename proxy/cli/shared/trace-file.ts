/**
 * Reads and writes trace files for the CLI with the trace module (lib/trace): the same format the
 * page exports and opens.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Frame } from '../../../lib/mcp/frame';
import { readTraceStream, traceLines, type Trace, type TraceHeader } from '../../../lib/trace';

/** Streams the lines out, so a long session is never one giant string. */
export async function writeTraceFile(file: string, header: TraceHeader, frames: readonly Frame[]): Promise<void> {
  const out = createWriteStream(file);
  for (const line of traceLines(header, frames)) {
    if (!out.write(line)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  out.end();
  await finished(out);
}

/** Throws the trace module's TraceError (with a line number) for a file it refuses. */
export async function readTraceFile(file: string): Promise<Trace> {
  const stream = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return readTraceStream(stream);
}
