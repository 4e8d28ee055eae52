/**
 * A host config as text to edit, and back to bytes, without changing a byte Loupe did not edit.
 * Reading as plain UTF-8 would turn a stray Latin-1 byte (in a comment, say) into U+FFFD, and
 * writing that back would change the file. So a byte that is not part of valid UTF-8 becomes a
 * lone low surrogate (U+DC80–U+DCFF, which valid UTF-8 never decodes to) and turns back into the
 * same byte on the way out. A UTF-8 byte order mark is set aside for the JSON parser and put back.
 */
import { isUtf8 } from 'node:buffer';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** An undecodable byte b (always 0x80 or more) is carried as the char ESCAPE_BASE + b. */
const ESCAPE_BASE = 0xdc00;

export interface ConfigText {
  /** The file's text without its byte order mark. */
  text: string;
  bom: boolean;
}

export function decodeConfig(bytes: Buffer): ConfigText {
  const bom = bytes.subarray(0, 3).equals(BOM);
  return { text: decodeKeepingBytes(bom ? bytes.subarray(3) : bytes), bom };
}

export function encodeConfig({ text, bom }: ConfigText): Buffer {
  const body = encodeKeepingBytes(text);
  return bom ? Buffer.concat([BOM, body]) : body;
}

/** True when a value read from the file holds bytes that are not UTF-8 (an escaped byte). */
export function holdsUndecodableBytes(value: string): boolean {
  return /[\uDC80-\uDCFF]/u.test(value);
}

function decodeKeepingBytes(bytes: Buffer): string {
  if (isUtf8(bytes)) return bytes.toString('utf8');
  let out = '';
  let start = 0;
  let i = 0;
  while (i < bytes.length) {
    const n = sequenceLength(bytes, i);
    if (n > 0) {
      i += n;
      continue;
    }
    out += bytes.toString('utf8', start, i) + String.fromCharCode(ESCAPE_BASE + bytes[i]);
    start = ++i;
  }
  return out + bytes.toString('utf8', start);
}

/** The length of the well-formed UTF-8 sequence at `i` (RFC 3629, table 3-7), or 0 when there is none. */
function sequenceLength(b: Buffer, i: number): number {
  const lead = b[i];
  if (lead < 0x80) return 1;
  const cont = (at: number, lo = 0x80, hi = 0xbf) => at < b.length && b[at] >= lo && b[at] <= hi;
  if (lead >= 0xc2 && lead <= 0xdf) return cont(i + 1) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    const [lo, hi] = lead === 0xe0 ? [0xa0, 0xbf] : lead === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return cont(i + 1, lo, hi) && cont(i + 2) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const [lo, hi] = lead === 0xf0 ? [0x90, 0xbf] : lead === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return cont(i + 1, lo, hi) && cont(i + 2) && cont(i + 3) ? 4 : 0;
  }
  return 0;
}

function encodeKeepingBytes(text: string): Buffer {
  const parts: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < ESCAPE_BASE + 0x80 || c > ESCAPE_BASE + 0xff) continue;
    const before = i > 0 ? text.charCodeAt(i - 1) : 0;
    if (before >= 0xd800 && before <= 0xdbff) continue; // the second half of a real surrogate pair
    parts.push(Buffer.from(text.slice(start, i), 'utf8'), Buffer.of(c - ESCAPE_BASE));
    start = i + 1;
  }
  if (parts.length === 0) return Buffer.from(text, 'utf8');
  parts.push(Buffer.from(text.slice(start), 'utf8'));
  return Buffer.concat(parts);
}
