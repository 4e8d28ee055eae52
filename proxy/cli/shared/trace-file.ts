/**
 * Reads and writes trace files for the CLI through lib/trace's streaming reader and writer: the
 * same format the page exports and opens.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { Frame } from '../../../lib/mcp/frame';
import { readTraceBatches, readTraceStream, traceLines, TraceError, type Trace, type TraceBatchSink, type TraceHeader } from '../../../lib/trace';

/** A file that cannot be used, with a message that names it. */
export class TraceFileError extends Error {
  override name = 'TraceFileError';
}

/** Refuses a missing file or one the trace module refuses with a TraceFileError naming the file. */
export async function readTraceFile(file: string): Promise<Trace> {
  const stream = createReadStream(file);
  try {
    await once(stream, 'open');
  } catch (e) {
    throw new TraceFileError(`cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  try {
    return await readTraceStream(Readable.toWeb(stream) as ReadableStream<Uint8Array>);
  } catch (e) {
    if (e instanceof TraceError) throw new TraceFileError(`${file} is not a trace Loupe can read: ${e.message}`);
    throw e;
  } finally {
    stream.destroy();
  }
}

/** How much of the file is read at a time: big enough that a chunk's frames make a batch worth
 *  handing on, small enough to stay a rounding error in memory. */
const CHUNK_BYTES = 1 << 20;

/**
 * Reads a trace of any length, handing its frames to `sink` a batch at a time and keeping none:
 * `loupe check FILE`. Refuses a file as `readTraceFile` does; only a line has a length limit.
 * Returns the 1-based line of each frame whose line is not seq + 1.
 */
export async function streamTraceFile(file: string, sink: TraceBatchSink): Promise<{ lineOf: Map<number, number>; frames: number }> {
  const stream = createReadStream(file, { highWaterMark: CHUNK_BYTES });
  try {
    await once(stream, 'open');
  } catch (e) {
    throw new TraceFileError(`cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  try {
    const reader = await readTraceBatches(stream, sink);
    return { lineOf: reader.lineExceptions, frames: reader.framesRead };
  } catch (e) {
    if (e instanceof TraceError) throw new TraceFileError(`${file} is not a trace Loupe can read: ${e.message}`);
    throw e;
  } finally {
    stream.destroy();
  }
}

/** Writes line by line, so a large trace never sits in memory as one string. */
export async function writeTraceFile(file: string, header: TraceHeader, frames: Iterable<Frame>): Promise<void> {
  const out = createWriteStream(file);
  for (const line of traceLines(header, frames)) {
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
