import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ProxyMessageSchema } from '../wire/protocol';
import { checkFramesChunk, checkFramesMessage } from './frames-message';
import { encodeFramesChunk, type ChunkFrame } from '../wire/frame-chunk';

const good = { seq: 1, ts: 12.5, dir: 'c2s', lane: 'message', raw: '{"jsonrpc":"2.0"}', size: 17, meta: { transport: 'stdio' } };

/** Frames that are mostly well-formed, with any one field sometimes replaced by a wrong value. */
const anyValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer({ min: -3, max: 3 }),
  fc.double(),
  fc.string(),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
);
const frame = fc.record(
  {
    seq: fc.oneof(fc.integer({ min: 1, max: 1e6 }), anyValue),
    ts: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), anyValue),
    dir: fc.oneof(fc.constantFrom('c2s', 's2c', 'local'), anyValue),
    lane: fc.oneof(fc.constantFrom('message', 'stderr', 'http', 'lifecycle'), anyValue),
    raw: fc.oneof(fc.string(), anyValue),
    size: fc.oneof(fc.nat(), anyValue),
    truncated: fc.option(fc.oneof(fc.boolean(), anyValue), { nil: undefined }),
    invalidUtf8: fc.option(fc.boolean(), { nil: undefined }),
    rawBase64: fc.option(fc.oneof(fc.string(), anyValue), { nil: undefined }),
    meta: fc.option(fc.oneof(fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }), anyValue), { nil: undefined }),
  },
  { requiredKeys: [] },
);

/** A frame's numbers with -0 written as 0, as a JSON round trip writes them. */
const plainZeros = <F extends { seq: number; ts: number; size: number }>(f: F): F => ({
  ...f,
  seq: f.seq === 0 ? 0 : f.seq,
  ts: f.ts === 0 ? 0 : f.ts,
  size: f.size === 0 ? 0 : f.size,
});

describe('checkFramesMessage', () => {
  it('accepts and refuses exactly what the zod schema does', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('frames/snapshot', 'frames/append'),
        fc.oneof(fc.string({ maxLength: 3 }), fc.constant('s-1')),
        fc.array(frame, { maxLength: 3 }),
        fc.oneof(fc.nat(), anyValue),
        fc.option(fc.oneof(fc.boolean(), anyValue), { nil: undefined }),
        (type, sessionId, frames, endSeq, more) => {
          // A JSON round trip, as over the socket: undefined fields vanish.
          const json = JSON.parse(JSON.stringify({ type, sessionId, frames, endSeq, more }));
          expect(checkFramesMessage(json)?.ok).toBe(ProxyMessageSchema.safeParse(json).success);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('gives the binary form the same verdict and the same frames as the JSON form', () => {
    // The binary form's columns are numbers and its texts strings by construction; every other
    // field may be anything, and the one validator judges it the same way either form came.
    const typed = fc.record({
      seq: fc.oneof(fc.integer({ min: -2, max: 1e6 }), fc.double()),
      ts: fc.double(),
      size: fc.oneof(fc.nat(), fc.double()),
      raw: fc.string(),
    });
    fc.assert(
      fc.property(
        fc.constantFrom('frames/snapshot', 'frames/append'),
        fc.oneof(fc.string({ maxLength: 3 }), fc.constant('s-1')),
        fc.array(fc.tuple(frame, typed), { maxLength: 3 }),
        fc.nat(),
        fc.option(fc.boolean(), { nil: undefined }),
        (type, sessionId, parts, endSeq, more) => {
          const frames = parts.map(([f, t]) => ({ ...f, ...t })) as unknown as ChunkFrame[];
          const msg = { type, sessionId, frames, ...(type === 'frames/snapshot' && { endSeq }), ...(more !== undefined && { more }) };
          const json = checkFramesMessage(JSON.parse(JSON.stringify(msg)));
          const binary = checkFramesChunk(encodeFramesChunk(msg).slice().buffer);
          expect(binary.ok).toBe(json?.ok);
          // JSON has no -0: the JSON form reads a -0 as 0 where the binary form keeps it; both are zero.
          if (binary.ok && json?.ok) expect({ ...binary.msg, frames: binary.msg.frames.map(plainZeros) }).toEqual(json.msg);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('judges frames of one shape by their own numbers in the binary form', () => {
    const number = fc.oneof(fc.integer({ min: -2, max: 5 }), fc.double(), fc.constant(2 ** 53), fc.constant(-0));
    const shapes = fc.constantFrom({}, { meta: { transport: 'stdio' } }, { meta: { transport: 'nope' } }, { truncated: true }, { extra: 1 });
    fc.assert(
      fc.property(shapes, fc.array(fc.tuple(number, number, number), { minLength: 1, maxLength: 6 }), (shape, numbers) => {
        const frames = numbers.map(([seq, ts, size]) => ({ ...good, ...shape, seq, ts, size }));
        const msg = { type: 'frames/append' as const, sessionId: 's', frames };
        const zod = ProxyMessageSchema.safeParse(msg);
        const binary = checkFramesChunk(encodeFramesChunk(msg).slice().buffer);
        expect(binary.ok).toBe(zod.success);
        if (!binary.ok) expect(binary).toEqual(checkFramesMessage(msg));
      }),
      { numRuns: 1000 },
    );
  });

  it('judges a frame whose text is missing from the texts, though its shape was judged already', () => {
    // Two frames of one shape, then the second one's text taken out of the texts (NO_TEXT): it
    // would take its shape's raw, and this shape has none.
    const bytes = encodeFramesChunk({
      type: 'frames/append',
      sessionId: 's',
      frames: [
        { ...good, raw: 'x', size: 1 },
        { ...good, seq: 2, raw: 'y', size: 1 },
      ],
    }).slice();
    const view = new DataView(bytes.buffer);
    const columns = (8 + view.getUint32(4, true) + 7) & ~7;
    view.setUint32(columns + 2 * 28 + 4, 0xffffffff, true);
    const r = checkFramesChunk(bytes.slice(0, bytes.length - 1).buffer);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toMatch(/^frames\[1\]: .*raw/);
  });

  it('names the first bad frame and field', () => {
    const r = checkFramesMessage({ type: 'frames/append', sessionId: 's', frames: [good, { ...good, seq: 2, dir: 'up' }] });
    expect(r).toEqual({ ok: false, problem: 'frames[1]: frame 2: dir is "up", expected "c2s", "s2c" or "local"' });
  });

  it('leaves other messages to zod', () => {
    expect(checkFramesMessage({ type: 'hello' })).toBeUndefined();
    expect(checkFramesMessage(null)).toBeUndefined();
  });

  it('passes a good snapshot through as it came', () => {
    const msg = { type: 'frames/snapshot', sessionId: 's', frames: [good], endSeq: 1 };
    expect(checkFramesMessage(msg)).toEqual({ ok: true, msg });
    const chunk = { ...msg, endSeq: 9, more: true };
    expect(checkFramesMessage(chunk)).toEqual({ ok: true, msg: chunk });
  });

  it('refuses a snapshot chunk whose more is not a boolean', () => {
    expect(checkFramesMessage({ type: 'frames/snapshot', sessionId: 's', frames: [good], endSeq: 1, more: 'yes' })).toEqual({
      ok: false,
      problem: 'more: expected a boolean',
    });
  });
});
