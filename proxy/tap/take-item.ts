/** One item the tap handed its recorder, framed: by the recorder's worker, and by the process that
 *  finishes a recording the host ended before it caught up (tap-resume.ts). */
import type { RecorderItem } from './tap-recorder';
import type { TapFramer } from './tap-framer';

/** `bytes`: the batch's buffer, of which a chunk is `start..end`. */
export function takeItem(framer: TapFramer, m: RecorderItem, bytes: Uint8Array): void {
  switch (m.kind) {
    case 'chunk':
      return framer.chunk(m.stream, m.ts, bytes.subarray(m.start, m.end));
    case 'gap':
      return framer.gap(m.stream, m.ts, m.bytes);
    case 'end':
      return framer.end(m.stream, m.ts);
    case 'lifecycle':
      return framer.lifecycle(m.meta, m.raw, m.ts);
  }
}
