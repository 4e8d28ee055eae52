/**
 * What the importers of other tools' files share (lib/trace/host-log.ts, inspector-export.ts,
 * other-formats.ts): the byte length of a text, the version a handshake settled on, and how each
 * source is named to a person.
 */
import type { Frame, Framing } from '../mcp/frame';
import { TRACE_FORMAT, TRACE_VERSION, type ImportKind, type Trace, type TraceHeader } from './format';

export const utf8Length = (s: string): number => new TextEncoder().encode(s).length;

/** Each source as the page and the CLI name it. */
export const IMPORT_LABELS: Readonly<Record<ImportKind, string>> = {
  'claude-desktop': 'Claude Desktop’s MCP log',
  vscode: 'VS Code’s MCP output',
  'mcp-inspector': 'the MCP Inspector’s Protocol export',
};

/** The version the server answered `initialize` with, as the trace header records it. */
export function negotiatedVersion(frames: readonly Frame[]): string | undefined {
  let initId: unknown;
  for (const f of frames) {
    if (f.lane !== 'message') continue;
    try {
      const m = JSON.parse(f.raw) as { id?: unknown; method?: string; result?: { protocolVersion?: unknown } };
      if (f.dir === 'c2s' && m.method === 'initialize') initId = m.id;
      else if (f.dir === 's2c' && initId !== undefined && m.id === initId && typeof m.result?.protocolVersion === 'string') return m.result.protocolVersion;
    } catch {
      /* a line that is not JSON says nothing about the version */
    }
  }
  return undefined;
}

interface ImportedTraceParts {
  frames: Frame[];
  kind: ImportKind;
  name: string;
  framing: Framing;
  lacks: string[];
  loupeVersion: string;
  createdAt?: string;
  fileName?: string;
  /** Epoch ms of the first entry, when the source dated it. */
  origin?: number;
}

/** The trace an importer hands back: one header shape for every source, saying where it came from and what it lacks. */
export function importedTrace(p: ImportedTraceParts): Trace {
  const negotiated = negotiatedVersion(p.frames);
  const header: TraceHeader = {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    loupeVersion: p.loupeVersion,
    createdAt: p.createdAt ?? new Date().toISOString(),
    ...(p.origin !== undefined && p.origin > 0 ? { startedAt: new Date(p.origin).toISOString() } : {}),
    target: { transport: 'stdio', framing: p.framing, name: p.name },
    source: 'import',
    ...(negotiated ? { negotiatedVersion: negotiated } : {}),
    importedFrom: { kind: p.kind, ...(p.fileName ? { file: p.fileName } : {}), lacks: p.lacks },
  };
  return { header, frames: p.frames };
}
