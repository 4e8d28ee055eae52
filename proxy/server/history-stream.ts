/**
 * A stored session sent to the page as a trace in pieces: `history/trace` messages of whole lines,
 * each at most HISTORY_PIECE_CHARS long (a line longer than that goes alone), `more: true` on all
 * but the last, one per turn of the event loop, and none while the socket's buffer is over its
 * high-water mark, as a live session's snapshot goes (frame-stream.ts). The frames are read from
 * the segments as the pieces go, so neither the proxy nor a single message holds the whole
 * session; the page reads the pieces into one trace, or saves them as one file, as they come.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type WebSocket from 'ws';
import type { ProxyMessage } from '../../lib/wire/protocol';
import type { StoredSession } from '../store/reader';
import { BATCH_MS, HIGH_WATER_BYTES } from './frame-stream';

/** A piece ends once its lines pass this many characters: a snapshot chunk's size. */
export const HISTORY_PIECE_CHARS = 512 * 1024;

/** Whole lines (each with its `\n`) gathered into pieces of about `max` characters. */
export function* piecesOf(lines: Iterable<string>, max = HISTORY_PIECE_CHARS): Generator<string> {
  let piece: string[] = [];
  let chars = 0;
  for (const line of lines) {
    if (chars > 0 && chars + line.length > max) {
      yield piece.join('');
      piece = [];
      chars = 0;
    }
    piece.push(line);
    chars += line.length;
  }
  if (chars > 0) yield piece.join('');
}

/** A stored session as the lines of a trace file: its header, then every frame as recorded. */
export function* traceLines(session: StoredSession): Generator<string> {
  yield JSON.stringify(session.meta.header) + '\n';
  for (const f of session.frames()) yield JSON.stringify(f) + '\n';
}

/** The lines of a text file, read a MiB at a time (the last one even without its `\n`). */
export function* fileLines(file: string): Generator<string> {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(1024 * 1024);
    let carry: Buffer = Buffer.alloc(0);
    for (let n = readSync(fd, buf); n > 0; n = readSync(fd, buf)) {
      const chunk = carry.length > 0 ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
      let from = 0;
      for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, from)) {
        yield chunk.toString('utf8', from, nl + 1);
        from = nl + 1;
      }
      carry = Buffer.from(chunk.subarray(from));
    }
    if (carry.length > 0) yield carry.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

export interface TraceStream {
  rid: string;
  id: string;
  pieces: Generator<string>;
  /** Values replaced, for an export: sent on the last piece. */
  redacted?: number;
  /** Called once the pieces are sent or given up (a temporary file is removed). */
  done?: () => void;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const later = () => new Promise<void>((resolve) => setTimeout(resolve, BATCH_MS));

/** Sends the pieces until the last, or until the socket closes (the rest is then not read). */
export async function sendTrace(ws: WebSocket, send: (msg: ProxyMessage) => void, t: TraceStream): Promise<void> {
  try {
    let piece = t.pieces.next();
    // No lines at all still gets its last (empty) piece: the page waits for one.
    if (piece.done) piece = { done: false, value: '' };
    while (!piece.done) {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount >= HIGH_WATER_BYTES) {
        await later();
        continue;
      }
      const after = t.pieces.next();
      const last = after.done === true;
      send({
        type: 'history/trace',
        rid: t.rid,
        id: t.id,
        text: piece.value,
        ...(last ? (t.redacted !== undefined ? { redacted: t.redacted } : {}) : { more: true }),
      });
      piece = after;
      if (!last) await turn();
    }
  } finally {
    // Closes the segment or file being read when the page left before the end.
    t.pieces.return(undefined);
    t.done?.();
  }
}
