/**
 * What the importers of other tools' files share (lib/trace/host-log.ts, inspector-export.ts,
 * other-formats.ts): the byte length of a text, the version a handshake settled on, and how each
 * source is named to a person.
 */
import type { Frame } from '../mcp/frame';
import type { ImportKind } from './format';

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
