/**
 * Values mirrored into Streamable HTTP headers (basic/transports/streamable-http#value-encoding):
 * plain visible ASCII as is, anything else as `=?base64?{UTF-8 in base64}?=`. The client encodes
 * with lib/mcp/modern-headers.ts; the analyser decodes what crossed and compares it with the body.
 */
import { encodeHeaderValue } from '../../../mcp/modern-headers';
import { isObj, own } from '../../util';

const SENTINEL = /^=\?base64\?(.*)\?=$/s;

/** The text a body value becomes in a header, before encoding (undefined: no header is sent). */
export function headerText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return undefined;
}

/** A header value read back: the decoded text, or why it cannot be read. */
export function decodeHeader(value: string): { text: string; encoded: boolean } | { error: string } {
  const m = SENTINEL.exec(value);
  if (!m) return { text: value, encoded: false };
  try {
    const bin = atob(m[1]);
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoded: true };
  } catch {
    return { error: `${JSON.stringify(value)} is not valid base64 of UTF-8 text` };
  }
}

/**
 * Compares a header with the body value it mirrors. Undefined when they agree; otherwise what is
 * wrong, in words. Integers compare numerically (`42.0` is `42`).
 */
export function headerDisagrees(name: string, header: string | undefined, body: unknown): string | undefined {
  const want = headerText(body);
  if (header === undefined) return want === undefined ? undefined : `${name} is missing (the body says ${JSON.stringify(want)})`;
  if (want === undefined) return `${name}: ${JSON.stringify(header)} is sent, but the body has no value for it`;
  const read = decodeHeader(header);
  if ('error' in read) return `${name}: ${read.error}`;
  if (!read.encoded && encodeHeaderValue(want) !== want) return `${name}: ${JSON.stringify(want)} is not plain ASCII and must be sent as =?base64?…?=`;
  const same = typeof body === 'number' ? Number(read.text) === body : read.text === want;
  return same ? undefined : `${name}: ${JSON.stringify(read.text)} does not match the body's ${JSON.stringify(want)}`;
}

export function valueAt(o: unknown, path: string[]): unknown {
  let cur = o;
  for (const k of path) cur = isObj(cur) ? own(cur, k) : undefined;
  return cur === null ? undefined : cur;
}
