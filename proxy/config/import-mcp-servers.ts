/**
 * Reads the `mcpServers` JSON that MCP hosts keep in their config files:
 *   {"mcpServers": {"name": {"command", "args", "env", "cwd"} | {"url", "headers", "type"}}}
 * (a top-level `servers` object, as some editors write, is read the same way).
 * Each entry succeeds or fails on its own, with an error that names it.
 */
import { ConnectionSchema, type Connection } from '../../lib/wire/connection';

export interface ImportResult {
  connections: Connection[];
  errors: string[];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Stable ids, so importing the same file twice updates entries instead of duplicating them. */
export function importedId(name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 150);
  return `imported-${slug || 'server'}`;
}

function httpMode(type: unknown): 'streamable' | 'sse' | 'auto' {
  if (type === 'sse') return 'sse';
  if (type === 'http' || type === 'streamable-http' || type === 'streamableHttp') return 'streamable';
  return 'auto';
}

function toConnection(name: string, entry: unknown): Connection | string {
  if (!isObject(entry)) return `"${name}": expected an object with "command" or "url"`;
  const base = { id: importedId(name), name };
  let candidate: unknown;
  if (typeof entry.command === 'string') {
    candidate = { ...base, transport: 'stdio', command: entry.command, args: entry.args ?? [], env: entry.env ?? {}, ...(entry.cwd !== undefined ? { cwd: entry.cwd } : {}) };
  } else if (typeof entry.url === 'string') {
    candidate = { ...base, transport: 'http', url: entry.url, headers: entry.headers ?? {}, mode: httpMode(entry.type) };
  } else {
    return `"${name}": needs either "command" (a stdio server) or "url" (an HTTP server)`;
  }
  const parsed = ConnectionSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return `"${name}": ${issue.path.join('.') || 'entry'}: ${issue.message}`;
}

export function parseMcpServers(text: string): ImportResult {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { connections: [], errors: [`not valid JSON: ${(e as Error).message}`] };
  }
  const servers = isObject(doc) ? (doc.mcpServers ?? doc.servers) : undefined;
  if (!isObject(servers)) {
    return { connections: [], errors: ['expected an object with an "mcpServers" object inside, e.g. {"mcpServers": {"name": {"command": "node", "args": ["server.js"]}}}'] };
  }
  const result: ImportResult = { connections: [], errors: [] };
  for (const [name, entry] of Object.entries(servers)) {
    const c = toConnection(name, entry);
    if (typeof c === 'string') result.errors.push(c);
    else result.connections.push(c);
  }
  if (result.connections.length === 0 && result.errors.length === 0) result.errors.push('"mcpServers" is empty: nothing to import');
  return result;
}
