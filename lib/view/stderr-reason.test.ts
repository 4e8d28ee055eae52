import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { stderrReason } from './stderr-reason';

let seq = 0;
const line = (raw: string, lane: Frame['lane'] = 'stderr'): Frame => ({ seq: ++seq, ts: seq, dir: 's2c', lane, raw, size: raw.length }) as Frame;

describe('stderrReason', () => {
  it("picks Node's reason out of a missing-module stack", () => {
    const frames = [
      'node:internal/modules/cjs/loader:1228',
      '  throw err;',
      '  ^',
      '',
      "Error: Cannot find module '/tmp/missing.mjs'",
      '    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)',
      'Node.js v22.11.0',
    ].map((l) => line(l));
    expect(stderrReason(frames)).toBe("Error: Cannot find module '/tmp/missing.mjs'");
  });

  it('falls back to the last line written, and to nothing when there is no stderr', () => {
    expect(stderrReason([line('starting'), line('bye now')])).toBe('bye now');
    expect(stderrReason([line('{"jsonrpc":"2.0"}', 'message')])).toBeUndefined();
  });
});
