/**
 * stderr is a log, not a protocol: a read that brings many lines at once (a server logging
 * faster than Loupe reads) is recorded as one frame rather than one per line. One frame per `x\n`
 * made a 400 MB flood of them 200 million frame objects, several GiB of heap, and splitting and
 * decoding each line alone took most of the proxy's time; a 64 KiB read is now one decode and one
 * frame. A read of a few lines (a message and its stack trace, a banner) keeps one frame per
 * line, as people read a log.
 */
import { LineSplitter, type Line } from '../../lib/mcp/framing';

/** A read with at least this many complete lines is coalesced... */
export const COALESCE_FROM_LINES = 32;
/** ...and so is a read of long lines that holds this many bytes of them: a pipe read is 8 KiB
 *  or so while the server outpaces Loupe, which is only eight 1 KiB lines. */
export const COALESCE_FROM_BYTES = 4096;
/** Fewer lines than this are never coalesced, however long: a message and its stack trace. */
const NEVER_BELOW_LINES = 4;

/** A stderr line, or `lines` of them read together (see StdioLineMeta). */
export interface StderrRun extends Line {
  lines?: number;
}

const LF = 0x0a;
const CR = 0x0d;
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Splits stderr like LineSplitter, but the complete lines of a read after its first one, when
 * there are many, become one run: `raw` is their exact text without the final line ending (inner
 * `\n` and `\r\n` kept as they crossed), `size` their bytes without the final `\n` (a final `\r`
 * counts, and `crlf` says it was there), so `size + 1` summed over the frames is still every byte
 * read. The first line of a read may finish one begun in an earlier read and goes through the
 * splitter alone, as does a run that is not valid UTF-8 (its lines then keep their exact bytes).
 */
export class StderrLines {
  private readonly splitter: LineSplitter;

  constructor(private readonly maxLineBytes: number) {
    this.splitter = new LineSplitter(maxLineBytes);
  }

  push(chunk: Uint8Array): StderrRun[] {
    const first = chunk.indexOf(LF);
    const last = chunk.lastIndexOf(LF);
    const lines = first === -1 ? 0 : countLines(chunk, first, last);
    const many = lines >= COALESCE_FROM_LINES || (lines >= NEVER_BELOW_LINES && last - first >= COALESCE_FROM_BYTES);
    if (!many || last - first > this.maxLineBytes) return this.splitter.push(chunk);
    const out: StderrRun[] = this.splitter.push(chunk.subarray(0, first + 1));
    const span = chunk.subarray(first + 1, last);
    const crlf = span[span.length - 1] === CR;
    let raw: string;
    try {
      raw = strict.decode(crlf ? span.subarray(0, span.length - 1) : span);
    } catch {
      return [...out, ...this.splitter.push(chunk.subarray(first + 1))];
    }
    const run: StderrRun = { raw, size: span.length, lines };
    if (crlf) run.crlf = true;
    out.push(run);
    this.splitter.push(chunk.subarray(last + 1)); // the start of a line: nothing comes out yet
    return out;
  }

  end(): Line[] {
    return this.splitter.end();
  }
}

/** How many lines end between the newlines at `first` and `last` (the one at `first` excluded). */
function countLines(chunk: Uint8Array, first: number, last: number): number {
  let n = 0;
  for (let i = chunk.indexOf(LF, first + 1); i !== -1 && i <= last; i = chunk.indexOf(LF, i + 1)) n++;
  return n;
}
