import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Frame } from '../mcp/frame';
import { LineSplitter } from '../mcp/framing';
import { maskCredentials } from '../trace/masked-frames';
import { decodeFramesChunk, encodeFramesChunk, isFramesChunk, type FramesChunk } from './frame-chunk';

const frame = (seq: number, raw: string, extra: Partial<Frame> = {}): Frame =>
  ({ seq, ts: seq * 1.5, dir: 's2c', lane: 'message', raw, size: new TextEncoder().encode(raw).length, meta: { transport: 'stdio' }, ...extra }) as Frame;

/** The bytes as the page's socket hands them over: an ArrayBuffer of exactly the message. */
function asReceived(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer;
}

function roundTrip(msg: FramesChunk) {
  const r = decodeFramesChunk(asReceived(encodeFramesChunk(msg)));
  if (!r.ok) throw new Error(r.problem);
  return r.msg;
}

/** What the JSON form gives for the same message: the binary form must give the very same. */
const viaJson = (msg: unknown) => JSON.parse(JSON.stringify(msg));

describe('the compact frames form', () => {
  it('gives back exactly what the JSON form gives, key order included', () => {
    const msg: FramesChunk = {
      type: 'frames/snapshot',
      sessionId: 's-1',
      endSeq: 9,
      more: true,
      frames: [frame(1, '{"a":"é \\"q\\""}'), frame(2, 'plain', { dir: 'c2s', truncated: true })],
    };
    const back = roundTrip(msg);
    expect(back).toEqual(viaJson(msg));
    expect(JSON.stringify(back.frames)).toBe(JSON.stringify(msg.frames));
    expect(roundTrip({ type: 'frames/append', sessionId: 's', frames: [frame(3, 'x')] })).toEqual({
      type: 'frames/append',
      sessionId: 's',
      frames: [viaJson({ f: frame(3, 'x') }).f],
    });
  });

  it('keeps invalid UTF-8 as the recorder records it: U+FFFD in raw, the exact bytes in rawBase64', () => {
    const splitter = new LineSplitter();
    const lines = splitter.push(Uint8Array.of(0x7b, 0xff, 0xfe, 0x22, 0xc3, 0x0a, 0xef, 0xbb, 0xbf, 0x61, 0x0a));
    expect(lines[0].invalidUtf8).toBe(true);
    const frames = lines.map((l, i) => frame(i + 1, l.raw, { size: l.size, ...(l.invalidUtf8 && { invalidUtf8: true, rawBase64: l.rawBase64 }) }));
    const back = roundTrip({ type: 'frames/append', sessionId: 's', frames });
    expect(back.frames).toEqual(viaJson({ frames }).frames);
    expect(back.frames[0].raw).toContain('\uFFFD');
    // A text that starts with a byte order mark keeps it, first in its message or not.
    expect(back.frames[1].raw).toBe('\uFEFFa');
    expect(roundTrip({ type: 'frames/append', sessionId: 's', frames: frames.slice(1) }).frames[0].raw).toBe('\uFEFFa');
  });

  it('carries a text that is not well-formed UTF-16 (a lone surrogate) unchanged', () => {
    const frames = [frame(1, 'a\uD800b'), frame(2, 'ok'), frame(3, '\uDC00')];
    expect(roundTrip({ type: 'frames/append', sessionId: 's', frames }).frames.map((f) => f.raw)).toEqual(['a\uD800b', 'ok', '\uDC00']);
  });

  it('takes empty texts, a frame with no text kept, and no frames at all', () => {
    const frames = [frame(1, ''), frame(2, '', { textDropped: true, size: 500 }), frame(3, 'z')];
    expect(roundTrip({ type: 'frames/append', sessionId: 's', frames }).frames).toEqual(viaJson({ frames }).frames);
    expect(roundTrip({ type: 'frames/snapshot', sessionId: 's', endSeq: 0, frames: [] })).toEqual({
      type: 'frames/snapshot',
      sessionId: 's',
      endSeq: 0,
      frames: [],
    });
  });

  it('takes a huge frame', () => {
    const big = '{"data":"' + '€'.repeat(3 * 1024 * 1024) + '"}';
    const back = roundTrip({ type: 'frames/append', sessionId: 's', frames: [frame(1, 'a'), frame(2, big), frame(3, 'b')] });
    expect(back.frames.map((f) => f.raw)).toEqual(['a', big, 'b']);
  });

  it('keeps each frame its own meta and lane across many shapes', () => {
    const frames = [
      frame(1, 'x', { lane: 'stderr', meta: { transport: 'stdio', crlf: true } }),
      frame(2, 'y'),
      frame(3, '', { dir: 'local', lane: 'lifecycle', meta: { transport: 'stdio', event: 'exit', code: 0 } }),
      frame(4, 'z', { lane: 'stderr', meta: { transport: 'stdio', crlf: true } }),
      // Neighbours that differ deep inside their meta, or by a field one of them lacks.
      frame(5, 'h', { lane: 'http', meta: { transport: 'http', phase: 'request', stream: 'post', method: 'POST', url: 'u', headers: [['a', '1']] } }),
      frame(6, 'h', { lane: 'http', meta: { transport: 'http', phase: 'request', stream: 'post', method: 'POST', url: 'u', headers: [['a', '2']] } }),
      frame(7, 'h', {
        lane: 'http',
        meta: {
          transport: 'http',
          phase: 'request',
          stream: 'post',
          method: 'POST',
          url: 'u',
          headers: [
            ['a', '2'],
            ['b', ''],
          ],
        },
      }),
      frame(8, 'h', {
        lane: 'http',
        meta: {
          transport: 'http',
          phase: 'request',
          stream: 'post',
          method: 'POST',
          url: 'u',
          headers: [
            ['a', '2'],
            ['b', ''],
          ],
        },
        truncated: true,
      }),
      frame(9, 'h', { lane: 'http' }),
    ] as Frame[];
    expect(roundTrip({ type: 'frames/append', sessionId: 's', frames }).frames).toEqual(viaJson({ frames }).frames);
  });

  it('round-trips any texts and numbers, cut into chunks anywhere', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ unit: 'binary' }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.nat()), { maxLength: 30 }),
        fc.nat({ max: 30 }),
        (parts, cut) => {
          const frames = parts.map(([raw, ts, size], i) => frame(i + 1, raw, { ts, size }));
          const chunks = [frames.slice(0, cut), frames.slice(cut)];
          const back = chunks.flatMap((c) => roundTrip({ type: 'frames/append', sessionId: 's', frames: c }).frames);
          expect(back).toEqual(frames.map((f) => ({ ...f, ts: Object.is(f.ts, -0) ? -0 : f.ts })));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('carries credentials only as masked before encoding', () => {
    const secret = 'tok-0123456789abcdef';
    const frames = maskCredentials([frame(1, `{"authorization":"Bearer ${secret}"}`)], [secret]);
    const bytes = encodeFramesChunk({ type: 'frames/append', sessionId: 's', frames });
    expect(new TextDecoder().decode(bytes)).not.toContain(secret);
    expect(roundTrip({ type: 'frames/append', sessionId: 's', frames }).frames[0].raw).toContain('«redacted:oauth');
  });

  it('says what is wrong with a message that is cut short or is something else', () => {
    const bytes = encodeFramesChunk({ type: 'frames/snapshot', sessionId: 's', endSeq: 2, frames: [frame(1, 'hello'), frame(2, 'world')] });
    expect(isFramesChunk(bytes)).toBe(true);
    expect(decodeFramesChunk(asReceived(bytes.subarray(0, bytes.length - 3)))).toEqual({ ok: false, problem: "frame 1's text runs past the end of the texts" });
    expect(decodeFramesChunk(asReceived(bytes.subarray(0, 40)))).toMatchObject({ ok: false, problem: expect.stringMatching(/cut short|runs past/) });
    expect(decodeFramesChunk(asReceived(new TextEncoder().encode('{"type":"hello"}')))).toMatchObject({
      ok: false,
      problem: expect.stringContaining('not a frames message'),
    });
    const extra = new Uint8Array(bytes.length + 2);
    extra.set(bytes);
    extra.set([0x41, 0x42], bytes.length);
    expect(decodeFramesChunk(asReceived(extra))).toEqual({ ok: false, problem: 'its texts hold 2 more characters than its frames' });
  });
});
