import { describe, expect, it } from 'vitest';
import { TRACE_VERSION, TraceError, TraceReader, readTraceStream, readTraceText } from './index';
import { header, lines, message } from './testing';

function refusal(text: string, limits = {}): TraceError {
  try {
    readTraceText(text, limits);
  } catch (e) {
    expect(e).toBeInstanceOf(TraceError);
    return e as TraceError;
  }
  throw new Error('the file was accepted');
}

const ok = (n: number) => Array.from({ length: n }, (_, i) => message(i + 1, i % 2 ? 's2c' : 'c2s', { jsonrpc: '2.0', id: i, method: 'ping' }));

describe('trace reader refusals', () => {
  it('refuses bad JSON on line 7 with its line number', () => {
    const text = lines(header(), ...ok(5), '{"seq":6,"ts":1, oops', ...ok(0));
    const e = refusal(text);
    expect(e.line).toBe(7);
    expect(e.message).toMatch(/^line 7: not valid JSON/);
  });

  it('refuses a file without a header', () => {
    const e = refusal(lines(...ok(3)));
    expect(e.line).toBe(1);
    expect(e.reason).toMatch(/missing header: the first line is a frame/);
    expect(refusal('').reason).toMatch(/missing header: the file is empty/);
    expect(refusal(lines({ hello: 1 })).reason).toMatch(/not a Loupe trace/);
  });

  it('refuses a frame missing seq', () => {
    const { seq: _seq, ...noSeq } = message(3, 'c2s', {});
    const e = refusal(lines(header(), ...ok(2), noSeq));
    expect([e.line, e.reason]).toEqual([4, 'a frame: seq is missing (expected number)']);
  });

  it('refuses out-of-order seq', () => {
    const e = refusal(lines(header(), message(1, 'c2s', {}), message(3, 's2c', {}), message(2, 'c2s', {})));
    expect(e.line).toBe(4);
    expect(e.reason).toMatch(/seq 2 is out of order \(the previous frame has seq 3\)/);
  });

  it('refuses a frame with a bad field and says which', () => {
    const bad = { ...message(1, 'c2s', {}), dir: 'up' };
    expect(refusal(lines(header(), bad)).reason).toBe('frame 1: dir is "up", expected "c2s", "s2c" or "local"');
    const noRaw = { ...message(1, 'c2s', {}), raw: 5 };
    expect(refusal(lines(header(), noRaw)).reason).toBe('frame 1: raw is 5, expected string');
  });

  it('refuses a file from a newer Loupe', () => {
    const e = refusal(lines({ ...header(), version: TRACE_VERSION + 1 }, ...ok(1)));
    expect(e.message).toBe(`line 1: written by a newer Loupe (format ${TRACE_VERSION + 1}); this Loupe reads up to ${TRACE_VERSION}: upgrade Loupe`);
  });

  it('refuses oversized files and lines', () => {
    const text = lines(header(), ...ok(50));
    expect(refusal(text, { maxChars: 2000 }).reason).toMatch(/the file is larger than the limit/);
    const long = lines(header(), message(1, 'c2s', { pad: 'x'.repeat(5000) }));
    const e = refusal(long, { maxLineChars: 1000 });
    expect([e.line, e.reason]).toEqual([2, expect.stringMatching(/the line is longer than the limit/)]);
    expect(refusal(text, { maxFrames: 10 }).line).toBe(12);
  });

  it('keeps nothing after a refusal, even frames read before the bad line', () => {
    const reader = new TraceReader();
    reader.push(lines(header(), ...ok(3)));
    expect(reader.framesRead).toBe(3);
    expect(() => reader.push('not json\n')).toThrow(/line 5/);
    expect(reader.framesRead).toBe(0);
    expect(() => reader.end()).toThrow(/line 5/);
  });
});

describe('trace reader streaming', () => {
  it('reads the same frames whatever the chunk boundaries, including CRLF and split characters', async () => {
    const frames = [...ok(20), message(21, 's2c', { text: 'héllo – ✓ 🎉' })];
    const text = lines(header(), ...frames).replace(/\n/g, '\r\n');
    const bytes = new TextEncoder().encode(text);
    for (const size of [1, 3, 7, 64, bytes.length]) {
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          for (let i = 0; i < bytes.length; i += size) c.enqueue(bytes.slice(i, i + size));
          c.close();
        },
      });
      expect((await readTraceStream(stream)).frames).toEqual(frames);
    }
  });

  // How fast is the bench's to measure (npm run bench); here, that 100,000 frames read whole in chunks.
  it('opens 100,000 frames read in chunks', () => {
    const frames = Array.from({ length: 100_000 }, (_, i) =>
      message(i + 1, i % 2 ? 's2c' : 'c2s', { jsonrpc: '2.0', id: i >> 1, ...(i % 2 ? { result: { tools: [] } } : { method: 'tools/list', params: {} }) }),
    );
    const text = lines(header(), ...frames);
    const reader = new TraceReader();
    for (let i = 0; i < text.length; i += 65536) reader.push(text.slice(i, i + 65536));
    const trace = reader.end();
    expect(trace.frames.length).toBe(100_000);
    expect(trace.frames[99_999].seq).toBe(100_000);
  });
});
