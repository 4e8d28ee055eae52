/**
 * Bounded reading for the HTTP tap: a host's request body up to a limit (past it the request is
 * refused, so nothing unbounded is ever held or turned into one string), and the writes that
 * pass a server's answer on at the pace the host reads it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type BodyRead = { body: Buffer } | { over: number } | { failed: string };

/** Reads the whole body, or stops keeping it once it passes `limit` bytes. Never rejects. */
export function readBoundedBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    let size = 0;
    const onData = (b: Buffer) => {
      size += b.length;
      if (size <= limit) return void parts.push(b);
      // Keep nothing more: what is still coming is read and dropped (the stream keeps flowing).
      parts.length = 0;
      req.off('data', onData);
      resolve({ over: size });
    };
    req.on('data', onData);
    req.on('end', () => resolve({ body: Buffer.concat(parts) }));
    req.on('error', (e) => resolve({ failed: e.message }));
    // A connection that closes before the end settles the read too ('aborted' is not emitted in
    // every case); after the end, the resolve above has already won.
    const cut = () => resolve({ failed: 'the host closed the connection before its body was sent' });
    req.on('aborted', cut);
    req.on('close', cut);
  });
}

/** Writes a chunk on to the host, waiting while its socket is full so nothing piles up here. */
export async function passOn(res: ServerResponse, chunk: Uint8Array | string): Promise<void> {
  if (res.write(chunk) || res.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Keeps a server's answer for the recording up to `limit` bytes; past it, the answer still
 * reaches the host whole but the recording keeps only its size, with a note saying why.
 */
export class RecordedBody {
  private parts: Buffer[] = [];
  bytes = 0;

  constructor(private readonly limit: number) {}

  add(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) this.parts = [];
    else this.parts.push(Buffer.from(chunk));
  }

  get over(): boolean {
    return this.bytes > this.limit;
  }

  get buffer(): Buffer {
    return Buffer.concat(this.parts);
  }
}

export function isJsonRpc(text: string): boolean {
  const t = text.trimStart();
  return t.startsWith('{') || t.startsWith('[');
}

export async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
