/**
 * Reading costs the length of the file, however its lines fall across chunks: a trace written as
 * one long line (a large result, or a file without newlines) used to be searched from its start on
 * every chunk. Measured by counting the characters the reader searches for a newline, not by time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TraceError, TraceReader } from './index';
import { header, lines, message } from './testing';

const originalIndexOf = String.prototype.indexOf;
afterEach(() => {
  String.prototype.indexOf = originalIndexOf;
});

/** Runs `read` with every search for a newline counted: how many characters it could look at. */
function charsSearchedForNewlines(read: () => void): number {
  let searched = 0;
  String.prototype.indexOf = function (this: string, search: string, from?: number) {
    if (search === '\n') searched += this.length - Math.max(0, from ?? 0);
    return originalIndexOf.call(this, search, from);
  };
  try {
    read();
  } finally {
    String.prototype.indexOf = originalIndexOf;
  }
  return searched;
}

function pushInChunks(reader: TraceReader, text: string, size: number): void {
  for (let i = 0; i < text.length; i += size) reader.push(text.slice(i, i + size));
}

const bigFrame = (chars: number) => message(1, 's2c', { jsonrpc: '2.0', id: 1, result: { text: 'x'.repeat(chars) } });

describe('trace reader cost', () => {
  it('searches each character once when one line spans a thousand chunks', () => {
    const frame = bigFrame(1_000_000);
    const text = lines(header(), frame);
    const reader = new TraceReader();
    const searched = charsSearchedForNewlines(() => pushInChunks(reader, text, 1024));
    expect(reader.end().frames).toEqual([frame]);
    // Searching from the line's start on every chunk would be about 500 times the text.
    expect(searched).toBeLessThanOrEqual(2 * text.length);
  });

  it('searches each character once when the file has no newline at all', () => {
    const text = lines(header()) + JSON.stringify(bigFrame(500_000));
    const reader = new TraceReader();
    const searched = charsSearchedForNewlines(() => pushInChunks(reader, text, 512));
    expect(reader.end().frames).toHaveLength(1);
    expect(searched).toBeLessThanOrEqual(2 * text.length);
  });

  it('still refuses a line over the limit while it is arriving, before its end is seen', () => {
    const reader = new TraceReader({ maxLineChars: 10_000 });
    reader.push(lines(header()));
    let refused: unknown;
    try {
      for (let i = 0; i < 100; i++) reader.push('x'.repeat(1000));
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(TraceError);
    expect((refused as TraceError).message).toBe('line 2: the line is longer than the limit of 9.8 KiB');
  });
});
