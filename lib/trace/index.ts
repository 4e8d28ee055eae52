/** The trace module's public surface, for the page, the proxy and the CLI. */
export * from './format';
export { TraceReader, readTraceText, readTraceStream, DEFAULT_LIMITS, type ReadLimits } from './reader';
export { traceLines, writeTrace } from './writer';
export { describeTarget, describeUrl } from './target';
export { redactFrames, redactStrings, previewRedaction, checkCustomRule, maskExcerpt, type CustomRule, type KnownSecret, type RedactOptions, type RedactionHit } from './redact';
export { redactionInputs, redactOptionsFor, type RedactionTarget } from './redaction-inputs';
export { BUILTIN_RULE_IDS, PATTERN_RULES, SECRET_HEADERS } from './redact-rules';
export { prepareExport, exportTraceText, selectFrames, type ExportInput, type FrameSelection, type PreparedExport } from './export';
export { traceToHar } from './har';
export { traceToOtlp } from './otlp';
export { traceToMermaid } from './mermaid';
export { diffTraces, type TraceDiff, type ItemsDiff, type LatencyRow, type AnnotationKey, type Change } from './diff';
export { formatDiff } from './diff-text';
export { renderExport, exportFileName, EXPORT_FORMATS, FORMAT_INFO, type ExportFormat } from './render';
export { embedTrace, EMBED_ID, EMBED_PLACEHOLDER } from './embed';
export { droppedText, scanDroppedText, type DroppedText, type DroppedTextScan } from './dropped-text';
