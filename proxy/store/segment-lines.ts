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

/** What a line leaves out and the next short line repeats. */
interface Shape {
  seq: number;
  ts: number;
  /** JSON of `rest` without its seq: short lines may follow only the same shape. */
  key: string;
  rest: Rest;
}

/** A frame's fields besides seq, ts, dir, raw and size, plus `sx` for size. */
type Rest = Record<string, unknown> & { seq: number; lane: Frame['lane']; sx?: number };

/** What the encoder knows of the text, for the segment's column summary. */
export interface EncodedLine {
  line: string;
  /** The parsed message when the text was a JSON object (for its method and tool name). */
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

export class LineEncoder {
  private last?: Shape;

  /** The next line must be a full one (a segment's first, or one an index mark points at). */
  restart(): void {
    this.last = undefined;
  }

  encode(f: Frame): EncodedLine {
    const json = embeddable(f.raw);
    const rawText = json === undefined ? JSON.stringify(f.raw) : f.raw;
    const rest: Rest = { seq: f.seq, lane: f.lane };
    const sx = f.size - Buffer.byteLength(f.raw);
    if (sx !== 0) rest.sx = sx;
    for (const k in f) if (!FIELDS.has(k)) rest[k] = (f as unknown as Record<string, unknown>)[k];
    const { seq: _seq, ...shape } = rest;
    const key = JSON.stringify(shape);
    const prev = this.last;
    this.last = { seq: f.seq, ts: f.ts, key, rest };
    const dt = prev ? f.ts - prev.ts : NaN;
    if (prev && prev.key === key && f.seq === prev.seq + 1 && Number.isSafeInteger(dt) && Number.isSafeInteger(f.ts) && dt >= 0) {
      return { line: `[${dt},"${f.dir}",${rawText}]\n`, json };
    }
    return { line: `[${JSON.stringify(f.ts)},"${f.dir}",${JSON.stringify(rest)},${rawText}]\n`, json };
  }
}

/** A line that is not one this store wrote: the reader names the segment and the line. */
export class SegmentLineError extends Error {}

export class LineDecoder {
  private last?: Shape;

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
      const { seq: _seq, ...shape } = rest;
      this.last = { seq, ts, key: '', rest: { ...shape, seq } as Rest };
    } else {
      const prev = this.last;
      if (!prev) throw new SegmentLineError('a short line with no full line before it');
      rest = prev.rest;
      seq = prev.seq + 1;
      ts = prev.ts + parts[0];
      this.last = { ...prev, seq, ts };
    }
    const text = parts[parts.length - 1];
    const raw = typeof text === 'string' ? text : line.slice(at, -1);
    const frame: Record<string, unknown> = { seq, ts, dir: parts[1], lane: rest.lane, raw, size: Buffer.byteLength(raw) + (rest.sx ?? 0) };
    for (const k in rest) if (k !== 'seq' && k !== 'lane' && k !== 'sx') frame[k] = rest[k];
    return frame as unknown as Frame;
  }
}
