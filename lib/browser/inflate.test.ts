import { describe, expect, it } from 'vitest';
import { encodeFramesChunk } from '../wire/frame-chunk';
import { checkFramesChunk } from './frames-message';
import { inflateRaw } from './inflate';

async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('inflateRaw', () => {
  it('gives back a deflated frames message byte for byte', async () => {
    const frames = Array.from({ length: 3000 }, (_, i) => ({
      seq: i + 1,
      ts: i * 2.5,
      dir: 's2c' as const,
      lane: 'message' as const,
      raw: `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"line ${i} ✓"}}`,
      size: 80,
    }));
    const bytes = encodeFramesChunk({ type: 'frames/snapshot', sessionId: 's', endSeq: 3000, frames });
    const deflated = await deflateRaw(bytes);
    expect(deflated.length).toBeLessThan(bytes.length / 4);
    const inflated = await inflateRaw(deflated);
    // Byte by byte, without a deep equality over 350 KB (seconds, element by element).
    const got = new Uint8Array(inflated);
    expect(got.length).toBe(bytes.length);
    expect(got.findIndex((byte, i) => byte !== bytes[i])).toBe(-1);
    const r = checkFramesChunk(inflated);
    expect(r.ok && r.msg.frames.map((f) => f.raw)).toEqual(frames.map((f) => f.raw));
  });

  it('refuses bytes that are not deflated', async () => {
    await expect(inflateRaw(Uint8Array.of(0xff, 0xff, 0xff, 0xff))).rejects.toThrow();
  });
});
