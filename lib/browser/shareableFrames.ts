/**
 * Frames fit to leave the machine, for exports the page renders itself (the Sequence toolbar's
 * SVG and Mermaid). A live session's frames are redacted by the proxy, the only place that holds
 * the connection's env and header values, through the same path as the Export dialog; a trace
 * file's frames are redacted here with the built-in rules (a file has no connection secrets).
 */
import type { Frame } from '../mcp/frame';
import { readTraceText, redactFrames } from '../trace';
import type { TraceSource } from './trace';
import { sessionExporter } from './traceExport';

/** The frames with seq up to `upToSeq`, redacted as an export is. */
export type ShareableFrames = (upToSeq: number) => Promise<readonly Frame[]>;

export function shareableFrames(source: TraceSource, frames: () => readonly Frame[]): ShareableFrames {
  if (source.kind === 'live') {
    const exporter = sessionExporter(source.sessionId);
    return async (upToSeq) => {
      const answer = await exporter({ kind: 'ranges', ranges: [[1, Math.max(1, upToSeq)]] }, {}, false);
      if (answer.text === undefined) throw new Error('The proxy sent no frames.');
      return readTraceText(answer.text).frames;
    };
  }
  return async (upToSeq) => redactFrames(frames().filter((f) => f.seq <= upToSeq)).frames;
}
