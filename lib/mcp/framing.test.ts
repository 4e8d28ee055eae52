import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LineSplitter, bytesToBase64, completeUtf8Length, type Line } from './framing';

const enc = new TextEncoder();

function splitAll(chunks: Uint8Array[], max?: number): Line[] {
  const s = new LineSplitter(max);
  const out: Line[] = [];
  for (const c of chunks) out.push(...s.push(c));
  out.push(...s.end());
  return out;
}

function cutAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let prev = 0;
  for (const p of points) {
    chunks.push(bytes.subarray(prev, p));
    prev = p;
  }
  chunks.push(bytes.subarray(prev));
  return chunks;
}

describe('LineSplitter', () => {
  it('splits on \\n and keeps every line, including empty ones', () => {
    expect(splitAll([enc.encode('a\n\nbc\n')]).map((l) => l.raw)).toEqual(['a', '', 'bc']);
  });

  it('emits a final line without \\n at end of stream', () => {
    const s = new LineSplitter();
    expect(s.push(enc.encode('{"a":1}\n{"b"'))).toEqual([{ raw: '{"a":1}', size: 7 }]);
    expect(s.pending).toBe(true);
    expect(s.end()).toEqual([{ raw: '{"b"', size: 4 }]);
    expect(s.end()).toEqual([]);
  });

  it('joins a line split across many chunks, even inside a multi-byte character', () => {
    const bytes = enc.encode('héllo 🌍 wörld\n');
    const chunks = Array.from(bytes, (b) => Uint8Array.of(b));
    const lines = splitAll(chunks);
    expect(lines).toEqual([{ raw: 'héllo 🌍 wörld', size: bytes.length - 1 }]);
    expect(lines[0].invalidUtf8).toBeUndefined();
  });

  it('gives the same lines for any chunking of the same bytes', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 6 }), (texts, cuts) => {
        const whole = enc.encode(texts.join('\n'));
        const expected = splitAll([whole]);
        expect(splitAll(cutAt(whole, cuts))).toEqual(expected);
        const text = texts.join('\n');
        const rebuilt = expected.map((l) => l.raw + (l.crlf ? '\r' : '')).join('\n') + (text.endsWith('\n') ? '\n' : '');
        expect(rebuilt).toBe(text);
      }),
    );
  });

  it('strips and flags a CRLF ending, also when \\r and \\n arrive in different chunks', () => {
    const lines = splitAll([enc.encode('{"x":1}\r'), enc.encode('\nplain\n')]);
    expect(lines).toEqual([
      { raw: '{"x":1}', size: 8, crlf: true },
      { raw: 'plain', size: 5 },
    ]);
    expect(splitAll([enc.encode('{"x":1}\r\n\r\n')])).toEqual([
      { raw: '{"x":1}', size: 8, crlf: true },
      { raw: '', size: 1, crlf: true },
    ]);
  });

  it('keeps a \\r that is not at the end of the line', () => {
    expect(splitAll([enc.encode('a\rb\n')])).toEqual([{ raw: 'a\rb', size: 3 }]);
  });

  it('truncates a line over the limit, keeps the total size, and continues with the next line', () => {
    const big = 'x'.repeat(100);
    const lines = splitAll([enc.encode(big.slice(0, 30)), enc.encode(big.slice(30) + '\nnext\n')], 16);
    expect(lines[0]).toEqual({ raw: 'x'.repeat(16), size: 100, truncated: true });
    expect(lines[1]).toEqual({ raw: 'next', size: 4 });
  });

  it('cuts a truncated line back to a character boundary instead of inventing invalid UTF-8', () => {
    const lines = splitAll([enc.encode('aé€🌍🌍\n')], 8); // a(1) é(2) €(3) then 🌍 would cross 8
    expect(lines[0]).toMatchObject({ raw: 'aé€', truncated: true, size: 14 });
    expect(lines[0].invalidUtf8).toBeUndefined();
  });

  it('survives a huge line in many chunks without keeping it all', () => {
    const s = new LineSplitter(1024);
    const chunk = new Uint8Array(64 * 1024).fill(0x41);
    let lines: Line[] = [];
    for (let i = 0; i < 256; i++) lines = lines.concat(s.push(chunk)); // 16 MiB
    lines = lines.concat(s.push(enc.encode('\n')));
    expect(lines).toHaveLength(1);
    expect(lines[0].size).toBe(16 * 1024 * 1024);
    expect(lines[0].raw.length).toBe(1024);
    expect(lines[0].truncated).toBe(true);
  });

  it('flags invalid UTF-8 and keeps the exact bytes in base64', () => {
    const bytes = Uint8Array.of(0x7b, 0xff, 0xfe, 0x7d, 0x0a);
    const [line] = splitAll([bytes]);
    expect(line.invalidUtf8).toBe(true);
    expect(line.raw).toBe('{\uFFFD\uFFFD}');
    expect(line.rawBase64).toBe(bytesToBase64(bytes.subarray(0, 4)));
    expect(line.size).toBe(4);
  });

  it('keeps a byte-order mark as text', () => {
    expect(splitAll([Uint8Array.of(0xef, 0xbb, 0xbf, 0x61, 0x0a)])[0].raw).toBe('\uFEFFa');
  });

  it('does not keep a reference to the caller buffer', () => {
    const s = new LineSplitter();
    const buf = enc.encode('abc');
    s.push(buf);
    buf.fill(0x7a);
    expect(s.end()[0].raw).toBe('abc');
  });

  it('refuses a non-positive limit with a clear message', () => {
    expect(() => new LineSplitter(0)).toThrow(/maxLineBytes must be positive/);
  });
});

describe('completeUtf8Length', () => {
  it('drops only an incomplete trailing sequence', () => {
    const e = enc.encode('a€');
    expect(completeUtf8Length(e)).toBe(4);
    expect(completeUtf8Length(e.subarray(0, 3))).toBe(1);
    expect(completeUtf8Length(e.subarray(0, 2))).toBe(1);
    expect(completeUtf8Length(new Uint8Array(0))).toBe(0);
  });
});

describe('bytesToBase64', () => {
  it('matches the standard encoding for every padding case', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        expect(bytesToBase64(bytes)).toBe(btoa(String.fromCharCode(...bytes)));
      }),
    );
  });
});
