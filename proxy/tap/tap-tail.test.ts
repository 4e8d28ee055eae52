import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../cli/shared/run-cli';
import type { Frame } from '../../lib/mcp/frame';
import { TRACE_FORMAT, TRACE_VERSION } from '../../lib/trace/format';
import { TapFile } from './tap-file';
import { TapTail, tapRunning } from './tap-tail';

const header = {
  format: TRACE_FORMAT as typeof TRACE_FORMAT,
  version: TRACE_VERSION as typeof TRACE_VERSION,
  loupeVersion: 't',
  createdAt: new Date().toISOString(),
  target: { transport: 'stdio' as const, framing: 'lines' as const, name: 'x' },
  source: 'tap' as const,
  tap: { pid: process.pid },
};
const frame = (seq: number, raw: string): Frame => ({ seq, ts: seq * 10, dir: 'c2s', lane: 'message', raw, size: raw.length });

describe('following a tap file', () => {
  it('takes complete lines only, in order, as the tap appends them', async () => {
    const dir = tempDir();
    const file = new TapFile(dir, 'a.loupe.ndjson', header);
    const tail = new TapTail(file.path);
    expect(await tail.read()).toEqual([]);
    expect(tail.header?.target.name).toBe('x');
    expect(tapRunning(tail.header)).toBe(true);

    file.append(frame(1, '{"a":1}'));
    file.append(frame(2, '{"b":"é"}'));
    await file.close();
    expect((await tail.read()).map((f) => f.seq)).toEqual([1, 2]);

    // A line cut mid-write (even mid-character) waits for its end.
    const line = JSON.stringify(frame(3, '{"c":"ü"}')) + '\n';
    const bytes = Buffer.from(line);
    const cut = bytes.indexOf(Buffer.from('ü')) + 1;
    appendFileSync(file.path, bytes.subarray(0, cut));
    const [r1, r2] = await Promise.all([tail.read(), tail.read()]);
    expect([...r1, ...r2]).toEqual([]);
    appendFileSync(file.path, bytes.subarray(cut));
    expect(await tail.read()).toEqual([frame(3, '{"c":"ü"}')]);
    expect(await tail.read()).toEqual([]);
  });

  it('stops at a bad line and says where', async () => {
    const p = path.join(tempDir(), 'b.loupe.ndjson');
    writeFileSync(p, JSON.stringify(header) + '\n' + JSON.stringify(frame(1, 'x')) + '\n{"seq":1}\n' + JSON.stringify(frame(5, 'y')) + '\n');
    const tail = new TapTail(p);
    expect((await tail.read()).map((f) => f.seq)).toEqual([1]);
    expect(tail.error).toMatch(/b\.loupe\.ndjson: line 3: frame 1: lane is undefined/);
  });

  it('tells a tap whose process is gone', () => {
    expect(tapRunning({ ...header, tap: { pid: 2 ** 22 + 12345 } })).toBe(false);
    expect(tapRunning(undefined)).toBe(false);
  });
});
