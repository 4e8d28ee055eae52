/**
 * Inflates raw DEFLATE (RFC 1951) with the browser's own DecompressionStream: native code, no
 * library in the page. Deflated frames messages (lib/wire/frame-chunk.ts) come this way.
 */
export async function inflateRaw(bytes: Uint8Array): Promise<ArrayBuffer> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).arrayBuffer();
}
