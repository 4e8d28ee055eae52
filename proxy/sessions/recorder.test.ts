import { describe, expect, it, vi } from 'vitest';
import { BATCH_MS, Recorder } from './recorder';

describe('Recorder', () => {
  it('numbers frames densely from 1, keeps them, and emits them in one batch a moment later', () => {
    vi.useFakeTimers();
    try {
      const r = new Recorder();
      const batches: number[][] = [];
      r.onFrames((fs) => batches.push(fs.map((f) => f.seq)));
      for (let i = 0; i < 3; i++) r.record({ dir: 's2c', lane: 'message', raw: `l${i}`, size: 2, ts: i });
      // Nothing is emitted on the path of each message: later ones join the same batch.
      vi.advanceTimersByTime(BATCH_MS - 1);
      expect(batches).toEqual([]);
      for (let i = 3; i < 5; i++) r.record({ dir: 's2c', lane: 'message', raw: `l${i}`, size: 2, ts: i });
      vi.advanceTimersByTime(1);
      expect(batches).toEqual([[1, 2, 3, 4, 5]]);
      vi.advanceTimersByTime(BATCH_MS * 10);
      expect(batches).toHaveLength(1);
      r.record({ dir: 'local', lane: 'lifecycle', raw: 'x', size: 0, ts: 9, meta: { transport: 'stdio', event: 'exit', code: 0 } });
      r.flush();
      expect(batches).toEqual([[1, 2, 3, 4, 5], [6]]);
      expect(r.frames().map((f) => f.seq)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(r.lastSeq).toBe(6);
      vi.advanceTimersByTime(BATCH_MS * 10);
      expect(batches).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('copies only the flags that are set', () => {
    const r = new Recorder();
    const f = r.record({ dir: 's2c', lane: 'message', raw: 'a', size: 1, ts: 0, invalidUtf8: true, rawBase64: 'YQ==' });
    expect(f).toEqual({ seq: 1, ts: 0, dir: 's2c', lane: 'message', raw: 'a', size: 1, invalidUtf8: true, rawBase64: 'YQ==' });
  });
});
