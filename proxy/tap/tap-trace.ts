/**
 * A tap's whole trace, wherever its frames are: a tap file holds only its header when the frames
 * went to the stored session it names (tap-output.ts), so the commands that take a trace file
 * (`loupe check`, `export`, `diff`, `replay`) read that session's frames behind the header, and a
 * tap file opens as the trace it stands for.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import type { TraceHeader } from '../../lib/trace/format';
import { isSessionId } from '../store/layout';
import { StoredSession } from '../store/reader';
import type { TapHeader } from './tap-tail';

/** A tap file that names its stored session: the header, without that name, and the session's folder. */
export interface TapEntry {
  header: TraceHeader;
  dir: string;
}

/** A header line is small; a file whose first 256 KiB hold no whole line is no tap entry. */
const HEAD_BYTES = 256 * 1024;

/**
 * The stored session behind a tap file, when the file is only a tap's header naming one; undefined
 * for any other file (a whole trace, a tap file with its frames, something unreadable: the trace
 * reader then says what is wrong with it).
 */
export function tapEntryOf(file: string): TapEntry | undefined {
  let head: Buffer;
  try {
    const fd = openSync(file, 'r');
    try {
      const buf = Buffer.allocUnsafe(HEAD_BYTES);
      head = buf.subarray(0, readSync(fd, buf, 0, HEAD_BYTES, 0));
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
  const nl = head.indexOf(10);
  // Only the header: one line, and nothing after it.
  if (nl === -1 || nl + 1 !== head.length) return undefined;
  let header: TapHeader;
  try {
    header = JSON.parse(head.toString('utf8', 0, nl)) as TapHeader;
  } catch {
    return undefined;
  }
  const id = header?.tap?.stored;
  if (header?.source !== 'tap' || typeof id !== 'string' || !isSessionId(id)) return undefined;
  const { stored: _stored, ...tap } = header.tap!;
  // `<config dir>/taps/FILE` names `<config dir>/sessions/ID`.
  return { header: { ...header, tap } as TraceHeader, dir: path.join(path.dirname(path.dirname(path.resolve(file))), 'sessions', id) };
}

/** The entry's frames, in order, read from its stored session. Throws a StoreError when the session is gone or unreadable. */
export function tapEntryFrames(entry: TapEntry): Generator<Frame> {
  return StoredSession.open(entry.dir).frames();
}
