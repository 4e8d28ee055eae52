/**
 * Reads the `mcpServers` JSON that MCP hosts keep in their config files:
 *   {"mcpServers": {"name": {"command", "args", "env", "cwd"} | {"url", "headers", "type", "timeout"}}}
 * (a top-level `servers` object, as some editors write, is read the same way; Gemini CLI's
 * `httpUrl` names a Streamable HTTP server).
 * Each entry succeeds or fails on its own, with an error that names it.
 */
import { ConnectionSchema, type Connection } from '../../lib/wire/connection';
import { isObject } from '../../lib/mcp/json';

export interface ImportResult {
  connections: Connection[];
  errors: string[];
}

/** Stable ids, so importing the same file twice updates entries instead of duplicating them. */
export function importedId(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 150);
  return `imported-${slug || 'server'}`;
}

function httpMode(type: unknown): 'streamable' | 'sse' | 'auto' {
  if (type === 'sse') return 'sse';
  if (type === 'http' || type === 'streamable-http' || type === 'streamableHttp') return 'streamable';
  return 'auto';
}

const MAX_REQUEST_MS = 3_600_000;

/**
 * An HTTP entry's `timeout`, as Loupe's request timeout. Gemini CLI writes milliseconds; Cline and
 * Roo Code write seconds, and their entries carry `autoApprove` or `alwaysAllow`. A value under
 * 1000 is read as seconds whoever wrote it, since no host means a request timeout under a second.
 */
function requestTimeoutMs(entry: Record<string, unknown>): { ms?: number; error?: string } {
  const t = entry.timeout;
  if (t === undefined) return {};
  if (typeof t !== 'number' || !Number.isFinite(t) || t <= 0) return { error: `timeout: expected a positive number of milliseconds, got ${JSON.stringify(t)}` };
  const seconds = 'autoApprove' in entry || 'alwaysAllow' in entry || t < 1000;
  const ms = Math.round(seconds ? t * 1000 : t);
  if (ms > MAX_REQUEST_MS) return { error: `timeout: ${t} ${seconds ? 's' : 'ms'} is more than Loupe's limit of one hour (${MAX_REQUEST_MS} ms)` };
  return { ms };
}

function toConnection(name: string, entry: unknown): Connection | string {
  if (!isObject(entry)) return `"${name}": expected an object with "command" or "url"`;
  const base = { id: importedId(name), name };
  let candidate: unknown;
  if (typeof entry.command === 'string') {
    candidate = {
      ...base,
      transport: 'stdio',
      command: entry.command,
      args: entry.args ?? [],
      env: entry.env ?? {},
      ...(entry.cwd !== undefined ? { cwd: entry.cwd } : {}),
    };
  } else if (typeof entry.httpUrl === 'string' || typeof entry.url === 'string') {
    const timeout = requestTimeoutMs(entry);
    if (timeout.error) return `"${name}": ${timeout.error}`;
    // Gemini CLI's `httpUrl` is a Streamable HTTP server (its `url` is legacy SSE, which `auto` finds).
    const [url, mode] = typeof entry.httpUrl === 'string' ? [entry.httpUrl, 'streamable' as const] : [entry.url, httpMode(entry.type)];
    const timeouts = timeout.ms !== undefined ? { timeouts: { requestMs: timeout.ms } } : {};
    candidate = { ...base, transport: 'http', url, headers: entry.headers ?? {}, mode, ...timeouts };
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
    return {
      connections: [],
      errors: ['expected an object with an "mcpServers" object inside, e.g. {"mcpServers": {"name": {"command": "node", "args": ["server.js"]}}}'],
    };
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
