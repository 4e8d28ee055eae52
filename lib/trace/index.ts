/** The trace module's public surface, for the page, the proxy and the CLI. */
export * from './format';
export { TraceReader, readTraceText, readTraceStream } from './reader';
export { FrameLines, TraceBatchReader, type TraceBatchSink } from './batch-reader';
export { traceLines, writeTrace } from './writer';
export { describeTarget } from './target';
export { traceModelOptions } from './model-options';
export {
  redactFrames,
  frameRedactor,
  redactedBy,
  redactJson,
  redactStrings,
  previewRedaction,
  checkCustomRule,
  type CustomRule,
  type RedactOptions,
  type RedactionHit,
} from './redact';
export { redactOptionsFor } from './redaction-inputs';
