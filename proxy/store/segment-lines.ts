/**
 * One frame per line in a stored session's segment files, written compactly: a segment holds a
 * session's frames at about the size they had on the wire, where the trace format's envelope
 * (`{"seq":…,"ts":…,"dir":…,"lane":…,"raw":"…escaped…","size":…,"meta":…}`) doubled a small
 * message. Every line is still one JSON array, readable by hand:
 *
 * - a full line, `[ts,"dir",{rest},RAW]`: `ts` absolute, `rest` the frame's other fields (`seq`,
 *   `lane`, `meta`, the flags, and `sx`: `size` less the byte length of `raw`, when not 0);
 * - a short line, `[dt,"dir",RAW]`: the frame after the previous line (seq + 1, ts + dt), with the
 *   same `rest` but for its seq. A segment starts with a full line, and so does every line an index
 *   mark points at, so a reader may start at either.
 *
 * RAW is the frame's text itself when it is a JSON object or array on one line (what almost every
 * message is): it is embedded as it crossed, not escaped into a string, and read back byte for
 * byte as the slice of the line it occupies. Any other text (stderr, a broken message, a body
 * spread over lines) is a JSON string.
 */
import type { Frame } from '../../lib/mcp/frame';

/** What a decoded line leaves out and the next short line repeats. */
interface Shape {
  seq: number;
  ts: number;
  rest: Rest;
}

/** A frame's fields besides seq, ts, dir, raw and size, plus `sx` for size. */
type Rest = Record<string, unknown> & { seq: number; lane: Frame['lane']; sx?: number };

/** What the encoder compares a frame with the one before by: a short line may follow only the same. */
interface Before {
  seq: number;
  ts: number;
  lane: Frame['lane'];
  sx: number;
  meta: Frame['meta'];
  /** Only lane, size and a flat meta besides the fields every frame has: nothing else to repeat. */
  plain: boolean;
}

/** What the encoder knows of the text, for the segment's column summary. */
export interface EncodedLine {
  line: string;
  /** The line's length in bytes. */
  bytes: number;
  /** The parsed message when the text was a JSON object or array. */
  json?: unknown;
}

const FIELDS = new Set(['seq', 'ts', 'dir', 'lane', 'raw', 'size']);

function embeddable(raw: string): unknown {
  const c = raw.charCodeAt(0);
  // '{' or '[' first, and no line break anywhere: the text can stand in the line as it is.
  if ((c !== 123 && c !== 91) || raw.indexOf('\n') !== -1 || raw.indexOf('\r') !== -1) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** No field but the usual ones and a meta of plain values (stdio's, most HTTP messages'). */
function isPlain(f: Frame): boolean {
  for (const k in f) if (k !== 'meta' && !FIELDS.has(k)) return false;
  const meta = f.meta as Record<string, unknown> | undefined;
  if (meta === undefined) return true;
  for (const k in meta) if (typeof meta[k] === 'object' && meta[k] !== null) return false;
  return true;
}

function sameMeta(a: Frame['meta'], b: Frame['meta']): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const k in x) {
    if (x[k] !== y[k]) return false;
    n++;
  }
  for (const _ in y) n--;
  return n === 0;
}

export class LineEncoder {
  private last?: Before;

  /** The next line must be a full one (a segment's first, or one an index mark points at). */
  restart(): void {
    this.last = undefined;
  }

  encode(f: Frame): EncodedLine {
    const json = embeddable(f.raw);
    const rawBytes = Buffer.byteLength(f.raw);
    const sx = f.size - rawBytes;
    const plain = isPlain(f);
    const prev = this.last;
    this.last = { seq: f.seq, ts: f.ts, lane: f.lane, sx, meta: f.meta, plain };
    const dt = prev ? f.ts - prev.ts : NaN;
    const follows =
      prev !== undefined &&
      plain &&
      prev.plain &&
      prev.lane === f.lane &&
      prev.sx === sx &&
      f.seq === prev.seq + 1 &&
      Number.isSafeInteger(f.ts) &&
      Number.isSafeInteger(dt) &&
      dt >= 0 &&
      sameMeta(prev.meta, f.meta);
    if (follows) {
      const head = `[${dt},"${f.dir}",`;
      if (json !== undefined) return { line: `${head}${f.raw}]\n`, bytes: head.length + rawBytes + 2, json };
      const text = JSON.stringify(f.raw);
      return { line: `${head}${text}]\n`, bytes: head.length + Buffer.byteLength(text) + 2 };
    }
    const rest: Rest = { seq: f.seq, lane: f.lane };
    if (sx !== 0) rest.sx = sx;
    for (const k in f) if (!FIELDS.has(k)) rest[k] = (f as unknown as Record<string, unknown>)[k];
    const line = `[${JSON.stringify(f.ts)},"${f.dir}",${JSON.stringify(rest)},${json === undefined ? JSON.stringify(f.raw) : f.raw}]\n`;
    return { line, bytes: Buffer.byteLength(line), json };
  }
}

/** A line that is not one this store wrote: the reader names the segment and the line. */
export class SegmentLineError extends Error {}

export class LineDecoder {
  private last?: Shape;
  /** The last line's text parsed, when the line embeds it as JSON (as the encoder's `json`). */
  message: unknown;

  restart(): void {
    this.last = undefined;
  }

  /** The frame of one line (without its `\n`). */
  decode(line: string): Frame {
    let parts: unknown;
    try {
      parts = JSON.parse(line);
    } catch (e) {
      throw new SegmentLineError(`not JSON (${(e as Error).message})`);
    }
    if (!Array.isArray(parts) || (parts.length !== 3 && parts.length !== 4) || typeof parts[0] !== 'number' || typeof parts[1] !== 'string') {
      throw new SegmentLineError('not a stored frame: expected [ts, dir, rest, text] or [dt, dir, text]');
    }
    const full = parts.length === 4;
    const head = `[${JSON.stringify(parts[0])},${JSON.stringify(parts[1])},`;
    let rest: Rest;
    let seq: number;
    let ts: number;
    let at = head.length;
    if (full) {
      rest = parts[2] as Rest;
      if (typeof rest !== 'object' || rest === null || typeof rest.seq !== 'number') throw new SegmentLineError('its fields have no seq');
      at += JSON.stringify(rest).length + 1;
      seq = rest.seq;
      ts = parts[0];
      this.last = { seq, ts, rest };
    } else {
      const prev = this.last;
      if (!prev) throw new SegmentLineError('a short line with no full line before it');
      rest = prev.rest;
      seq = prev.seq + 1;
      ts = prev.ts + parts[0];
      this.last = { ...prev, seq, ts };
    }
    const text = parts[parts.length - 1];
    this.message = typeof text === 'string' ? undefined : text;
    const raw = typeof text === 'string' ? text : line.slice(at, -1);
    const frame: Record<string, unknown> = { seq, ts, dir: parts[1], lane: rest.lane, raw, size: Buffer.byteLength(raw) + (rest.sx ?? 0) };
    for (const k in rest) if (k !== 'seq' && k !== 'lane' && k !== 'sx') frame[k] = rest[k];
    return frame as unknown as Frame;
  }
}
