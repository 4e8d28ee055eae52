/**
 * Splits a byte stream into lines on `\n`, the way the stdio transport frames messages.
 * Works on raw bytes, so a chunk may end anywhere: mid-line or in the middle of a UTF-8
 * character. Nothing is ever dropped: oversized lines are kept truncated, invalid UTF-8 keeps its
 * exact bytes in base64, an unterminated last line comes out of `end()`.
 */

export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

export interface Line {
  /** The line decoded as UTF-8 (U+FFFD for invalid bytes), without `\n` and without a final `\r`. */
  raw: string;
  /** Bytes of the whole line on the wire, before truncation, without the `\n` (a `\r` counts). */
  size: number;
  crlf?: boolean;
  /** Only the first `maxLineBytes` bytes were kept (cut back to a character boundary). */
  truncated?: boolean;
  invalidUtf8?: boolean;
  /** The exact kept bytes, present only when `invalidUtf8` is set. */
  rawBase64?: string;
}

const LF = 0x0a;
const CR = 0x0d;

// ignoreBOM keeps a leading U+FEFF in the text: a BOM on the wire is something to show, not hide.
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** An unterminated line handed from one splitter to another (LineSplitter.carry). */
export interface CarriedLine {
  /** The bytes kept (at most maxLineBytes), base64. */
  kept: string;
  size: number;
  lastByte: number;
}

export class LineSplitter {
  private parts: Uint8Array[] = [];
  private kept = 0;
  private size = 0;
  private lastByte = -1;

  constructor(private readonly maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
    if (!(maxLineBytes > 0)) throw new Error(`maxLineBytes must be positive, got ${maxLineBytes}`);
  }

  /** Feeds one chunk; returns every line it completed, in order. */
  push(chunk: Uint8Array): Line[] {
    const lines: Line[] = [];
    let start = 0;
    while (start <= chunk.length) {
      const nl = chunk.indexOf(LF, start);
      // The usual case: a whole line inside this chunk is decoded where it lies, with no copy
      // (the decoded string does not keep the caller's buffer).
      if (nl !== -1 && this.size === 0 && nl - start <= this.maxLineBytes) {
        lines.push(wholeLine(chunk, start, nl));
        start = nl + 1;
        continue;
      }
      const end = nl === -1 ? chunk.length : nl;
      if (end > start) this.append(chunk.subarray(start, end));
      if (nl === -1) break;
      lines.push(this.finish());
      start = nl + 1;
    }
    return lines;
  }

  /** The stream ended: a final line without `\n` is still a line. */
  end(): Line[] {
    return this.size > 0 ? [this.finish()] : [];
  }

  /** The unterminated line held so far, to go on in another process (proxy/tap/tap-handoff.ts):
   *  the bytes kept of it, how many it had in all, and its last byte (whether it ends in `\r`). */
  carry(): CarriedLine {
    return { kept: bytesToBase64(concat(this.parts, this.kept)), size: this.size, lastByte: this.lastByte };
  }

  /** Takes up a line carried from another splitter, as if its bytes had been pushed here. */
  resume(line: CarriedLine): void {
    const bytes = Uint8Array.from(atob(line.kept), (c) => c.charCodeAt(0));
    this.parts = bytes.length > 0 ? [bytes] : [];
    this.kept = bytes.length;
    this.size = line.size;
    this.lastByte = line.lastByte;
  }

  /** True while bytes of an unterminated line are buffered. */
  get pending(): boolean {
    return this.size > 0;
  }

  private append(bytes: Uint8Array): void {
    this.size += bytes.length;
    this.lastByte = bytes[bytes.length - 1];
    const room = this.maxLineBytes - this.kept;
    if (room <= 0) return;
    // Copy: the caller may reuse its buffer (Node pools small chunks).
    const piece = bytes.length > room ? bytes.slice(0, room) : bytes.slice();
    this.parts.push(piece);
    this.kept += piece.length;
  }

  private finish(): Line {
    const crlf = this.lastByte === CR;
    const truncated = this.size > this.maxLineBytes;
    let bytes = concat(this.parts, this.kept);
    if (crlf && !truncated) bytes = bytes.subarray(0, bytes.length - 1);
    if (truncated) bytes = bytes.subarray(0, completeUtf8Length(bytes));
    const line = decodeLine(bytes, this.size);
    if (crlf) line.crlf = true;
    if (truncated) line.truncated = true;
    this.parts = [];
    this.kept = 0;
    this.size = 0;
    this.lastByte = -1;
    return line;
  }
}

/** The line of `chunk` from `start` up to the `\n` at `nl`, within the limit. */
function wholeLine(chunk: Uint8Array, start: number, nl: number): Line {
  const crlf = nl > start && chunk[nl - 1] === CR;
  const line = decodeLine(chunk.subarray(start, crlf ? nl - 1 : nl), nl - start);
  if (crlf) line.crlf = true;
  return line;
}

export function decodeLine(bytes: Uint8Array, size: number): Line {
  try {
    return { raw: strict.decode(bytes), size };
  } catch {
    return { raw: lenient.decode(bytes), size, invalidUtf8: true, rawBase64: bytesToBase64(bytes) };
  }
}

/** The parts end to end (the one part itself when there is one). */
export function concat(parts: Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Length of `bytes` without a trailing, incomplete UTF-8 sequence (a cut made by truncation). */
export function completeUtf8Length(bytes: Uint8Array): number {
  const n = bytes.length;
  // A sequence is at most 4 bytes: look back at most 3 continuation bytes for its lead byte.
  for (let back = 1; back <= Math.min(4, n); back++) {
    const b = bytes[n - back];
    if ((b & 0xc0) === 0x80) continue;
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? n - back : n;
  }
  return n;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 with padding; pure, so it runs in the page and the proxy alike. */
export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += B64[n >> 18] + B64[(n >> 12) & 63] + B64[(n >> 6) & 63] + B64[n & 63];
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    out += B64[n >> 18] + B64[(n >> 12) & 63] + '==';
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out += B64[n >> 18] + B64[(n >> 12) & 63] + B64[(n >> 6) & 63] + '=';
  }
  return out;
}
