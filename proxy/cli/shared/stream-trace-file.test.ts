/** `loupe check FILE` reads the file through streamTraceFile: UTF-8 checked natively, a
 *  character cut by a chunk's end kept whole, any length, refusals that name the file. */
import { isAscii } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../../lib/mcp/frame';
import { header, lines, message } from '../../../lib/trace/testing';
import { tempDir } from './run-cli';
import { streamTraceFile } from './trace-file';

function fileOf(content: string | Uint8Array): string {
  const file = path.join(tempDir(), 'trace.loupe.ndjson');
  writeFileSync(file, content);
  return file;
}

async function framesOf(file: string): Promise<Frame[]> {
  const frames: Frame[] = [];
  await streamTraceFile(file, { header: () => {}, frames: (b) => frames.push(...b) });
  return frames;
}

describe('streamTraceFile', () => {
  it('reads characters of every width whatever chunk boundary cuts them', async () => {
    // Enough 1- to 4-byte characters that the 64 KiB chunks cut some of them.
    const text = 'aé€😀'.repeat(40_000);
    const frames = [1, 2, 3].map((seq) => message(seq, 'c2s', { jsonrpc: '2.0', id: seq, method: 'x', params: { text } }));
    const read = await framesOf(fileOf(lines(header(), ...frames)));
    expect(read.map((f) => f.raw)).toEqual(frames.map((f) => f.raw));
  });

  it('reads chunks of ASCII alone (decoded as Latin-1) and chunks with wider characters alike', async () => {
    // Frames of 100 KB of ASCII between frames with one wide character each: some chunks are all
    // ASCII, others hold a character of two, three or four bytes, and the decoded text is the same.
    const plain = 'x'.repeat(100_000);
    const frames = [1, 2, 3, 4, 5, 6, 7].map((seq) =>
      message(seq, 'c2s', { jsonrpc: '2.0', id: seq, method: 'x', params: { text: seq % 2 === 1 ? plain : `${plain}${['é', '€', '😀'][seq % 3]}` } }),
    );
    const read = await framesOf(fileOf(lines(header(), ...frames)));
    expect(read.map((f) => f.raw)).toEqual(frames.map((f) => f.raw));
    expect(read.filter((f) => !isAscii(Buffer.from(f.raw)))).toHaveLength(3);
  });

  it('refuses bytes that are not UTF-8, and a file cut inside a character', async () => {
    const head = new TextEncoder().encode(lines(header(), message(1, 'c2s', {})));
    await expect(framesOf(fileOf(new Uint8Array([...head, 0xff, 0x0a])))).rejects.toThrow(
      /is not a trace Loupe can read: the file is not valid UTF-8 \(after \d+ frames\)/,
    );
    await expect(framesOf(fileOf(new Uint8Array([...head, 0xe2, 0x82])))).rejects.toThrow(/not valid UTF-8/);
  });

  it('names a file it cannot open', async () => {
    await expect(framesOf(path.join(tempDir(), 'missing.ndjson'))).rejects.toThrow(/cannot read .*missing\.ndjson \(ENOENT\)/);
  });
});
