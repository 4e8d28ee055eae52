/**
 * Traces from the official MCP Inspector (2.x): the JSON its Protocol tab's Export button writes
 * (`inspector-protocol-SERVER-TIME.json`, or `inspector-protocol-pinned-…` / `-unpinned-…` for one
 * section). It is the Inspector's message log, a JSON array of entries:
 *
 *   { id, timestamp (ISO, ms), direction: "request" | "response" | "notification",
 *     origin?: "client" | "server", message, response?, duration? (ms), clientError? }
 *
 * `origin` says who sent the message (older exports have none). A response that answered a logged
 * request is folded into that request's entry (`response`, `duration`); any other response stands
 * alone. Each message becomes a message frame at its own time, the folded responses at their
 * request's time plus `duration`, in time order. The Inspector logged parsed messages, not bytes:
 * the header's `importedFrom.lacks` says what the trace cannot show.
 */
import { isObject } from '../mcp/json';
import { methodInfo } from '../mcp/methods';
import type { Frame } from '../mcp/frame';
import { TraceError, type Trace } from './format';
import { importedTrace, utf8Length } from './imported';

const DIRECTIONS = new Set(['request', 'response', 'notification']);
/** The Inspector keeps this many entries by default and drops the oldest past it. */
const INSPECTOR_LOG_LIMIT = 1000;
/** `inspector-<kind>-<server id>-<ISO time with - for :>.json` (the server id may be absent). */
const FILE_NAME = /^inspector-protocol(?:-(pinned|unpinned))?(?:-(.+?))?-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d(?:\.\d+)?Z\.json$/;

type Dir = 'c2s' | 's2c';

/** One message of the export, where and when it crossed. */
interface Crossing {
  ms: number;
  dir: Dir;
  text: string;
  /** Its place among the entries (a folded response: its request's), for the order within a millisecond. */
  order: number;
  /** The Inspector's client refused this message after reading it (`clientError`). */
  rejected?: string;
}

/** The shape the Inspector writes: an array whose entries carry a direction, a time and a message. */
export function isInspectorExport(value: unknown): value is unknown[] {
  if (!Array.isArray(value) || value.length === 0) return false;
  const first: unknown = value[0];
  return (
    isObject(first) && typeof first.direction === 'string' && DIRECTIONS.has(first.direction) && typeof first.timestamp === 'string' && isObject(first.message)
  );
}

function fail(entry: number, reason: string): never {
  throw new TraceError(0, `the MCP Inspector export's entry ${entry} ${reason}`);
}

/** Who sent a message the export names no sender for: the method's sender when only one side may send it, else the Inspector (the client). */
function guessedDir(message: Record<string, unknown>): Dir {
  const from = typeof message.method === 'string' ? methodInfo(message.method)?.from : undefined;
  return from === 'server' ? 's2c' : 'c2s';
}

const other = (d: Dir): Dir => (d === 'c2s' ? 's2c' : 'c2s');

/** The crossings of one entry (the entry's message, and a folded response); counts senders it had to guess. */
function crossingsOf(e: unknown, i: number, guessed: { n: number }): Crossing[] {
  const n = i + 1;
  if (!isObject(e)) fail(n, 'is not an object');
  const ms = typeof e.timestamp === 'string' ? Date.parse(e.timestamp) : NaN;
  if (Number.isNaN(ms)) fail(n, `has no timestamp (an ISO date): ${JSON.stringify(e.timestamp)}`);
  if (typeof e.direction !== 'string' || !DIRECTIONS.has(e.direction))
    fail(n, `has direction ${JSON.stringify(e.direction)}, expected "request", "response" or "notification"`);
  if (e.origin !== undefined && e.origin !== 'client' && e.origin !== 'server')
    fail(n, `has origin ${JSON.stringify(e.origin)}, expected "client" or "server"`);
  if (!isObject(e.message)) fail(n, 'has no message (a JSON-RPC object)');
  if (e.response !== undefined && !isObject(e.response)) fail(n, 'has a response that is not a JSON-RPC object');
  if (e.duration !== undefined && !(typeof e.duration === 'number' && Number.isFinite(e.duration) && e.duration >= 0)) {
    fail(n, `has duration ${JSON.stringify(e.duration)}, expected milliseconds (a number ≥ 0)`);
  }
  if (e.clientError !== undefined && typeof e.clientError !== 'string') fail(n, 'has a clientError that is not a string');
  let dir: Dir;
  if (e.origin !== undefined) dir = e.origin === 'client' ? 'c2s' : 's2c';
  else {
    guessed.n++;
    // A response standing alone answered a request no longer in the log: most likely the Inspector's.
    dir = e.direction === 'response' ? 's2c' : guessedDir(e.message);
  }
  const own: Crossing = { ms, dir, text: JSON.stringify(e.message), order: i };
  if (!isObject(e.response)) return [{ ...own, ...(e.clientError !== undefined ? { rejected: e.clientError } : {}) }];
  const answer: Crossing = { ms: ms + ((e.duration as number | undefined) ?? 0), dir: other(dir), text: JSON.stringify(e.response), order: i };
  return [own, { ...answer, ...(e.clientError !== undefined ? { rejected: e.clientError } : {}) }];
}

/**
 * The crossings in time order. Entries are logged as they happen, so their order stands; a folded
 * response goes at its time, and within the millisecond after the messages its sender sent then and
 * before the other side's (a progress notification came before the answer it preceded; the
 * `initialized` sent on reading the `initialize` answer came after it).
 */
function inTimeOrder(entries: Crossing[][]): Crossing[] {
  const own = entries.map((c) => c[0]).sort((a, b) => a.ms - b.ms || a.order - b.order);
  const answers = entries.flatMap((c) => (c.length > 1 ? [c[1]] : [])).sort((a, b) => a.ms - b.ms || a.order - b.order);
  const out: Crossing[] = [];
  let i = 0;
  for (const answer of answers) {
    while (i < own.length && (own[i].ms < answer.ms || (own[i].ms === answer.ms && (own[i].order <= answer.order || own[i].dir === answer.dir))))
      out.push(own[i++]);
    out.push(answer);
  }
  return out.concat(own.slice(i));
}

/** Each item is `what: why`, the part before the colon short enough to list in one line. */
function lacksOf(count: number, guessed: number, section: string | undefined): string[] {
  return [
    'the bytes on the wire: each message is the Inspector’s JSON of what its SDK parsed, so sizes are of that text, and what it could not parse is missing',
    'the transport: no line framing, HTTP requests, status codes, headers or SSE events; the export does not say which transport it was (the trace says stdio)',
    'server stderr and process events: the Inspector’s Console tab exports those apart',
    'exact times: the Inspector’s clock, to the millisecond; a response’s time is its request’s plus the duration the Inspector logged',
    'what came before the Inspector last connected or was cleared: its log starts over then',
    ...(section ? [`the rest of the session: the file holds only the Inspector’s ${section} entries`] : []),
    ...(count >= INSPECTOR_LOG_LIMIT ? [`messages older than the last ${INSPECTOR_LOG_LIMIT} entries: the Inspector keeps no more by default`] : []),
    ...(guessed > 0
      ? [`who sent ${guessed} ${guessed === 1 ? 'entry' : 'entries'}: an older export has no "origin", so the sender was taken from the method`]
      : []),
  ];
}

/** The server's name: the file's (the Inspector names its export after the server), else the one it gave in `initialize`. */
function serverName(frames: readonly Frame[], fileServer: string | undefined, fileName: string | undefined): string {
  if (fileServer) {
    try {
      return decodeURIComponent(fileServer);
    } catch {
      return fileServer;
    }
  }
  for (const f of frames) {
    if (f.dir !== 's2c') continue;
    const name = (JSON.parse(f.raw) as { result?: { serverInfo?: { name?: unknown } } }).result?.serverInfo?.name;
    if (typeof name === 'string' && name) return name;
  }
  return fileName?.replace(/\.json$/i, '') || 'MCP Inspector export';
}

export interface InspectorExportOptions {
  fileName?: string;
  loupeVersion: string;
  /** When the import happened (ISO); defaults to now. */
  createdAt?: string;
}

/** Reads the Inspector's Protocol export (already parsed) into a trace. Throws TraceError naming the entry that does not fit. */
export function importInspectorExport(value: unknown, o: InspectorExportOptions): Trace {
  if (!isInspectorExport(value))
    throw new TraceError(0, 'not an MCP Inspector Protocol export: expected a JSON array of {timestamp, direction, origin, message} entries');
  const guessed = { n: 0 };
  const crossings = inTimeOrder(value.map((e, i) => crossingsOf(e, i, guessed)));
  const origin = crossings[0].ms;
  const frames: Frame[] = [];
  for (const c of crossings) {
    const ts = Math.round((c.ms - origin) * 1000);
    frames.push({ seq: frames.length + 1, ts, dir: c.dir, lane: 'message', raw: c.text, size: utf8Length(c.text) });
    // The Inspector's client read the message and refused it: a fact of the session the wire does not show.
    if (c.rejected !== undefined) {
      frames.push({ seq: frames.length + 1, ts, dir: 'local', lane: 'lifecycle', raw: `the Inspector’s client rejected this message: ${c.rejected}`, size: 0 });
    }
  }
  const named = o.fileName ? FILE_NAME.exec(o.fileName) : null;
  return importedTrace({
    frames,
    kind: 'mcp-inspector',
    // Whole messages, however the transport carried them: no stdio line rule can be judged.
    framing: 'messages',
    name: serverName(frames, named?.[2], o.fileName),
    lacks: lacksOf(value.length, guessed.n, named?.[1]),
    loupeVersion: o.loupeVersion,
    createdAt: o.createdAt,
    fileName: o.fileName,
    origin,
  });
}
