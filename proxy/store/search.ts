/**
 * A text search over every frame of a stored session, read from its segment files without decoding
 * the frames that cannot match: each segment is scanned in large chunks for the text (ASCII letters
 * in either case), and only a line the scan hits is decoded, from the index mark before it, and
 * checked as the traffic table's filter checks a row (its text; an HTTP head with its secret
 * headers masked, so a token typed here cannot tell which frames carry it).
 *
 * A view that shows frames redacted (the redacted view, and every page's OAuth masking) passes its
 * redaction: a hit is then checked in the frame as that view shows it, so typing a guess of a secret
 * cannot tell which frames hold it. The scan of the stored bytes still picks the lines to decode
 * (redaction only takes text away, except its markers), so the search costs what it did: only the
 * hits are redacted. The markers are not searched (their text is not in the stored bytes), and a
 * text that names one is refused with what to do instead.
 *
 * Chunks are read as latin1, one character per byte, so a hit's place in the string is its byte
 * offset in the file. The needle is searched as its UTF-8 bytes, and also as it reads inside a JSON
 * string (a text that is not JSON, such as stderr, is stored escaped). Case is folded for ASCII
 * letters only; a non-ASCII letter matches as written.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import { channelOf } from '../../lib/mcp/channel';
import { maskHttpHead } from '../../lib/mcp/secret-headers';
import { frameRedactor, type RedactOptions } from '../../lib/trace/redact';
import { segmentName, type SegmentSummary } from './layout';
import type { StoredSession } from './reader';
import { LineDecoder } from './segment-lines';

export interface StoredSearch {
  /** The text; case-insensitive for ASCII letters. */
  text: string;
  /** Only frames of this lane (`message`, `http`, `stderr`, `lifecycle`). */
  lane?: Frame['lane'];
  /** Only frames of this channel key (`session`, `app:<n>`). */
  channel?: string;
  /** Only frames from this seq on: the `next` of an earlier search goes on from where it stopped. */
  fromSeq?: number;
  /** At most this many frames (default 1,000). */
  limit?: number;
  /** How the asking view shows frames redacted: a frame matches by its text as shown. */
  redaction?: RedactOptions;
}

export interface StoredSearchResult {
  /** As the asking view shows them (redacted by `redaction`). */
  frames: Frame[];
  /** Set when the limit was reached, or when the view hid the text in HIDDEN_PER_ANSWER hits: the seq to search from for more. */
  next?: number;
  /** Bytes of segment files scanned. */
  scannedBytes: number;
}

export class StoredSearchError extends Error {}

const CHUNK = 4 * 1024 * 1024;
const DEFAULT_LIMIT = 1000;
/**
 * In a view that redacts, the most hits a search passes over as hidden before it answers with what
 * it found and where to go on from (`next`). Redacting a hit costs about 15 µs, so a text the view
 * hides in every frame (a secret sent with each request) would otherwise take 15 s or more a million
 * frames before the page heard anything; this keeps an answer under half a second or so.
 */
const HIDDEN_PER_ANSWER = 20_000;

/** What the page's filter searches a frame by (lib/browser/filter.ts). */
function searchable(frame: Frame): string {
  return frame.lane === 'http' ? maskHttpHead(frame.raw) : frame.raw;
}

/** The text of a redaction's markers (`«redacted:env:API_KEY»`): never in the stored bytes. */
const MARKER_TEXT = /[«»]|redacted:/i;

/** Each byte of the text's UTF-8 as one latin1 character, escaped for a RegExp. */
function latin1Pattern(text: string): string {
  return Buffer.from(text, 'utf8')
    .toString('latin1')
    .replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

function needleRegExp(text: string): RegExp {
  const escaped = JSON.stringify(text).slice(1, -1);
  // A line break never stands in a line as it is: such a text is only ever stored escaped.
  const forms = escaped === text ? [text] : /[\r\n]/.test(text) ? [escaped] : [text, escaped];
  return new RegExp(forms.map(latin1Pattern).join('|'), 'gi');
}

/** Decodes a segment's lines forward from an index mark, to the frame of the line at a byte offset. */
class SegmentCursor {
  private readonly decoder = new LineDecoder();
  /** The offset of the next line to decode; -1 before the first. */
  private at = -1;

  constructor(
    private readonly fd: number,
    private readonly summary: SegmentSummary,
  ) {}

  frameAt(lineStart: number, lineEnd: number): Frame {
    let from = this.at;
    if (from === -1 || from > lineStart) {
      from = 0;
      for (const [, offset] of this.summary.marks) if (offset <= lineStart) from = offset;
      this.decoder.restart();
    } else {
      // A mark between the cursor and the line is a shorter way there.
      for (const [, offset] of this.summary.marks) if (offset > from && offset <= lineStart) from = offset;
      if (from !== this.at) this.decoder.restart();
    }
    const bytes = Buffer.allocUnsafe(lineEnd - from);
    readSync(this.fd, bytes, 0, bytes.length, from);
    let frame: Frame | undefined;
    let start = 0;
    for (let nl = bytes.indexOf(10, start); nl !== -1; nl = bytes.indexOf(10, start)) {
      frame = this.decoder.decode(bytes.toString('utf8', start, nl));
      start = nl + 1;
    }
    this.at = lineEnd;
    if (!frame) throw new Error(`no line ends at byte ${lineEnd} of ${segmentName(this.summary.segment)}`);
    return frame;
  }
}

export function searchStored(session: StoredSession, q: StoredSearch): StoredSearchResult {
  const limit = q.limit ?? DEFAULT_LIMIT;
  const needle = q.text.trim();
  if (needle === '') throw new StoredSearchError('a search needs some text: an empty one would list every frame');
  if (q.redaction && MARKER_TEXT.test(needle)) {
    throw new StoredSearchError(
      `a search looks in the frames' own text, not in the «redacted:…» markers put in place of secrets: search for the text around them instead of "${needle}"`,
    );
  }
  const shown = q.redaction ? frameRedactor(q.redaction) : (frames: Frame[]) => frames;
  const lower = needle.toLowerCase();
  const re = needleRegExp(needle);
  const frames: Frame[] = [];
  let scannedBytes = 0;
  let hidden = 0;
  const kept = (f: Frame): Frame | undefined => {
    if (
      (q.fromSeq !== undefined && f.seq < q.fromSeq) ||
      (q.lane !== undefined && f.lane !== q.lane) ||
      (q.channel !== undefined && channelOf(f) !== q.channel)
    )
      return undefined;
    const [view] = shown([f]);
    if (searchable(view).toLowerCase().includes(lower)) return view;
    if (q.redaction) hidden++;
    return undefined;
  };

  for (const s of session.segmentsFor({ fromSeq: q.fromSeq, channel: q.channel })) {
    if (q.lane !== undefined && !s.lanes.includes(q.lane)) continue;
    const fd = openSync(path.join(session.dir, segmentName(s.segment)), 'r');
    try {
      const cursor = new SegmentCursor(fd, s);
      let buf = Buffer.allocUnsafe(CHUNK);
      // buf[0, carry) holds the start of a line the last chunk cut: the chunk's text starts at
      // byte `base` of the file, at a line's start. Copied bytes, not a joined string, so the
      // search runs on a flat string.
      let base = 0;
      let carry = 0;
      while (base + carry < s.bytes) {
        if (carry > buf.length / 2) buf = Buffer.concat([buf.subarray(0, carry), Buffer.allocUnsafe(buf.length)]);
        const n = readSync(fd, buf, carry, Math.min(buf.length - carry, s.bytes - base - carry), base + carry);
        if (n === 0) break;
        scannedBytes += n;
        const filled = carry + n;
        const text = buf.toString('latin1', 0, filled);
        const whole = text.lastIndexOf('\n') + 1;
        re.lastIndex = 0;
        for (let m = re.exec(text); m !== null && m.index < whole; m = re.exec(text)) {
          const lineStart = text.lastIndexOf('\n', m.index) + 1;
          const lineEnd = text.indexOf('\n', m.index) + 1;
          const stored = cursor.frameAt(base + lineStart, base + lineEnd);
          const frame = kept(stored);
          if (frame) {
            if (frames.length === limit) return { frames, next: frame.seq, scannedBytes };
            frames.push(frame);
          } else if (hidden === HIDDEN_PER_ANSWER) return { frames, next: stored.seq + 1, scannedBytes };
          // One look per line, however often the text occurs in it.
          re.lastIndex = lineEnd;
        }
        buf.copy(buf, 0, whole, filled);
        carry = filled - whole;
        base += whole;
      }
    } finally {
      closeSync(fd);
    }
  }
  return { frames, scannedBytes };
}
