/**
 * Traces from what MCP hosts already log, for sessions nobody tapped:
 * - Claude Desktop's `mcp.log` / `mcp-server-NAME.log`:
 *   `2025-07-12T05:51:44.601Z [NAME] [info] Message from client: {…} { metadata: undefined }`
 * - VS Code's MCP output channel (one per server):
 *   `2025-03-23 16:38:00.970 [info] [Client Says] {…}` (newer builds: `[editor -> server]`)
 * A message line becomes a message frame with the JSON text the host logged (which is the host's
 * serialisation, not necessarily the bytes on the wire: the header says where it came from); the
 * host's own lines become lifecycle frames; server stderr the host relayed becomes the stderr lane.
 * Lines that fit no pattern are kept too, as lifecycle frames, so nothing in the log is lost.
 */
import { TRANSPORT_FRAMING, type Frame, type LifecycleMeta } from '../mcp/frame';
import { TraceError, type Trace } from './format';
import { importedTrace, utf8Length } from './imported';

export type HostLogKind = 'claude-desktop' | 'vscode';

/** What a host's log cannot hold, said with every trace read from one. */
const HOST_LOG_LACKS = [
  'the bytes on the wire: each message is the JSON text the host logged, its own serialisation of it',
  'transport details: no line framing, HTTP requests, status codes or headers',
  'exact times: the log’s clock, to the millisecond',
  'what the host did not log: below its trace level, or before logging was turned on',
];

interface LogLine {
  /** Milliseconds since the epoch (VS Code logs local time: read as this machine's local time). */
  ms: number;
  server?: string;
  dir?: 'c2s' | 's2c';
  stderr?: boolean;
  text: string;
}

const CLAUDE = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z) \[([^\]]+)\] \[(\w+)\] (.*)$/;
const CLAUDE_MESSAGE = /^Message from (client|server): (.*)$/s;
const VSCODE = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?) \[(\w+)\] (.*)$/;
const VSCODE_MESSAGE = /^\[(Client Says|Server Says|editor -> server|server -> editor)\] (.*)$/s;
const VSCODE_STDERR = /^\[server stderr\] (.*)$/s;
/** Claude Desktop appends the logger's metadata object after the message. */
const METADATA_SUFFIX = /\s+\{ metadata: [^{}]*\}$/;

export function detectHostLog(text: string): HostLogKind | undefined {
  for (const line of text.split('\n', 50)) {
    if (CLAUDE.test(line.trimEnd())) return 'claude-desktop';
    if (VSCODE.test(line.trimEnd())) return 'vscode';
  }
  return undefined;
}

function parseLines(text: string, kind: HostLogKind): LogLine[] {
  const out: LogLine[] = [];
  let lastMs = 0;
  for (const rawLine of text.split('\n')) {
    const line = rawLine.replace(/\r$/, '');
    if (line === '') continue;
    if (kind === 'claude-desktop') {
      const m = CLAUDE.exec(line);
      if (!m) {
        // An unprefixed line is the server's stderr, which Claude Desktop writes as it comes.
        out.push({ ms: lastMs, stderr: true, text: line });
        continue;
      }
      lastMs = Date.parse(m[1]);
      const msg = CLAUDE_MESSAGE.exec(m[4]);
      if (msg) out.push({ ms: lastMs, server: m[2], dir: msg[1] === 'client' ? 'c2s' : 's2c', text: msg[2].replace(METADATA_SUFFIX, '') });
      else out.push({ ms: lastMs, server: m[2], text: m[4].replace(METADATA_SUFFIX, '') });
    } else {
      const m = VSCODE.exec(line);
      if (!m) {
        out.push({ ms: lastMs, text: line });
        continue;
      }
      lastMs = Date.parse(m[1].replace(' ', 'T'));
      const msg = VSCODE_MESSAGE.exec(m[3]);
      const err = VSCODE_STDERR.exec(m[3]);
      if (msg) out.push({ ms: lastMs, dir: msg[1] === 'Client Says' || msg[1] === 'editor -> server' ? 'c2s' : 's2c', text: msg[2] });
      else if (err) out.push({ ms: lastMs, stderr: true, text: err[1] });
      else out.push({ ms: lastMs, text: m[3] });
    }
  }
  return out;
}

/** The servers a Claude Desktop `mcp.log` speaks of, in order of appearance. */
export function hostLogServers(text: string): string[] {
  const kind = detectHostLog(text);
  if (kind !== 'claude-desktop') return [];
  return [...new Set(parseLines(text, kind).flatMap((l) => (l.server ? [l.server] : [])))];
}

export interface HostLogOptions {
  /** The file's name, for the trace's target when the log does not name the server. */
  fileName?: string;
  /** Which server to take from a log that holds several (Claude Desktop's `mcp.log`). */
  server?: string;
  loupeVersion: string;
  /** When the import happened (ISO); defaults to now. */
  createdAt?: string;
}

function serverFromFileName(fileName?: string): string | undefined {
  const m = fileName && /mcp-server-(.+?)\.log$/.exec(fileName);
  return m ? m[1] : undefined;
}

/** Reads a host's log into a trace. Refuses text that is not a log it knows, or that is ambiguous. */
export function importHostLog(text: string, o: HostLogOptions): Trace {
  const kind = detectHostLog(text);
  if (!kind)
    throw new TraceError(
      0,
      'not a host log Loupe can read: expected Claude Desktop\'s mcp-server-NAME.log lines ("… [NAME] [info] Message from client: {…}") or VS Code\'s MCP output ("… [info] [Client Says] {…}")',
    );
  let lines = parseLines(text, kind);
  const servers = [...new Set(lines.flatMap((l) => (l.server ? [l.server] : [])))];
  let name = o.server ?? (servers.length === 1 ? servers[0] : serverFromFileName(o.fileName));
  if (kind === 'claude-desktop' && servers.length > 1) {
    if (!o.server) throw new TraceError(0, `this log holds ${servers.length} servers (${servers.join(', ')}): choose one`);
    if (!servers.includes(o.server)) throw new TraceError(0, `the log has no server named ${JSON.stringify(o.server)}; it has ${servers.join(', ')}`);
    // Unprefixed stderr lines cannot be told apart in a shared log: they stay with whoever logged last.
    let current: string | undefined;
    lines = lines.filter((l) => {
      if (l.server) current = l.server;
      return (l.server ?? current) === o.server;
    });
  }
  name ??= o.fileName?.replace(/\.[^.]+$/, '') || 'imported';
  const messages = lines.filter((l) => l.dir);
  if (messages.length === 0)
    throw new TraceError(
      0,
      `the ${kind === 'vscode' ? 'VS Code' : 'Claude Desktop'} log has no message lines: turn on the host's MCP trace logging and reproduce the session`,
    );
  const origin = lines.find((l) => l.ms > 0)?.ms ?? 0;
  const frames: Frame[] = lines.map((l, i) => {
    const ts = Math.max(0, Math.round((l.ms - origin) * 1000));
    const base = { seq: i + 1, ts, raw: l.text, size: utf8Length(l.text) };
    if (l.dir) return { ...base, dir: l.dir, lane: 'message', meta: { transport: 'stdio' } };
    if (l.stderr) return { ...base, dir: 's2c', lane: 'stderr', meta: { transport: 'stdio' } };
    const meta: LifecycleMeta = { transport: 'stdio', event: 'note' };
    return { ...base, dir: 'local', lane: 'lifecycle', size: 0, meta };
  });
  return importedTrace({
    frames,
    kind,
    framing: TRANSPORT_FRAMING.stdio,
    name,
    lacks: HOST_LOG_LACKS,
    loupeVersion: o.loupeVersion,
    createdAt: o.createdAt,
    fileName: o.fileName,
    origin,
  });
}
