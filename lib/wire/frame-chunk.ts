/**
 * The compact form of the two frame-carrying proxy messages (`frames/snapshot`, `frames/append`):
 * one binary WebSocket message in which each frame's text travels as its own UTF-8 bytes, laid end
 * to end, instead of a JSON string escaped inside the JSON of the message.
 *
 * Why: a 100,000-frame session is 23 MiB of JSON, about half of it frame texts whose every `"`
 * became `\"`. The proxy spent its time stringifying it, the page's main thread in taking the text
 * message in and in JSON.parse, while the rest of the reload waited. Here the texts are one
 * TextEncoder/TextDecoder pass, the numbers are typed columns, and what frames share (direction,
 * lane, meta: nearly always one of a handful of shapes) is written once per message.
 *
 * Layout (little-endian):
 *   0  'L' 'F' 'C' and 'S' (a snapshot chunk) or 'A' (an append batch)
 *   4  u32: byte length H of the header, the UTF-8 JSON of
 *        { sessionId, endSeq?, more?, count, shapes: object[] }
 *   8  the header, then zero bytes up to a multiple of 8
 *      Float64 × count: seq;  Float64 × count: ts;  Float64 × count: size
 *      Uint32 × count: the frame's shape (an index into `shapes`)
 *      Uint32 × count: its text's length in UTF-16 code units, or NO_TEXT
 *      the texts' UTF-8 bytes, to the end
 * A shape is a frame without seq, ts, size and raw. A text that is not well-formed UTF-16 (a lone
 * surrogate, possible in an imported trace) would not survive UTF-8, so it stays in its shape (as
 * JSON keeps it) and its length is NO_TEXT.
 *
 * Decoding rebuilds plain objects, exactly what JSON.parse gives for the JSON form, and checks
 * nothing about the frames: the page runs them through the same validator as the JSON form
 * (lib/browser/frames-message.ts), so one contract holds for both. Only the layout is checked here.
 */

/** What the encoder takes: the frames as the proxy sends them (already masked). */
export interface FramesChunk {
  type: 'frames/snapshot' | 'frames/append';
  sessionId: string;
  frames: readonly ChunkFrame[];
  endSeq?: number;
  more?: boolean;
}

/** A frame as far as the layout cares; the rest rides in its shape. */
export interface ChunkFrame {
  seq: number;
  ts: number;
  size: number;
  raw: string;
}

/** What the decoder gives: the message as JSON.parse would give it, not yet validated. */
export interface DecodedChunk {
  type: 'frames/snapshot' | 'frames/append';
  sessionId: unknown;
  frames: Record<string, unknown>[];
  endSeq?: unknown;
  more?: unknown;
}

/** Beside the message: each frame's shape. Two frames of one shape differ only in seq, ts, size
 *  (numbers) and raw (a string), so a validator may judge the rest once per shape. */
export interface DecodedFrames {
  msg: DecodedChunk;
  shapeOf: Uint32Array;
}

const MAGIC = [0x4c, 0x46, 0x43]; // 'LFC'
const SNAPSHOT = 0x53; // 'S'
const APPEND = 0x41; // 'A'
export const NO_TEXT = 0xffffffff;
const PREFIX = 8;

const encoder = new TextEncoder();
// ignoreBOM: a text that starts with U+FEFF keeps it (the default would swallow it).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * A large message goes deflated (raw DEFLATE, RFC 1951) behind its own four bytes, 'L' 'F' 'Z' and
 * the same 'S' or 'A': a browser moves a WebSocket message from its network process to the page
 * through a small pipe, a piece at a time, so the reload's time followed the message's bytes, and
 * frame texts shrink many times over. The proxy deflates (node:zlib), the page inflates with the
 * browser's DecompressionStream; in between the bytes are the compact form above.
 */
const DEFLATED_MAGIC = [0x4c, 0x46, 0x5a]; // 'LFZ'

export function isDeflatedFramesChunk(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === DEFLATED_MAGIC[0] && bytes[1] === DEFLATED_MAGIC[1] && bytes[2] === DEFLATED_MAGIC[2];
}

/** The four bytes before a deflated message: `bytes` is the compact form it holds. */
export function deflatedPrefix(bytes: Uint8Array): Uint8Array {
  return Uint8Array.of(...DEFLATED_MAGIC, bytes[3]);
}

/** True for the compact form's bytes (a probe may tell a snapshot from an append by byte 3). */
export function isFramesChunk(bytes: Uint8Array): boolean {
  return bytes.length >= PREFIX && bytes[0] === MAGIC[0] && bytes[1] === MAGIC[1] && bytes[2] === MAGIC[2];
}

/** The fields the layout carries itself; every other one rides in the frame's shape. (Compared
 *  by hand, not looked up in a Set: this runs for every field of every frame.) */
const isLayoutField = (k: string): boolean => k === 'seq' || k === 'ts' || k === 'size' || k === 'raw';

/** Whether two frames have the same fields beside the layout's, with equal values. */
function sameShape(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  let count = 0;
  for (const k in a) {
    if (isLayoutField(k)) continue;
    if (!(k in b) || !sameValue(a[k], b[k])) return false;
    count++;
  }
  for (const k in b) if (!isLayoutField(k)) count--;
  return count === 0;
}

/** Equal as JSON would write them (a meta is plain data: objects, arrays, primitives). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const k in x) {
    if (!(k in y) || !sameValue(x[k], y[k])) return false;
    count++;
  }
  for (const _ in y) count--;
  return count === 0;
}

function shapeOfFrame(f: Record<string, unknown>, textual: boolean): object {
  const shape: Record<string, unknown> = {};
  for (const k in f) if (!isLayoutField(k)) shape[k] = f[k];
  if (!textual) shape.raw = f.raw;
  return shape;
}

const wellFormed = (s: string): boolean => (s as string & { isWellFormed(): boolean }).isWellFormed();

export function encodeFramesChunk(msg: FramesChunk): Uint8Array {
  const n = msg.frames.length;
  const shapes: object[] = [];
  const shapeIds = new Map<string, number>();
  const shapeOf = new Uint32Array(n);
  const textLen = new Uint32Array(n);
  const texts: string[] = [];
  for (let i = 0; i < n; i++) {
    const f = msg.frames[i] as ChunkFrame & Record<string, unknown>;
    const raw = f.raw;
    const textual = wellFormed(raw);
    if (textual) {
      texts.push(raw);
      textLen[i] = raw.length;
    } else textLen[i] = NO_TEXT;
    // Neighbours nearly always share a shape: compared field by field, that costs less than the
    // JSON key that finds a shape seen further back.
    let id: number | undefined;
    if (i > 0 && textual && textLen[i - 1] !== NO_TEXT && sameShape(f, msg.frames[i - 1] as ChunkFrame & Record<string, unknown>)) id = shapeOf[i - 1];
    else {
      const shape = shapeOfFrame(f, textual);
      const key = JSON.stringify(shape);
      id = shapeIds.get(key);
      if (id === undefined) {
        id = shapes.length;
        shapes.push(shape);
        shapeIds.set(key, id);
      }
    }
    shapeOf[i] = id;
  }
  const header = encoder.encode(
    JSON.stringify({
      sessionId: msg.sessionId,
      ...(msg.endSeq !== undefined && { endSeq: msg.endSeq }),
      ...(msg.more !== undefined && { more: msg.more }),
      count: n,
      shapes,
    }),
  );
  const text = texts.join('');
  const columns = align8(PREFIX + header.length);
  const textAt = columns + n * (3 * 8 + 2 * 4);
  // UTF-8 takes at most 3 bytes per UTF-16 code unit; the unused end is cut off below.
  const out = new Uint8Array(textAt + text.length * 3);
  out.set(MAGIC, 0);
  out[3] = msg.type === 'frames/snapshot' ? SNAPSHOT : APPEND;
  const view = new DataView(out.buffer);
  view.setUint32(4, header.length, true);
  out.set(header, PREFIX);
  const seq = new Float64Array(out.buffer, columns, n);
  const ts = new Float64Array(out.buffer, columns + n * 8, n);
  const size = new Float64Array(out.buffer, columns + n * 16, n);
  for (let i = 0; i < n; i++) {
    const f = msg.frames[i];
    seq[i] = f.seq;
    ts[i] = f.ts;
    size[i] = f.size;
  }
  out.set(new Uint8Array(shapeOf.buffer), columns + n * 24);
  out.set(new Uint8Array(textLen.buffer), columns + n * 28);
  const { written } = encoder.encodeInto(text, out.subarray(textAt));
  return out.subarray(0, textAt + written);
}

const align8 = (n: number): number => (n + 7) & ~7;

export type DecodeResult = ({ ok: true } & DecodedFrames) | { ok: false; problem: string };

/** Takes the compact form apart; `problem` says what in the layout is wrong. */
export function decodeFramesChunk(buffer: ArrayBuffer): DecodeResult {
  const bytes = new Uint8Array(buffer);
  if (!isFramesChunk(bytes) || (bytes[3] !== SNAPSHOT && bytes[3] !== APPEND))
    return { ok: false, problem: 'not a frames message (its first bytes are not LFCS or LFCA)' };
  const headerLength = new DataView(buffer).getUint32(4, true);
  if (PREFIX + headerLength > bytes.length) return { ok: false, problem: `its header runs past the end (${headerLength} bytes of ${bytes.length - PREFIX})` };
  let header: { sessionId?: unknown; endSeq?: unknown; more?: unknown; count?: unknown; shapes?: unknown };
  try {
    header = JSON.parse(decoder.decode(bytes.subarray(PREFIX, PREFIX + headerLength)));
  } catch (e) {
    return { ok: false, problem: `its header is not JSON (${(e as Error).message})` };
  }
  const { count, shapes } = header ?? {};
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) return { ok: false, problem: 'its header has no frame count' };
  if (!Array.isArray(shapes) || !shapes.every((s) => typeof s === 'object' && s !== null && !Array.isArray(s)))
    return { ok: false, problem: 'its header has no list of frame shapes' };
  const columns = align8(PREFIX + headerLength);
  const textAt = columns + count * (3 * 8 + 2 * 4);
  if (textAt > bytes.length) return { ok: false, problem: `it is cut short (${bytes.length} bytes, ${count} frames need ${textAt} before their texts)` };
  const seq = new Float64Array(buffer, columns, count);
  const ts = new Float64Array(buffer, columns + count * 8, count);
  const size = new Float64Array(buffer, columns + count * 16, count);
  const shapeOf = new Uint32Array(buffer, columns + count * 24, count);
  const textLen = new Uint32Array(buffer, columns + count * 28, count);
  const text = decoder.decode(bytes.subarray(textAt));
  const frames: Record<string, unknown>[] = new Array(count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const shape = shapes[shapeOf[i]] as Record<string, unknown> | undefined;
    if (!shape) return { ok: false, problem: `frame ${i} names shape ${shapeOf[i]} of ${shapes.length}` };
    const len = textLen[i];
    let raw: unknown;
    if (len === NO_TEXT) raw = shape.raw;
    else {
      if (at + len > text.length) return { ok: false, problem: `frame ${i}'s text runs past the end of the texts` };
      raw = text.slice(at, at + len);
      at += len;
    }
    // The JSON form's key order (seq, ts, dir, lane, raw, size, the rest), so a frame the page
    // saves to a file reads the same whichever form brought it.
    const frame: Record<string, unknown> = { seq: seq[i], ts: ts[i], dir: shape.dir, lane: shape.lane, raw, size: size[i] };
    for (const k in shape) if (k !== 'dir' && k !== 'lane' && k !== 'raw') frame[k] = shape[k];
    if (!('dir' in shape)) delete frame.dir;
    if (!('lane' in shape)) delete frame.lane;
    frames[i] = frame;
  }
  if (at !== text.length) return { ok: false, problem: `its texts hold ${text.length - at} more characters than its frames` };
  const type = bytes[3] === SNAPSHOT ? 'frames/snapshot' : 'frames/append';
  const msg: DecodedChunk = { type, sessionId: header.sessionId, frames };
  if ('endSeq' in header) msg.endSeq = header.endSeq;
  if ('more' in header) msg.more = header.more;
  return { ok: true, msg, shapeOf };
}
