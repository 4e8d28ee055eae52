/**
 * `loupe check FILE`: the trace streams from disk through the bounded model, a batch at a time,
 * so a file of any length is judged in memory that does not grow with it (answered calls too,
 * unless a latency budget reads them all). Frames are redacted as
 * they stream, unless the header says Loupe already redacted them by every rule this check runs.
 * The findings go to the check's tally as each batch is judged, so a finding on every frame does
 * not grow the model either; the model keeps the first of each rule and their counts, which is what
 * the doctor reads.
 */
import type { Frame } from '../../../lib/mcp/frame';
import { BoundedModel } from '../../../lib/model/bounded-model';
import { frameRedactor, redactedBy, traceModelOptions, type FrameLines, type RedactOptions, type TraceHeader } from '../../../lib/trace';
import { streamTraceFile } from '../shared/trace-file';
import type { FindingTally } from './finding-tally';

export interface CheckedFile {
  model: BoundedModel;
  header: TraceHeader;
  /** The 1-based line of each frame (nothing stored per frame). */
  frameLines: FrameLines;
}

/** `compactCalls`: let answered calls go as the report allows (BoundedModel's `compact: 'report'`):
 *  not when a latency budget reads every call. */
export async function checkTraceFile(file: string, redaction: RedactOptions | false, tally: FindingTally, compactCalls = false): Promise<CheckedFile> {
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
      tally.drain(model);
    },
  });
  // streamTraceFile refuses a file without a header, so the header callback has run.
  const { model, header } = opened!;
  model.finish();
  tally.drain(model);
  tally.leaveFirst(model);
  return { model, header, frameLines: lines };
}
