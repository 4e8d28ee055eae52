/**
 * The plain message line read without JSON.parse of the whole line (plain-line.ts) must give the
 * very frame the full reading gives, field order included, and must step aside (undefined) for
 * every line it does not read exactly: odd raws, odd numbers, other orders, broken lines.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { TraceError } from './format';
import { readPlainMessageLine } from './plain-line';
import { readTraceText } from './reader';
import { validateFrame } from './validate';
import { header } from './testing';

/** The full reading of a line: JSON.parse and the frame check; undefined where it refuses the line. */
function fullReading(line: string): Frame | undefined {
  try {
    return validateFrame(JSON.parse(line), 2, 0);
  } catch {
    return undefined;
  }
}

/** The fast reading gives the full one, or steps aside. Returns whether it read the line. */
function agrees(line: string): boolean {
  const fast = readPlainMessageLine(line);
  if (fast === undefined) return false;
  const full = fullReading(line);
  expect(full).toBeDefined();
  expect(fast).toEqual(full);
  // The same fields in the same order: what a writer of the frame puts back out.
  expect(JSON.stringify(fast)).toBe(JSON.stringify(full));
  expect(Object.getPrototypeOf(fast)).toBe(Object.prototype);
  return true;
}

const lineOf = (f: Record<string, unknown>) => JSON.stringify(f);
const plain = { seq: 12, ts: 86504, dir: 'c2s', lane: 'message', raw: '{"jsonrpc":"2.0","id":1,"method":"ping"}', size: 40, meta: { transport: 'stdio' } };

describe('the plain message line', () => {
  it('reads the line Loupe writes for a stdio message, whatever its direction', () => {
    for (const dir of ['c2s', 's2c', 'local']) expect(agrees(lineOf({ ...plain, dir }))).toBe(true);
    expect(agrees(lineOf({ ...plain, seq: 1, ts: 0, size: 0, raw: '' }))).toBe(true);
    expect(agrees(lineOf({ ...plain, seq: 999_999_999_999_999, ts: 999_999_999_999_999 }))).toBe(true);
  });

  it('reads raws of any text exactly: escapes, unicode, quotes, lone surrogates, its own field names', () => {
    const raws = [
      '{"a":"\\"quoted\\" \\\\ back\\\\slash"}',
      'tab\there\nnewline\r\u0000\u001f\u007f',
      'é ü 日本 😀 \u2028 \u2029',
      '\ud800 lone \udfff',
      '","size":1,"meta":{"transport":"stdio"}}',
      '"',
      '\\',
      '\\"',
      'not json at all',
    ];
    for (const raw of raws) expect(agrees(lineOf({ ...plain, raw }))).toBe(true);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('c2s', 's2c', 'local'), fc.nat(), (raw, dir, n) => {
        expect(agrees(lineOf({ ...plain, raw, dir, seq: n + 1, size: n }))).toBe(true);
      }),
      { numRuns: 2000 },
    );
    // Escapes JSON.stringify does not write, still one valid literal.
    expect(agrees(lineOf(plain).replace('"raw":"{', '"raw":"\\u007b'))).toBe(true);
    expect(agrees(lineOf(plain).replace('"raw":"{', '"raw":"\\/{'))).toBe(true);
  });

  it('steps aside for any other line, which the full reading then judges', () => {
    const others = [
      // Other orders, spacing, fields and metas.
      lineOf({ ts: plain.ts, seq: plain.seq, dir: plain.dir, lane: plain.lane, raw: plain.raw, size: plain.size, meta: plain.meta }),
      lineOf({ ...plain, meta: undefined }),
      lineOf({ ...plain, meta: { transport: 'stdio', crlf: true } }),
      lineOf({ ...plain, meta: { transport: 'http' } }),
      lineOf({ ...plain, truncated: true }),
      lineOf({ channel: 'app:1', ...plain }),
      lineOf({ ...plain, lane: 'stderr' }),
      JSON.stringify(plain, null, 1),
      lineOf(plain).replace('"ts":', '"ts": '),
      `${lineOf(plain)} `,
      // Numbers it does not read itself, valid or not.
      lineOf({ ...plain, ts: 1.5 }),
      lineOf({ ...plain, ts: -3 }),
      lineOf({ ...plain, ts: 1e21 }),
      lineOf({ ...plain, seq: 0 }),
      lineOf({ ...plain, seq: 1_000_000_000_000_000 }),
      lineOf({ ...plain, size: 1_000_000_000_000_000 }),
      lineOf(plain).replace('"seq":12', '"seq":012'),
      lineOf(plain).replace('"size":40', '"size":4e1'),
      lineOf(plain).replace('"size":40', '"size":-40'),
      lineOf(plain).replace('"ts":86504', '"ts":-0'),
      lineOf(plain).replace('"dir":"c2s"', '"dir":"c2sx"'),
      // Broken raws and broken lines.
      lineOf(plain).replace('"raw":"{', '"raw":"\\x{'),
      lineOf(plain).replace('"raw":"{', '"raw":"\u0001{'),
      lineOf(plain).replace('"raw":"{', '"raw":"{"'),
      lineOf(plain).replace('"raw":"', '"raw":'),
      lineOf(plain).replace('}","size"', '}\\","size"'),
      lineOf(plain).replace(',"size":40', ',"size":'),
      lineOf(plain).slice(0, -1),
      '{"seq":1}',
      '',
    ];
    for (const line of others) expect(agrees(line)).toBe(false);
  });

  it('agrees with the full reading on every line a character from the plain one', () => {
    const base = lineOf({ ...plain, raw: '{"a":"\\"x\\"","b":[1,2]}' });
    const swaps = ['', '"', '\\', ' ', '0', '1', '-', '.', 'e', ',', '}', ':', 'x'];
    let read = 0;
    for (let i = 0; i < base.length; i++)
      for (const s of swaps) {
        if (agrees(base.slice(0, i) + s + base.slice(i + 1))) read++;
        if (agrees(base.slice(0, i) + s + base.slice(i))) read++;
      }
    // Changing a raw's character or a number's digit still makes a plain line.
    expect(read).toBeGreaterThan(0);
  });
});

describe('a trace of plain lines', () => {
  const h = JSON.stringify(header());

  it('reads them as the full reading does, beside lines it reads in full', () => {
    const lines = [
      lineOf({ ...plain, seq: 1 }),
      lineOf({ ...plain, seq: 2, ts: 1.5 }),
      lineOf({ ...plain, seq: 3, dir: 's2c', raw: 'é \\ "' }),
      lineOf({ seq: 4, ts: 9, dir: 'local', lane: 'lifecycle', raw: 'exit', size: 0, meta: { transport: 'stdio', event: 'exit', code: 0 } }),
      lineOf({ ...plain, seq: 5, meta: { transport: 'stdio', crlf: true } }),
    ];
    const { frames } = readTraceText([h, ...lines].join('\n'));
    expect(frames.map((f) => JSON.stringify(f))).toEqual(lines.map((l) => JSON.stringify(JSON.parse(l))));
  });

  it('refuses a plain line out of seq order with the line and the reason', () => {
    const text = [h, lineOf({ ...plain, seq: 5 }), '', lineOf({ ...plain, seq: 5 })].join('\n');
    expect(() => readTraceText(text)).toThrow(TraceError);
    expect(() => readTraceText(text)).toThrow('line 4: seq 5 is out of order (the previous frame has seq 5); frames must be in increasing seq order');
  });
});
