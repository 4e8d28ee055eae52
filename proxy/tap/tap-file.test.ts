import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Frame } from '../../lib/mcp/frame';
import { frameLine, TapFile } from './tap-file';
import { TapFramer } from './tap-framer';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Frames of every kind the framer makes: messages, CRLF lines, stderr, invalid UTF-8, a gap's truncated lines and note, lifecycle. */
function framerFrames(): Frame[] {
  const frames: Frame[] = [];
  const framer = new TapFramer((f) => frames.push(f), 64);
  const enc = new TextEncoder();
  framer.chunk('c2s', 1, enc.encode('{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"a":"quote \\" and \\\\ and \\u0001"}\r\n'));
  framer.chunk('s2c', 2, enc.encode('{"text":"é ✓ 😀 \\u2028"}\nnot json\t"quoted"\n'));
  framer.chunk('stderr', 3, enc.encode('warning: </script>\n'));
  framer.chunk('s2c', 4, new Uint8Array([0x7b, 0xff, 0xfe, 0x7d, 0x0a]));
  framer.chunk('s2c', 5, enc.encode(`${'x'.repeat(100)}\n`));
  framer.chunk('s2c', 6, enc.encode('{"cut":'));
  framer.gap('s2c', 7, 1234);
  framer.chunk('s2c', 8, enc.encode('"after the gap"}\n'));
  framer.lifecycle({ transport: 'stdio', event: 'spawn', pid: 42, command: 'server', args: ['--flag'] }, 'spawned', 9);
  framer.end('c2s', 10);
  return frames;
}

it('writes every frame the framer makes exactly as JSON.stringify would', () => {
  const frames = framerFrames();
  expect(frames.some((f) => f.truncated)).toBe(true);
  expect(frames.some((f) => f.invalidUtf8)).toBe(true);
  expect(frames.some((f) => (f.meta as { crlf?: boolean }).crlf)).toBe(true);
  for (const f of frames) expect(frameLine(f)).toBe(JSON.stringify(f) + '\n');
});

it('serialises whole a frame of another shape (fields in another order, an own meta, more fields)', () => {
  const odd = [
    { ts: 1, seq: 1, dir: 's2c', lane: 'message', raw: '{}', size: 2, meta: { transport: 'stdio' } },
    { seq: 2, ts: 2, dir: 's2c', lane: 'message', raw: '{}', size: 2, meta: { transport: 'stdio', crlf: true }, channel: 'app:1' },
    { seq: 3, ts: 3.5, dir: 'c2s', lane: 'message', raw: 'a', size: 1, meta: { transport: 'http', status: 200 } },
    { seq: 4, ts: 4, dir: 's2c', lane: 'message', raw: 'b', size: 1, meta: { transport: 'stdio' }, truncated: false },
  ] as unknown as Frame[];
  for (const f of odd) expect(frameLine(f)).toBe(JSON.stringify(f) + '\n');
});

it('appends the frames to the file after its header, one line each', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-tap-file-'));
  dirs.push(dir);
  const header = { format: 'loupe-trace', version: 1 } as never;
  const file = new TapFile(dir, 't.loupe.ndjson', header, { sync: true });
  const frames = framerFrames();
  frames.forEach((f) => file.append(f));
  await file.close();
  const lines = readFileSync(path.join(dir, 't.loupe.ndjson'), 'utf8').split('\n');
  expect(lines.slice(1, -1).map((l) => JSON.parse(l) as unknown)).toEqual(JSON.parse(JSON.stringify(frames)));
});
