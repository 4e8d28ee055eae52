/**
 * The recorder's worker thread: takes the chunks the tap forwarded, frames them (tap-framer.ts)
 * and appends the frames to the tap file in batches. Everything here is off the host's path.
 * Tells the tap how many bytes it has taken off its hands, once per turn, so the tap can bound
 * how far the recording may fall behind.
 */
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { TapFile } from './tap-file';
import { TapFramer } from './tap-framer';
import type { RecorderItem, RecorderMessage, RecorderReply, RecorderSetup } from './tap-recorder';

const setup = workerData as RecorderSetup;
const port = parentPort!;
const file = new TapFile(path.dirname(setup.file), path.basename(setup.file), undefined, { maxQueuedBytes: setup.maxQueuedBytes });
const framer = new TapFramer((f) => file.append(f), setup.maxLineBytes);
let taken = 0;
let acking = false;

function ack(bytes: number): void {
  taken += bytes;
  if (acking) return;
  acking = true;
  setImmediate(() => {
    acking = false;
    port.postMessage({ kind: 'taken', bytes: taken } satisfies RecorderReply);
    taken = 0;
  });
}

function take(m: RecorderItem): void {
  switch (m.kind) {
    case 'chunk':
      framer.chunk(m.stream, m.ts, m.bytes);
      return ack(m.bytes.length);
    case 'gap':
      return framer.gap(m.stream, m.ts, m.bytes);
    case 'end':
      return framer.end(m.stream, m.ts);
    case 'lifecycle':
      return framer.lifecycle(m.meta, m.raw, m.ts);
  }
}

port.on('message', (m: RecorderMessage) => {
  switch (m.kind) {
    case 'batch':
      return m.items.forEach(take);
    case 'close':
      void file.close().then(() => {
        port.postMessage({ kind: 'closed', dropped: file.dropped, ...(file.error ? { error: file.error.message } : {}) } satisfies RecorderReply);
        port.close();
      });
      return;
  }
});
