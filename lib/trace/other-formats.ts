/**
 * Files that are not Loupe traces but hold an MCP session Loupe can read: a host's log (Claude
 * Desktop, VS Code) or the MCP Inspector's Protocol export. The page (a file opened or dropped)
 * and `loupe import` both come here, so they read the same files the same way, and refuse any
 * other JSON with the same words: what Loupe does read.
 */
import { isObject } from '../mcp/json';
import { TRACE_FORMAT, TraceError, type Trace } from './format';
import { detectHostLog, importHostLog, type HostLogOptions } from './host-log';
import { importInspectorExport, isInspectorExport } from './inspector-export';

/** What `loupe import` (and the page, besides traces) reads from other tools. */
export const IMPORTABLE =
  'the MCP Inspector’s Protocol export (inspector-protocol-….json, from the Export button of its Protocol tab), Claude Desktop’s MCP logs (mcp-server-NAME.log, mcp.log) and VS Code’s MCP output channel saved to a file';

/** Everything a file opened in Loupe may be. */
export const LOUPE_READS = `Loupe opens its own traces (.loupe.ndjson: a header line, then one frame per line), ${IMPORTABLE}`;

const NOT_JSON = Symbol('not JSON');

function wholeJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return NOT_JSON;
  }
}

/** What the JSON is, when it can be told: a person who opened the wrong file learns which it was. */
function describeJson(value: unknown): string {
  if (isObject(value) && isObject(value.log) && Array.isArray(value.log.entries))
    return 'a HAR file (Loupe writes HAR from a session, but does not read it back)';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty JSON array' : 'a JSON array of something else';
  if (isObject(value)) {
    const keys = Object.keys(value).slice(0, 5);
    return keys.length ? `a JSON object (with ${keys.map((k) => JSON.stringify(k)).join(', ')})` : 'an empty JSON object';
  }
  return 'a JSON value';
}

/**
 * Reads another tool's file into a trace. Returns undefined for text that is none of them and not
 * JSON either (or a Loupe trace), so the caller reports what its own reader found; throws
 * TraceError for a file it recognises but cannot read, and for any other JSON.
 */
export function importOtherFormat(text: string, o: HostLogOptions): Trace | undefined {
  if (detectHostLog(text)) return importHostLog(text, o);
  const value = wholeJson(text);
  if (value === NOT_JSON) return undefined;
  // One line of a Loupe trace is JSON too: the trace reader's reason (a version from the future, a missing field) says more.
  if (isObject(value) && value.format === TRACE_FORMAT) return undefined;
  if (isInspectorExport(value)) return importInspectorExport(value, o);
  throw new TraceError(0, `this is ${describeJson(value)}, not a file Loupe can read. ${LOUPE_READS}.`);
}
