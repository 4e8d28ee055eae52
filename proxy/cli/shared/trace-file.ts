/**
 * Reads and writes trace files for the CLI through lib/trace's streaming reader and writer: the
 * same format the page exports and opens. A tap's file that holds only its header is read as the
 * trace it stands for, its frames from the stored session it names (proxy/tap/tap-trace.ts).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { Frame } from '../../../lib/mcp/frame';
import { isAscii, isUtf8 } from 'node:buffer';
import {
  readTraceStream,
  traceLines,
  TraceBatchReader,
  TraceError,
  type FrameLines,
  type Trace,
  type TraceBatchSink,
  type TraceHeader,
} from '../../../lib/trace';
import { DEFAULT_LIMITS } from '../../../lib/trace/reader';
import { StoreError } from '../../store/reader';
import { tapEntryFrames, tapEntryOf, type TapEntry } from '../../tap/tap-trace';

/** A file that cannot be used, with a message that names it. */
export class TraceFileError extends Error {
  override name = 'TraceFileError';
}

/** Reads a whole file into memory, within the whole-file reader's limits (512 MiB, 2,000,000
 *  frames): what must hold one (`loupe diff`, `export`, `replay`). Refuses a missing file or one the
 *  trace module refuses with a TraceFileError naming the file. */
export async function readTraceFile(file: string): Promise<Trace> {
  const entry = tapEntryOf(file);
  if (entry) return { header: entry.header, frames: wholeStoredFrames(file, entry) };
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

/** How much of the file is read at a time. A chunk's text is one string: at 1 MiB each was a new
 *  large object, and decoding them took a tenth of a check's CPU, at 64 KiB a hundredth; a chunk's
 *  few hundred frames are still a batch worth handing on. */
const CHUNK_BYTES = 1 << 16;

/**
 * Reads a trace of any length, handing its frames to `sink` a batch at a time and keeping none:
 * `loupe check FILE`. Refuses a file as `readTraceFile` does; only a line has a length limit.
 * Returns where each frame sits in the file.
 */
export async function streamTraceFile(file: string, sink: TraceBatchSink): Promise<{ lines: FrameLines; frames: number }> {
  const entry = tapEntryOf(file);
  if (entry) return streamTapEntry(file, entry, sink);
  const stream = createReadStream(file, { highWaterMark: CHUNK_BYTES });
  try {
    await once(stream, 'open');
  } catch (e) {
    throw new TraceFileError(`cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  try {
    const reader = new TraceBatchReader(sink);
    let carry: Buffer | undefined;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
      const end = wholeCharacters(bytes);
      carry = end < bytes.length ? bytes.subarray(end) : undefined;
      const text = bytes.subarray(0, end);
      // Validated and decoded natively: a TextDecoder costs several times more on a long trace.
      // ASCII text (most of any trace) is valid UTF-8 and is copied as Latin-1: the same string,
      // for less work, and no second scan.
      if (isAscii(text)) reader.push(text.toString('latin1'));
      else if (isUtf8(text)) reader.push(text.toString('utf8'));
      else throw notUtf8(reader);
    }
    if (carry) throw notUtf8(reader);
    reader.end();
    return { lines: reader.lines, frames: reader.framesRead };
  } catch (e) {
    if (e instanceof TraceError) throw new TraceFileError(`${file} is not a trace Loupe can read: ${e.message}`);
    throw e;
  } finally {
    stream.destroy();
  }
}

/**
 * A tap file that names its stored session, read as the trace it stands for: the session's frames
 * go through the same reader as a file's lines, so `loupe check` judges and numbers them alike.
 */
function streamTapEntry(file: string, entry: TapEntry, sink: TraceBatchSink): { lines: FrameLines; frames: number } {
  const reader = new TraceBatchReader(sink);
  try {
    let chunk = '';
    for (const line of traceLines(entry.header, storedFrames(file, entry))) {
      chunk += line;
      if (chunk.length >= CHUNK_BYTES) {
        reader.push(chunk);
        chunk = '';
      }
    }
    reader.push(chunk);
    reader.end();
  } catch (e) {
    if (e instanceof TraceError) throw new TraceFileError(`${file} is not a trace Loupe can read: ${e.message}`);
    throw e;
  }
  return { lines: reader.lines, frames: reader.framesRead };
}

/** Every frame of a tap's stored session, within the whole-file reader's frame limit. */
function wholeStoredFrames(file: string, entry: TapEntry): Frame[] {
  const frames: Frame[] = [];
  for (const f of storedFrames(file, entry)) {
    if (frames.length === DEFAULT_LIMITS.maxFrames) {
      throw new TraceFileError(
        `${file} is a tap of more than ${DEFAULT_LIMITS.maxFrames} frames, more than this command holds at once: \`loupe check\` reads it whole`,
      );
    }
    frames.push(f);
  }
  return frames;
}

/** The frames of a tap's stored session; a session that is gone or broken is refused, naming both. */
function* storedFrames(file: string, entry: TapEntry): Generator<Frame> {
  try {
    yield* tapEntryFrames(entry);
  } catch (e) {
    if (e instanceof StoreError) throw new TraceFileError(`${file} is a tap's header, and the session holding its frames cannot be read: ${e.message}`);
    throw e;
  }
}

const notUtf8 = (reader: TraceBatchReader) => new TraceError(0, `the file is not valid UTF-8 (after ${reader.framesRead} frames)`);

/** How many leading bytes hold whole UTF-8 characters: a character cut at the chunk's end waits
 *  for the next chunk. */
function wholeCharacters(bytes: Buffer): number {
  for (let i = bytes.length - 1, back = 1; i >= 0 && back <= 4; i--, back++) {
    const b = bytes[i];
    if ((b & 0xc0) === 0x80) continue;
    const size = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return size > back ? i : bytes.length;
  }
  return bytes.length;
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
