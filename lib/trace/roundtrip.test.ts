import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { analyze } from '../analyze';
import { readTraceText, writeTrace } from './index';
import { header } from './testing';
import goldenV0 from '../../e2e/golden/everything-stdio.v0.loupe.ndjson?raw';
import goldenV1 from '../../e2e/golden/everything-stdio.v1.loupe.ndjson?raw';


const frameArb = fc.record(
  {
    ts: fc.nat(),
    dir: fc.constantFrom('c2s', 's2c', 'local'),
    lane: fc.constantFrom('message', 'stderr', 'http', 'lifecycle'),
    raw: fc.string({ unit: 'binary' }),
    size: fc.nat(),
    truncated: fc.boolean(),
    meta: fc.record({ transport: fc.constantFrom('stdio', 'http'), status: fc.integer(), headers: fc.dictionary(fc.string(), fc.string()) }),
  },
  { requiredKeys: ['ts', 'dir', 'lane', 'raw', 'size'] },
);

describe('trace round trip', () => {
  it('reads back exactly the frames it wrote (any text, including newlines and unpaired surrogates)', () => {
    fc.assert(
      fc.property(fc.array(frameArb, { maxLength: 30 }), (partial) => {
        const frames = partial.map((f, i) => ({ seq: i + 1, ...f }) as Frame);
        const back = readTraceText(writeTrace({ header: header(), frames }));
        // JSON.stringify writes lone surrogates as \\u escapes, so even broken UTF-16 survives.
        expect(back.frames).toEqual(frames);
        expect(back.header).toEqual(header());
      }),
    );
  });

  it('round-trips the golden session recorded with server-everything byte for byte', () => {
    const text = goldenV1;
    const trace = readTraceText(text);
    expect(trace.frames.length).toBeGreaterThan(20);
    expect(trace.header.negotiatedVersion).toBe('2025-06-18');
    expect(writeTrace(trace)).toBe(text);
  });

  it('gives the same annotations and state after a round trip as the frames did', () => {
    const frames = readTraceText(goldenV1).frames;
    const before = analyze(frames);
    const after = analyze(readTraceText(writeTrace({ header: header(), frames })).frames);
    expect(after.annotations).toEqual(before.annotations);
    expect(after.state.serverCapabilities).toEqual(before.state.serverCapabilities);
    expect(after.state.negotiatedVersion).toBe('2025-06-18');
  });
});

describe('migration', () => {
  it('migrates the golden version-0 file to the frames of version 1', () => {
    const v1 = readTraceText(goldenV1);
    const v0 = readTraceText(goldenV0);
    expect(v0.header).toMatchObject({ format: 'loupe-trace', version: 1, target: v1.header.target, negotiatedVersion: '2025-06-18', source: 'live' });
    expect(v0.frames.length).toBe(v1.frames.length);
    // ms with three decimals gives back the same microseconds; the pid of spawn differs per recording.
    const strip = (f: Frame) => ({ ...f, meta: { ...f.meta, pid: undefined } });
    expect(v0.frames.map(strip)).toEqual(v1.frames.map(strip));
  });
});
