/** The trace module's public surface, for the page, the proxy and the CLI. */
export * from './format';
export { TraceReader, readTraceText, readTraceStream, DEFAULT_LIMITS, type ReadLimits } from './reader';
export { traceLines, writeTrace } from './writer';
export { describeTarget, describeUrl } from './target';
