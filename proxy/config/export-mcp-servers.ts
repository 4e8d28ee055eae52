/**
 * Saved connections as the `mcpServers` JSON that MCP hosts (Claude Desktop, Cursor, Claude Code)
 * keep in their config files: the reverse of import-mcp-servers.ts. Secrets go through the one
 * redaction path (lib/trace/redaction-inputs.ts) unless the person asks for them, and the result
 * says what was redacted so the page can tell them.
 */
import type { Connection } from '../../lib/wire/connection';
import { redactStrings } from '../../lib/trace/redact';
import { redactOptionsFor } from '../../lib/trace/redaction-inputs';

export interface McpServersExport {
  json: string;
  /** `name: rule` for every value replaced by a «redacted:…» marker. */
  redacted: string[];
}

type Entry = Record<string, unknown>;

function entryOf(c: Connection): Entry {
  if (c.transport === 'stdio') {
    return { command: c.command, args: c.args, ...(Object.keys(c.env).length ? { env: c.env } : {}), ...(c.cwd ? { cwd: c.cwd } : {}) };
  }
  // Claude Code and Cursor name the transport; `auto` leaves it to the host, as most do by default.
  const type = c.mode === 'sse' ? 'sse' : c.mode === 'streamable' ? 'http' : undefined;
  return { ...(type ? { type } : {}), url: c.url, ...(Object.keys(c.headers).length ? { headers: c.headers } : {}) };
}

/** Names are keys in `mcpServers`: a second connection of the same name gets a suffix. */
function uniqueName(name: string, taken: Set<string>): string {
  let out = name;
  for (let n = 2; taken.has(out); n++) out = `${name} (${n})`;
  taken.add(out);
  return out;
}

export function exportMcpServers(connections: readonly Connection[], reveal = false): McpServersExport {
  const servers: Record<string, Entry> = {};
  const redacted: string[] = [];
  const taken = new Set<string>();
  for (const c of connections) {
    const name = uniqueName(c.name, taken);
    const entry = entryOf(c);
    if (reveal) {
      servers[name] = entry;
      continue;
    }
    const target = c.transport === 'stdio' ? { command: c.command, args: c.args, env: c.env } : { url: c.url, headers: c.headers };
    const { value, hits } = redactStrings(entry, redactOptionsFor(target));
    servers[name] = value;
    for (const h of hits) if (!redacted.includes(`${name}: ${h.rule}`)) redacted.push(`${name}: ${h.rule}`);
  }
  return { json: JSON.stringify({ mcpServers: servers }, null, 2) + '\n', redacted };
}
