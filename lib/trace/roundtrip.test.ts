import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { validFrames } from '../mcp/schema-arbitrary';
import { analyze } from '../analyze';
import { TRACE_VERSION, readTraceText, writeTrace } from './index';
import { header } from './testing';
import goldenV0 from '../../e2e/golden/everything-stdio.v0.loupe.ndjson?raw';
import goldenV1 from '../../e2e/golden/everything-stdio.v1.loupe.ndjson?raw';
import goldenV2 from '../../e2e/golden/everything-stdio.v2.loupe.ndjson?raw';
import goldenApps from '../../e2e/golden/apps-basic.v3.loupe.ndjson?raw';

/** Every shape of frame the contract allows, with any text at all in raw. */
const frameArb = fc.tuple(validFrames(), fc.string({ unit: 'binary' })).map(([f, raw]): Frame => ({ ...f, raw }));

describe('trace round trip', () => {
  it('reads back exactly the frames it wrote (any text, including newlines and unpaired surrogates)', () => {
    fc.assert(
      fc.property(fc.array(frameArb, { maxLength: 30 }), (partial) => {
        const frames = partial.map((f, i): Frame => ({ ...f, seq: i + 1 }));
        const back = readTraceText(writeTrace({ header: header(), frames }));
        // JSON.stringify writes lone surrogates as \\u escapes, so even broken UTF-16 survives.
        expect(back.frames).toEqual(frames);
        expect(back.header).toEqual(header());
      }),
    );
  });

  it('round-trips the golden session recorded with server-everything byte for byte', () => {
    // Version 2 to 3 changes only the header's version: every frame line is written back as it was.
    const text = goldenV2;
    const trace = readTraceText(text);
    expect(trace.frames.length).toBeGreaterThan(20);
    expect(trace.header.negotiatedVersion).toBe('2025-06-18');
    expect(writeTrace(trace)).toBe(text.replace('"version":2,', `"version":${TRACE_VERSION},`));
  });

  it('round-trips the MCP Apps golden session, app channel included, byte for byte', () => {
    const trace = readTraceText(goldenApps);
    expect(new Set(trace.frames.map((f) => f.channel))).toEqual(new Set([undefined, 'app:1']));
    expect(writeTrace(trace)).toBe(goldenApps);
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
  it('migrates the golden version-0 file to the frames of version 1, and both to the current version', () => {
    const v1 = readTraceText(goldenV1);
    const v0 = readTraceText(goldenV0);
    expect(v0.header).toMatchObject({
      format: 'loupe-trace',
      version: TRACE_VERSION,
      target: v1.header.target,
      negotiatedVersion: '2025-06-18',
      source: 'live',
    });
    expect(v1.header.target.framing).toBe('lines');
    expect(v1).toEqual(readTraceText(goldenV2));
    expect(v0.frames.length).toBe(v1.frames.length);
    // ms with three decimals gives back the same microseconds; the pid of spawn differs per recording.
    const strip = (f: Frame) => ({ ...f, meta: { ...f.meta, pid: undefined } });
    expect(v0.frames.map(strip)).toEqual(v1.frames.map(strip));
  });
});
