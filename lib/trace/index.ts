/** The trace module's public surface, for the page, the proxy and the CLI. */
export * from './format';
export { TraceReader, readTraceText, readTraceStream, DEFAULT_LIMITS, type ReadLimits } from './reader';
export { traceLines, writeTrace } from './writer';
export { describeTarget, describeUrl } from './target';
export { redactFrames, redactStrings, previewRedaction, checkCustomRule, maskExcerpt, type CustomRule, type KnownSecret, type RedactOptions, type RedactionHit } from './redact';
export { redactionInputs, redactOptionsFor, type RedactionTarget } from './redaction-inputs';
export { BUILTIN_RULE_IDS, PATTERN_RULES, SECRET_HEADERS } from './redact-rules';
export { droppedText, scanDroppedText, type DroppedText, type DroppedTextScan } from './dropped-text';
