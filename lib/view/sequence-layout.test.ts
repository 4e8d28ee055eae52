import { describe, expect, it } from 'vitest';
import { SequenceModel } from './sequence-model';
import { SequenceLayout, DEFAULT_LAYOUT, laneXs, rowShape, NEST_STEP } from './sequence-layout';
import { FrameScript } from './frames.fixture';

function script() {
  const s = new FrameScript().handshake({ sampling: {} });
  s.request('c2s', 1, 'tools/call', { _meta: { progressToken: 7 } }); // seq 4
  s.notify('s2c', 'notifications/progress', { progressToken: 7, progress: 1 }); // 5
  s.request('s2c', 0, 'sampling/createMessage'); // 6
  s.result('c2s', 0); // 7
  s.raw('s2c', 'log line', 'stderr'); // 8
  s.result('s2c', 1); // 9
  return s;
}

describe('SequenceLayout', () => {
  it('shows every row, or folds progress into its request', () => {
    const m = new SequenceModel();
    m.push(script().frames);
    const all = new SequenceLayout(m);
    expect(all.length).toBe(9);
    const folded = new SequenceLayout(m, { ...DEFAULT_LAYOUT, collapseProgress: true });
    expect(folded.length).toBe(8);
    expect(folded.positionOfSeq(5)).toBe(-1);
    expect(folded.positionOfSeq(6)).toBe(4);
    expect(folded.rowAt(4).seq).toBe(6);
  });

  it('takes in new rows incrementally', () => {
    const s = script();
    const m = new SequenceModel();
    const layout = new SequenceLayout(m);
    m.push(s.frames.slice(0, 4));
    layout.sync();
    expect(layout.length).toBe(4);
    m.push(s.frames.slice(4));
    layout.sync();
    expect(layout.length).toBe(9);
    expect(layout.offsets.top(8)).toBe(8 * DEFAULT_LAYOUT.rowHeight);
  });

  it('gives activation spans for requests overlapping a window, including ones begun above it', () => {
    const m = new SequenceModel();
    m.push(script().frames);
    const layout = new SequenceLayout(m);
    const spans = layout.spans(7, 7).sort((a, b) => a.requestSeq - b.requestSeq);
    expect(spans.map((s) => [s.requestSeq, s.from, s.to, s.depth])).toEqual([[4, 3, 8, 0]]);
    const all = layout.spans(0, 8).sort((a, b) => a.requestSeq - b.requestSeq);
    expect(all.map((s) => [s.requestSeq, s.from, s.to, s.dir])).toEqual([
      [1, 0, 1, 'c2s'],
      [4, 3, 8, 'c2s'],
      [6, 5, 6, 's2c'],
    ]);
  });

  it('draws requests solid, answers and notifications dashed, and nested arrows inset', () => {
    const m = new SequenceModel();
    m.push(script().frames);
    const lanes = laneXs(1000);
    const layout = new SequenceLayout(m);
    const call = rowShape(layout.rowAt(3), lanes);
    expect(call).toMatchObject({ type: 'arrow', x1: lanes.client, x2: lanes.server, dashed: false, head: 'filled' });
    const progress = rowShape(layout.rowAt(4), lanes);
    expect(progress).toMatchObject({ x1: lanes.server - NEST_STEP, x2: lanes.client + NEST_STEP, dashed: true, head: 'open' });
    const sampling = rowShape(layout.rowAt(5), lanes);
    expect(sampling).toMatchObject({ x1: lanes.server - NEST_STEP, x2: lanes.client + NEST_STEP, dashed: false });
    expect(rowShape(layout.rowAt(6), lanes)).toMatchObject({ dashed: true, x1: lanes.client + NEST_STEP });
    expect(rowShape(layout.rowAt(7), lanes)).toMatchObject({ x1: lanes.server, x2: lanes.stderr });
  });

  it('keeps lanes in order at any width', () => {
    for (const w of [0, 640, 1400]) {
      const l = laneXs(w);
      expect(l.lifecycle < l.client && l.client < l.server && l.server < l.stderr && l.stderr < l.http).toBe(true);
    }
  });
});
