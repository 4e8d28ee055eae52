import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { analyze } from '../analyze';
import { droppedText, scanDroppedText } from './dropped-text';
import { readTraceText, writeTrace } from './index';
import { prepareExport } from '../render';

const frames: Frame[] = [
  {
    seq: 1,
    ts: 0,
    dir: 'local',
    lane: 'lifecycle',
    raw: 'started node s.js (pid 7)',
    size: 0,
    meta: { transport: 'stdio', event: 'spawn', pid: 7, command: 'node', args: ['s.js'] },
  },
  { seq: 2, ts: 1, dir: 'c2s', lane: 'message', raw: '{"jsonrpc":"2.0","id":1,"method":"ping"}', size: 40, meta: { transport: 'stdio' } },
  { seq: 3, ts: 2, dir: 's2c', lane: 'stderr', raw: '', size: 1000, textDropped: true, meta: { transport: 'stdio' } },
  { seq: 4, ts: 3, dir: 's2c', lane: 'message', raw: '', size: 30, textDropped: true, meta: { transport: 'stdio' } },
  {
    seq: 5,
    ts: 4,
    dir: 'local',
    lane: 'lifecycle',
    raw: 'the server process exited with code 0',
    size: 0,
    meta: { transport: 'stdio', event: 'exit', code: 0 },
  },
];

describe('dropped text', () => {
  it('counts the frames that kept only metadata, their bytes and their seq range, scanning only new frames', () => {
    expect(droppedText(frames)).toEqual({ frames: 2, bytes: 1030, fromSeq: 3, toSeq: 4 });
    expect(droppedText(frames.slice(0, 2))).toBeUndefined();
    const head = scanDroppedText(frames.slice(0, 3));
    expect(scanDroppedText(frames, head)).toEqual({ scanned: 5, dropped: { frames: 2, bytes: 1030, fromSeq: 3, toSeq: 4 } });
    expect(head.dropped).toEqual({ frames: 1, bytes: 1000, fromSeq: 3, toSeq: 3 });
  });

  it('notes where the session reached the most frames it keeps', () => {
    const limit: Frame = {
      seq: 6,
      ts: 5,
      dir: 'local',
      lane: 'lifecycle',
      raw: 'this session reached its limit of 5 frames',
      size: 0,
      meta: { transport: 'stdio', event: 'frame-limit', limit: 5 },
    };
    expect(scanDroppedText(frames).frameLimit).toBeUndefined();
    const head = scanDroppedText(frames);
    expect(scanDroppedText([...frames, limit], head)).toMatchObject({ scanned: 6, frameLimit: { seq: 6, limit: 5 }, dropped: { frames: 2 } });
    // Frames without dropped text: the limit alone.
    expect(scanDroppedText([frames[0], { ...limit, seq: 2 }])).toEqual({ scanned: 2, frameLimit: { seq: 2, limit: 5 } });
  });

  it('is written in the trace header, and a reader takes the header and the frames back as they were', () => {
    const p = prepareExport({
      frames,
      target: { transport: 'stdio', name: 's', command: 'node', args: ['s.js'], framing: 'lines' },
      loupeVersion: '0.1.0',
      redact: {},
    });
    expect(p.header.textDropped).toEqual({ frames: 2, bytes: 1030, fromSeq: 3, toSeq: 4 });
    const back = readTraceText(writeTrace({ header: p.header, frames: p.frames }));
    expect(back.header.textDropped).toEqual({ frames: 2, bytes: 1030, fromSeq: 3, toSeq: 4 });
    expect(back.frames.filter((f) => f.textDropped).map((f) => f.seq)).toEqual([3, 4]);
    expect(() => readTraceText(writeTrace({ header: { ...p.header, textDropped: 5 as never }, frames: [] }))).toThrow(/textDropped must be an object/);
  });

  it('gives the analyser nothing to judge in a frame without text (no "not JSON" finding)', () => {
    const rules = analyze(frames).annotations.map((a) => a.rule);
    expect(rules.filter((r) => /json|parse|invalid/i.test(r))).toEqual([]);
  });
});
