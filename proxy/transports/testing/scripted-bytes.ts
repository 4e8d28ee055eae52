/** Test support: a byte source that plays a script, one step per turn of the event loop. */
import type { ByteSource, TapDirection, TapSink } from '../byte-tap';

export type ByteStep = { dir: TapDirection; bytes: Uint8Array | string } | { end: string };

export class ScriptedBytes implements ByteSource {
  closed = false;
  private sink?: TapSink;
  private played?: Promise<void>;

  constructor(private readonly steps: ByteStep[]) {}

  async start(sink: TapSink): Promise<void> {
    this.sink = sink;
    this.played = this.play();
  }

  /** Resolves once every step was delivered. */
  done(): Promise<void> {
    return this.played ?? Promise.resolve();
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private async play(): Promise<void> {
    for (const step of this.steps) {
      await new Promise((r) => setImmediate(r));
      if (this.closed) return;
      if ('end' in step) this.sink!.end(step.end);
      else this.sink!.push(step.dir, typeof step.bytes === 'string' ? new TextEncoder().encode(step.bytes) : step.bytes);
    }
  }
}
