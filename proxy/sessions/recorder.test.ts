import { describe, expect, it } from 'vitest';
import { Recorder } from './recorder';

describe('Recorder', () => {
  it('numbers frames densely from 1, keeps them, and emits one batch per turn', async () => {
    const r = new Recorder();
    const batches: number[][] = [];
    r.onFrames((fs) => batches.push(fs.map((f) => f.seq)));
    for (let i = 0; i < 5; i++) r.record({ dir: 's2c', lane: 'message', raw: `l${i}`, size: 2, ts: i });
    expect(batches).toEqual([]);
    await new Promise((res) => setImmediate(res));
    expect(batches).toEqual([[1, 2, 3, 4, 5]]);
    r.record({ dir: 'local', lane: 'lifecycle', raw: 'x', size: 0, ts: 9, meta: { transport: 'stdio', event: 'exit', code: 0 } });
    r.flush();
    expect(batches).toEqual([[1, 2, 3, 4, 5], [6]]);
    expect(r.frames().map((f) => f.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.lastSeq).toBe(6);
  });

  it('copies only the flags that are set', () => {
    const r = new Recorder();
    const f = r.record({ dir: 's2c', lane: 'message', raw: 'a', size: 1, ts: 0, invalidUtf8: true, rawBase64: 'YQ==' });
    expect(f).toEqual({ seq: 1, ts: 0, dir: 's2c', lane: 'message', raw: 'a', size: 1, invalidUtf8: true, rawBase64: 'YQ==' });
  });
});
