/** Turns a prepared export into the text of the chosen format; shared by the page and the CLI. */
import type { Trace } from '../trace/format';
import { traceToHar } from './har';
import { traceToMermaid } from './mermaid';
import { traceToOtlp } from './otlp';
import { writeTrace } from '../trace/writer';
import { TRACE_EXTENSION } from '../trace/format';
import { embedTrace } from './embed';

export const EXPORT_FORMATS = ['trace', 'html', 'har', 'otlp', 'mermaid'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const FORMAT_INFO: Record<ExportFormat, { label: string; extension: string; mime: string }> = {
  trace: { label: 'Loupe trace (NDJSON)', extension: TRACE_EXTENSION, mime: 'application/x-ndjson' },
  html: { label: 'One HTML file: the viewer with this trace inside', extension: '.html', mime: 'text/html' },
  har: { label: 'HAR 1.2 (HTTP lane, for browser devtools)', extension: '.har', mime: 'application/json' },
  otlp: { label: 'OpenTelemetry OTLP/JSON spans', extension: '.otlp.json', mime: 'application/json' },
  mermaid: { label: 'Mermaid sequence diagram', extension: '.mmd', mime: 'text/plain' },
};

/** `viewerHtml` is the self-contained viewer (out/loupe-viewer.html), needed for `html` only. */
export function renderExport(trace: Trace, format: ExportFormat, loupeVersion: string, viewerHtml?: string): string {
  switch (format) {
    case 'trace':
      return writeTrace(trace);
    case 'html':
      if (viewerHtml === undefined) throw new Error('the self-contained viewer is needed for an HTML export');
      return embedTrace(viewerHtml, writeTrace(trace), trace.header.target.name);
    case 'har':
      return JSON.stringify(traceToHar(trace, loupeVersion), null, 2) + '\n';
    case 'otlp':
      return JSON.stringify(traceToOtlp(trace, loupeVersion), null, 2) + '\n';
    case 'mermaid':
      return traceToMermaid(trace);
  }
}

/** A file name from the target's name and the time, safe on every file system. */
export function exportFileName(targetName: string, format: ExportFormat, at: Date): string {
  const base = targetName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'session';
  const stamp = at.toISOString().slice(0, 19).replace(/[:T]/g, '-');
  return `${base}-${stamp}${FORMAT_INFO[format].extension}`;
}
