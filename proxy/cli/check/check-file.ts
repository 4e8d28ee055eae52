/**
 * `loupe check FILE`: the trace streams from disk through the bounded model, a batch at a time,
 * so a file of any length is judged in memory that does not grow with it (answered calls too,
 * unless a latency budget reads them all). Frames are redacted as
 * they stream, unless the header says Loupe already redacted them by every rule this check runs.
 */
import type { Frame } from '../../../lib/mcp/frame';
import { BoundedModel } from '../../../lib/model/bounded-model';
import { frameRedactor, redactedBy, traceModelOptions, type FrameLines, type RedactOptions, type TraceHeader } from '../../../lib/trace';
import { streamTraceFile } from '../shared/trace-file';

export interface CheckedFile {
  model: BoundedModel;
  header: TraceHeader;
  /** The 1-based line of each frame (nothing stored per frame). */
  frameLines: FrameLines;
}

/** `compactCalls`: let answered calls go as the report allows (BoundedModel's `compact: 'report'`):
 *  not when a latency budget reads every call. */
export async function checkTraceFile(file: string, redaction: RedactOptions | false, compactCalls = false): Promise<CheckedFile> {
  let opened: { model: BoundedModel; header: TraceHeader; redact?: (frames: readonly Frame[]) => Frame[] } | undefined;
  const { lines } = await streamTraceFile(file, {
    header(header) {
      // The header's framing and request timeout: the file is judged as the session was.
      const redact = redaction === false || redactedBy(header.redaction, redaction) ? undefined : frameRedactor(redaction);
      const model = new BoundedModel({ ...traceModelOptions(header), ...(compactCalls ? { compact: 'report' as const } : {}) });
      opened = { model, header, redact };
    },
    frames(batch) {
      const { model, redact } = opened!;
      model.append(redact ? redact(batch) : batch);
    },
  });
  // streamTraceFile refuses a file without a header, so the header callback has run.
  const { model, header } = opened!;
  model.finish();
  return { model, header, frameLines: lines };
}
