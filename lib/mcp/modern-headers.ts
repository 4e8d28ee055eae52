/**
 * The Streamable HTTP request headers of the 2026-07-28 protocol (basic/transports/streamable-http,
 * Standard Request Headers and Custom Headers from Tool Parameters): MCP-Protocol-Version equal to
 * the `_meta` version, Mcp-Method, Mcp-Name, and an Mcp-Param-{Name} for each argument whose schema
 * carries `x-mcp-header`. Values that are not plain ASCII travel as `=?base64?…?=`.
 */
import { META_KEYS } from './modern';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);

const SENTINEL = /^=\?base64\?.*\?=$/s;

/** Plain when the value is visible ASCII with no edge spaces and does not look like the sentinel. */
export function encodeHeaderValue(value: string): string {
  const plain = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(value) && !SENTINEL.test(value);
  if (plain) return value;
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `=?base64?${btoa(binary)}?=`;
}

/** One `x-mcp-header` annotation: the header name part and the chain of `properties` keys. */
export interface ParamHeader {
  name: string;
  path: string[];
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * The `x-mcp-header` annotations of a tool's inputSchema, and why any of them is invalid (an
 * annotation off a plain `properties` chain, a bad token, a duplicate, a non-primitive type). A
 * client MUST NOT call such a tool over HTTP; Loupe shows it with the reason instead of hiding it.
 */
export function paramHeaders(inputSchema: unknown): { headers: ParamHeader[]; problems: string[] } {
  const headers: ParamHeader[] = [];
  const problems: string[] = [];
  const walk = (schema: Obj, path: string[]) => {
    for (const [key, child] of Object.entries(obj(schema.properties) ?? {})) {
      const c = obj(child);
      if (!c) continue;
      const at = [...path, key];
      const name = c['x-mcp-header'];
      if (name !== undefined) {
        const where = at.join('.');
        if (typeof name !== 'string' || !TOKEN.test(name)) problems.push(`${where}: x-mcp-header ${JSON.stringify(name)} is not an HTTP header token`);
        else if (!['string', 'integer', 'boolean'].includes(String(c.type)))
          problems.push(`${where}: x-mcp-header on a ${String(c.type ?? 'untyped')} parameter (only string, integer, boolean)`);
        else if (headers.some((h) => h.name.toLowerCase() === name.toLowerCase())) problems.push(`${where}: x-mcp-header "${name}" is used twice`);
        else headers.push({ name, path: at });
      }
      walk(c, at);
    }
  };
  const root = obj(inputSchema);
  if (root) walk(root, []);
  return { headers, problems };
}

function valueAt(args: unknown, path: string[]): unknown {
  let v: unknown = args;
  for (const key of path) v = obj(v)?.[key];
  return v;
}

/** Mcp-Name's source per method (tasks name their task). */
function nameOf(method: string, params: Obj): unknown {
  if (method === 'tools/call' || method === 'prompts/get') return params.name;
  if (method === 'resources/read') return params.uri;
  if (method.startsWith('tasks/')) return params.taskId;
  return undefined;
}

/**
 * The headers for one request of a modern session. `schemaOf` finds a tool's inputSchema (from
 * the listing) for the Mcp-Param headers; a value the spec does not allow in a header (a
 * non-integer number, an unsafe integer) is left out rather than guessed.
 */
export function modernRequestHeaders(message: unknown, schemaOf: (tool: string) => unknown): Record<string, string> {
  const m = obj(message);
  if (!m || typeof m.method !== 'string') return {};
  const params = obj(m.params) ?? {};
  const headers: Record<string, string> = { 'Mcp-Method': m.method };
  const version = obj(params._meta)?.[META_KEYS.protocolVersion];
  if (typeof version === 'string') headers['MCP-Protocol-Version'] = version;
  const name = nameOf(m.method, params);
  if (typeof name === 'string') headers['Mcp-Name'] = encodeHeaderValue(name);
  if (m.method === 'tools/call' && typeof params.name === 'string') {
    for (const h of paramHeaders(schemaOf(params.name)).headers) {
      const v = valueAt(params.arguments, h.path);
      const text = typeof v === 'string' ? v : typeof v === 'boolean' || (typeof v === 'number' && Number.isSafeInteger(v)) ? String(v) : undefined;
      if (text !== undefined) headers[`Mcp-Param-${h.name}`] = encodeHeaderValue(text);
    }
  }
  return headers;
}
