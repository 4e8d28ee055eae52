import { describe, expect, it } from 'vitest';
import { prepareExport, selectFrames } from './export';
import { message } from '../trace/testing';

const frames = Array.from({ length: 12 }, (_, i) => message(i + 1, i % 2 ? 's2c' : 'c2s', { jsonrpc: '2.0', method: 'ping', id: i }));
const target = { transport: 'stdio' as const, framing: 'lines' as const, name: 'test', command: 'node', args: [] };

describe('exporting a multi-selection', () => {
  it('picks exactly the frames in the ranges, in seq order, whatever order the ranges came in', () => {
    const picked = selectFrames(frames, {
      kind: 'ranges',
      ranges: [
        [10, 10],
        [2, 4],
        [3, 5],
      ],
    });
    expect(picked.map((f) => f.seq)).toEqual([2, 3, 4, 5, 10]);
  });

  it('skips seqs the session does not hold and notes the span in the header', () => {
    const p = prepareExport({ frames, target, loupeVersion: '0.1.0', selection: { kind: 'ranges', ranges: [[11, 40]] }, redact: false });
    expect(p.frames.map((f) => f.seq)).toEqual([11, 12]);
    expect(p.header.selection).toEqual({ kind: 'frames', fromSeq: 11, toSeq: 12 });
  });

  it("writes the session's request timeout in the header, and nothing when there is none", () => {
    expect(prepareExport({ frames, target, loupeVersion: '0.1.0', requestTimeoutMs: 5_000, redact: false }).header.requestTimeoutMs).toBe(5_000);
    expect(prepareExport({ frames, target, loupeVersion: '0.1.0', redact: false }).header).not.toHaveProperty('requestTimeoutMs');
  });
});
