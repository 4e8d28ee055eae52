/**
 * The native relay's record pipe, read back: whatever the pipe's chunking, the same records, each
 * in wire order with its stream, bytes and time.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nativeRelay } from './native/relay-build';
import { RelayClock, RelayRecordReader, type RelayRecord } from './relay-records';

/** Runs the relay around `cat`, feeding it `input`, and returns what it wrote on fd 3. */
async function recordsOf(input: Buffer): Promise<Buffer> {
  const relay = await nativeRelay();
  if (!relay.ok) throw new Error(relay.reason);
  const child = spawn(relay.path, ['--', 'cat'], { stdio: ['pipe', 'pipe', 'inherit', 'pipe'] });
  const out: Buffer[] = [];
  (child.stdio[3] as NodeJS.ReadableStream).on('data', (b: Buffer) => out.push(b));
  child.stdout!.resume();
  child.stdin!.end(input);
  await new Promise((r) => child.once('close', r));
  return Buffer.concat(out);
}

/** The records, a chunk's bytes as their length and hash (a failure then prints a short diff). */
function read(bytes: Buffer, step: number) {
  const reader = new RelayRecordReader();
  const records: (Exclude<RelayRecord, { kind: 'chunk' }> | { kind: 'chunk'; stream: string; hi: number; lo: number; bytes: number; sha: string; data: Buffer })[] = [];
  const keep = (r: RelayRecord) =>
    records.push(r.kind === 'chunk' ? { ...r, bytes: r.bytes.length, sha: createHash('sha256').update(r.bytes).digest('hex'), data: Buffer.from(r.bytes) } : r);
  for (let at = 0; at < bytes.length; at += step) reader.push(bytes.subarray(at, at + step), keep);
  expect(reader.leftover).toBe(0);
  return records;
}

const withoutData = (records: ReturnType<typeof read>) => records.map((r) => (r.kind === 'chunk' ? { ...r, data: undefined } : r));

describe('the relay records', () => {
  it('read the same in any chunking: spawn, the chunks both ways, the ends, the exit', async () => {
    const input = Buffer.concat([Buffer.from('{"a":1}\n'), Buffer.from([0xff, 0xfe, 0x0a]), Buffer.alloc(200_000, 0x61)]);
    const clock = new RelayClock();
    const bytes = await recordsOf(input);
    const whole = read(bytes, bytes.length);
    expect(withoutData(read(bytes, 1))).toEqual(withoutData(whole));
    expect(withoutData(read(bytes, 4099))).toEqual(withoutData(whole));

    expect(whole[0]).toMatchObject({ kind: 'spawned', pid: expect.any(Number) });
    expect(whole.at(-1)).toMatchObject({ kind: 'exit', code: 0, signo: 0 });
    const kinds = whole.map((r) => (r.kind === 'chunk' || r.kind === 'end' ? `${r.kind} ${r.stream}` : r.kind));
    expect(kinds).toContain('stdin-closed');
    expect(kinds.indexOf('end c2s')).toBe(kinds.indexOf('stdin-closed') - 1);
    expect(kinds.slice(-3)).toEqual(['end s2c', 'end stderr', 'exit']);
    const sent = Buffer.concat(whole.flatMap((r) => (r.kind === 'chunk' && r.stream === 'c2s' ? [r.data] : [])));
    const echoed = Buffer.concat(whole.flatMap((r) => (r.kind === 'chunk' && r.stream === 's2c' ? [r.data] : [])));
    expect(sent.equals(input)).toBe(true);
    expect(echoed.equals(input)).toBe(true);
    // Session microseconds: after this test's clock began, within the test's time, never decreasing.
    const times = whole.map((r) => clock.us(r.hi, r.lo));
    expect(times[0]).toBeGreaterThan(0);
    expect(times.at(-1)).toBeLessThan(clock.now() + 1);
    expect(times.every((t, i) => i === 0 || t >= times[i - 1])).toBe(true);
  }, 60_000);
});
