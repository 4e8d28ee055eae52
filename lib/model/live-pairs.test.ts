/**
 * What LivePairs holds while many requests are open and as they close, a frame at a time, with a
 * release after each frame as the live OpenTelemetry export makes: only the calls still open.
 */
import { describe, expect, it } from 'vitest';
import type { Call } from '../mcp/calls';
import type { Frame } from '../mcp/frame';
import { LivePairs } from './live-pairs';

const OPEN = 10_000;

function frames(): Frame[] {
  const out: Frame[] = [];
  const add = (dir: 'c2s' | 's2c', body: object) => {
    const raw = JSON.stringify({ jsonrpc: '2.0', ...body });
    const seq = out.length + 1;
    out.push({ seq, ts: seq * 10, dir, lane: 'message', raw, size: raw.length + 1, meta: { transport: 'stdio' } } as Frame);
  };
  for (let id = 1; id <= OPEN; id++) add('c2s', { id, method: 'tools/call', params: { name: 'echo', _meta: { progressToken: `p${id}` } } });
  // Answered in an order unlike the requests' (a stride through the ids), each after a progress notification.
  for (let i = 0; i < OPEN; i++) {
    const id = ((i * 7919) % OPEN) + 1;
    add('s2c', { method: 'notifications/progress', params: { progressToken: `p${id}`, progress: 1 } });
    add('s2c', { id, result: { content: [] } });
  }
  return out;
}

describe('LivePairs with many requests open', () => {
  it('holds only the calls still open as they close, and nothing once all did', () => {
    const all = frames();
    const letGo: Call[] = [];
    const pairs = new LivePairs(() => {});
    const halfway = OPEN + OPEN; // every request, and half the answers with their progress
    for (const [i, f] of all.entries()) {
      pairs.append([f]);
      letGo.push(...pairs.release());
      if (i + 1 === OPEN) expect(pairs.held()).toEqual({ frames: 0, calls: OPEN, exchanges: 0 });
      if (i + 1 === halfway) expect(pairs.held()).toEqual({ frames: 0, calls: OPEN / 2, exchanges: 0 });
    }
    expect(pairs.held()).toEqual({ frames: 0, calls: 0, exchanges: 0 });
    // Each call was let go once, answered, with its progress counted, paired with the answer that has its id.
    expect(letGo).toHaveLength(OPEN);
    expect(new Set(letGo.map((c) => c.id)).size).toBe(OPEN);
    for (const c of letGo) {
      expect(c.progressCount).toBe(1);
      expect(JSON.parse(all[c.responseSeq! - 1].raw).id).toBe(c.id);
    }
    expect(pairs.callsOf(undefined)?.all).toHaveLength(0);
  });
});
