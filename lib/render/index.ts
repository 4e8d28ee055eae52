/** What a trace becomes when it leaves Loupe: the prepared export and every format it renders to. */
export { prepareExport, exportTraceText, selectFrames, type FrameSelection, type PreparedExport } from './export';
export { harEmptyReason, traceToHar } from './har';
export { traceToOtlp } from './otlp';
export { traceToMermaid } from './mermaid';
export { renderExport, exportFileName, EXPORT_FORMATS, FORMAT_INFO, type ExportFormat } from './render';
export { EMBED_ID, EMBED_PLACEHOLDER } from './embed';
