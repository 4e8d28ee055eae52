import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { SequenceModel } from './sequence-model';
import { SequenceLayout, DEFAULT_LAYOUT } from './sequence-layout';

/** 100,000 frames of calls with progress: the size the page must stay smooth at. */
function bigSession(n = 100_000): Frame[] {
  const frames: Frame[] = [];
  let ts = 0;
  const add = (dir: Frame['dir'], raw: string) => frames.push({ seq: frames.length + 1, ts: (ts += 150), dir, lane: 'message', raw, size: raw.length });
  for (let i = 0; frames.length < n; i++) {
    add('c2s', JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'echo', _meta: { progressToken: i } } }));
    add('s2c', JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: i, progress: 1 } }));
    add('s2c', JSON.stringify({ jsonrpc: '2.0', id: i, result: { content: [] } }));
  }
  return frames.slice(0, n);
}

describe('at 100,000 frames', () => {
  const frames = bigSession();
  const model = new SequenceModel();
  model.push(frames);

  // How fast is the bench's to measure (npm run bench); here, that every frame gets its row.
  it('builds the model in one pass', () => {
    expect(model.rows).toHaveLength(100_000);
  });

  it('windows and finds activation spans from the middle without scanning from the start', () => {
    for (const mode of ['rows', 'time'] as const) {
      const layout = new SequenceLayout(model, { ...DEFAULT_LAYOUT, mode });
      let rendered = 0;
      for (let k = 0; k < 200; k++) {
        const { first, last } = layout.offsets.window((layout.offsets.height * k) / 200, 900);
        rendered = Math.max(rendered, last - first + 1);
        for (const s of layout.spans(first, last)) expect(s.to < 0 || s.to >= first).toBe(true);
      }
      expect(rendered).toBeLessThan(900 / DEFAULT_LAYOUT.rowHeight + 20);
    }
  });

  it('keeps up with live appends one batch at a time', () => {
    const live = new SequenceModel();
    const layout = new SequenceLayout(live);
    for (let i = 0; i < frames.length; i += 500) {
      live.push(frames.slice(i, i + 500));
      layout.sync();
    }
    expect(layout.length).toBe(100_000);
    expect(live.rows[99_999]).toEqual(model.rows[99_999]);
  });
});
