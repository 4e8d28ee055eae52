/**
 * Writes a trace: the header line, then each frame as one JSON line, exactly as given. Frames are
 * never rewritten here; redaction (redact.ts) happens before, on copies.
 */
import type { Frame } from '../mcp/frame';
import type { Trace, TraceHeader } from './format';

/** The lines of a trace, each ending in `\n`, for writers that stream to a file or a Blob. */
export function* traceLines(header: TraceHeader, frames: Iterable<Frame>): Generator<string> {
  yield JSON.stringify(header) + '\n';
  for (const frame of frames) yield JSON.stringify(frame) + '\n';
}

export function writeTrace(trace: Trace): string {
  let out = '';
  for (const line of traceLines(trace.header, trace.frames)) out += line;
  return out;
}
