import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { TraceError, type TraceHeader } from './index';
import { TraceBatchReader } from './batch-reader';
import { header, lines, message } from './testing';

const ok = (n: number, from = 1) => Array.from({ length: n }, (_, i) => message(from + i, i % 2 ? 's2c' : 'c2s', { jsonrpc: '2.0', id: i, method: 'ping' }));

/** Reads `text` in chunks of `size` characters; what the sink got, and the reader. */
function read(text: string, size: number) {
  const got: { header?: TraceHeader; batches: Frame[][] } = { batches: [] };
  const reader = new TraceBatchReader({ header: (h) => (got.header = h), frames: (b) => got.batches.push(b) }, 1000);
  for (let at = 0; at < text.length; at += size) reader.push(text.slice(at, at + size));
  reader.end();
  return { got, reader };
}

describe('the batch reader', () => {
  it('hands every frame on, in order, a chunk at a time, the header first', () => {
    const { got, reader } = read(lines(header(), ...ok(50)), 300);
    expect(got.header?.target.name).toBe('test');
    expect(got.batches.length).toBeGreaterThan(5);
    expect(got.batches.flat().map((f) => f.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(reader.framesRead).toBe(50);
    // A dense trace: every frame is on line seq + 1, nothing to remember.
    expect(reader.lines.stretches).toBe(0);
    expect(reader.lines.lineOf(50)).toBe(51);
  });

  it('knows the line of every frame, noting only where a blank line or a skipped seq moves it', () => {
    const { reader } = read(lines(header(), ...ok(2), '', ...ok(2, 3), ...ok(3, 9), ...ok(2, 20)), 7);
    expect([1, 2, 3, 4, 9, 10, 11, 20, 21].map((seq) => reader.lines.lineOf(seq))).toEqual([2, 3, 5, 6, 7, 8, 9, 10, 11]);
    expect(reader.lines.stretches).toBe(3);
  });

  it('has no frame or size limit, only the line limit', () => {
    expect(read(lines(header(), ...ok(3000)), 4096).reader.framesRead).toBe(3000);
    const long = message(1, 'c2s', { jsonrpc: '2.0', id: 1, method: 'x'.repeat(2000) });
    expect(() => read(lines(header(), long), 100)).toThrow(/line 2: the line is longer than the limit/);
  });

  it('refuses a bad line with its number, as the whole-file reader does', () => {
    const text = lines(header(), ...ok(5), '{"seq":6,"ts":1, oops');
    expect(() => read(text, 64)).toThrow(TraceError);
    expect(() => read(text, 64)).toThrow(/^line 7: not valid JSON/);
    expect(() => read('', 64)).toThrow(/missing header: the file is empty/);
  });
});
