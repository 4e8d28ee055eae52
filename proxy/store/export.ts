/**
 * A stored session written as a trace file, streamed: frames are read from the segments, redacted
 * and written a chunk at a time, so a session of millions of frames is exported in bounded memory.
 * Redaction is the one path every export takes (lib/render prepareExport for the header and its
 * target, lib/trace redactFrames for the frames), with the session's own known secrets (its
 * connection's env and header values, its OAuth client's tokens) added to the person's rules.
 *
 * The header, which counts what was redacted, comes first in the file but is known last: the frames
 * go to a part file beside the output first, then the header and the part make the file.
 */
import { closeSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import type { Frame } from '../../lib/mcp/frame';
import { handshakeVersionOf } from '../../lib/model/session-model';
import { prepareExport, selectFrames, type FrameSelection } from '../../lib/render/export';
import { redactFrames, type RedactOptions } from '../../lib/trace/redact';
import type { TraceHeader } from '../../lib/trace/format';
import type { StoredSession } from './reader';

export interface StoredExportOptions {
  loupeVersion: string;
  /** `false` is the explicit opt-out; otherwise the person's rules, to which the session's secrets are added. */
  redact: Omit<RedactOptions, 'secrets'> | false;
  selection?: FrameSelection;
  /** What `source` the file says; a stored session's own by default. */
  source?: TraceHeader['source'];
  /** The request timeout the header names, when the writer knows better than the session did. */
  requestTimeoutMs?: number;
}

export interface StoredExport {
  header: TraceHeader;
  frames: number;
  /** Values replaced (the header's target included). */
  redacted: number;
}

const CHUNK = 2000;
/** Enough frames to find the handshake's answer in. */
const HANDSHAKE_FRAMES = 500;

/** The session's frames in chunks, as a selection picks them. */
function* chunks(session: StoredSession, selection: FrameSelection): Generator<Frame[]> {
  const filter = selection.kind === 'seq-range' ? { fromSeq: selection.fromSeq, toSeq: selection.toSeq } : {};
  let chunk: Frame[] = [];
  for (const f of session.frames(filter)) {
    chunk.push(f);
    if (chunk.length === CHUNK) {
      yield selectFrames(chunk, selection);
      chunk = [];
    }
  }
  if (chunk.length > 0) yield selectFrames(chunk, selection);
}

/** The options a stored session's redaction runs with. */
export function storedRedaction(session: StoredSession, own: Omit<RedactOptions, 'secrets'>): RedactOptions {
  return { ...own, secrets: [...session.secrets()] };
}

/** Writes the session to `out` (a file, replaced whole once complete). */
export function exportStored(session: StoredSession, out: string, opts: StoredExportOptions): StoredExport {
  const stored = session.meta.header;
  const redact = opts.redact === false ? false : storedRedaction(session, opts.redact);
  const selection = opts.selection ?? { kind: 'all' };
  // The header as every export makes it (its target redacted by the same rules), from no frames.
  const head = prepareExport({
    frames: [],
    target: stored.target,
    loupeVersion: opts.loupeVersion,
    negotiatedVersion: stored.negotiatedVersion ?? handshakeVersionOf([...session.frames({ toSeq: HANDSHAKE_FRAMES })]),
    requestTimeoutMs: opts.requestTimeoutMs ?? stored.requestTimeoutMs,
    source: opts.source ?? stored.source,
    importedFrom: stored.importedFrom,
    redact,
  });
  const header = head.header;
  if (stored.startedAt) header.startedAt = stored.startedAt;
  const part = `${out}.part-${process.pid}`;
  let frames = 0;
  let redacted = head.hits.length;
  let first: number | undefined;
  let last: number | undefined;
  const fd = openSync(part, 'w', 0o600);
  try {
    for (const chunk of chunks(session, selection)) {
      if (chunk.length === 0) continue;
      first ??= chunk[0].seq;
      last = chunk[chunk.length - 1].seq;
      const r = redact === false ? { frames: chunk, hits: [] } : redactFrames(chunk, redact);
      redacted += r.hits.length;
      frames += chunk.length;
      writeSync(fd, r.frames.map((f) => JSON.stringify(f) + '\n').join(''));
    }
  } finally {
    closeSync(fd);
  }
  if (header.redaction) header.redaction.count = redacted;
  if (selection.kind === 'time-range') header.selection = { kind: 'time-range', fromUs: selection.fromUs, toUs: selection.toUs };
  else if (selection.kind !== 'all') header.selection = { kind: 'frames', fromSeq: first, toSeq: last };
  const whole = `${out}.whole-${process.pid}`;
  try {
    const to = openSync(whole, 'w', 0o600);
    try {
      writeSync(to, JSON.stringify(header) + '\n');
      copyInto(part, to);
    } finally {
      closeSync(to);
    }
    renameSync(whole, out);
  } finally {
    rmSync(part, { force: true });
    rmSync(whole, { force: true });
  }
  return { header, frames, redacted };
}

function copyInto(file: string, to: number): void {
  const from = openSync(file, 'r');
  const buf = Buffer.allocUnsafe(1024 * 1024);
  try {
    for (let n = readSync(from, buf); n > 0; n = readSync(from, buf)) writeSync(to, buf, 0, n);
  } finally {
    closeSync(from);
  }
}
