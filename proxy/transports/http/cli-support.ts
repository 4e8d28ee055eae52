/**
 * What a command needs to reach an HTTP server: `--url URL --header 'K: V'... [--transport T]` turned
 * into a connection with clear errors, and the probes appended to a recorded trace.
 */
import { META_VERSION, metaVersion } from '../../../lib/mcp/era';
import type { Frame } from '../../../lib/mcp/frame';
import { isModernVersion } from '../../../lib/mcp/modern';
import { HttpConnectionSchema, type HttpConnection } from '../../../lib/wire/connection';
import { probeServer, type ProbeFinding } from './probes';

const MODES = ['streamable', 'sse', 'auto'] as const;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Builds the connection for `--url`; throws an Error whose message says what to fix. */
export function httpConnectionFromFlags(url: string, headerLines: readonly string[] = [], mode = 'auto'): HttpConnection {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`--url ${JSON.stringify(url)} is not a URL: give the full address, e.g. http://127.0.0.1:3001/mcp`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`--url must be http:// or https://, not ${parsed.protocol}`);
  if (!(MODES as readonly string[]).includes(mode)) throw new Error(`--mode must be one of ${MODES.join(', ')}, not ${JSON.stringify(mode)}`);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    const name = colon === -1 ? '' : line.slice(0, colon).trim();
    if (!TOKEN.test(name)) throw new Error(`--header ${JSON.stringify(line)} is not "Name: value", e.g. --header 'Authorization: Bearer TOKEN'`);
    const value = line.slice(colon + 1).trim();
    if (/[\r\n]/.test(value)) throw new Error(`--header ${name} has a line break in its value`);
    headers[name] = value;
  }
  return HttpConnectionSchema.parse({ id: `url-${parsed.host}`, name: parsed.href, transport: 'http', url: parsed.href, headers, mode });
}

/** The 2026-07-28 (or later) version the recorded client spoke, from a request's `_meta`: the
 *  probes then ask the server about that revision's header validation too. */
function modernVersionOf(frames: readonly Frame[]): string | undefined {
  for (const f of frames) {
    if (f.lane !== 'message' || f.dir !== 'c2s' || !f.raw.includes(META_VERSION)) continue;
    try {
      const v = metaVersion((JSON.parse(f.raw) as { params?: unknown }).params);
      if (v !== undefined && isModernVersion(v)) return v;
    } catch {
      // A broken frame says nothing of the version.
    }
  }
  return undefined;
}

/** Runs the active probes and appends their frames to `frames` (seqs and timestamps continue
 *  after the last frame), so that the analyser annotates them with the rest of the trace. They
 *  speak the transport the recorded session used (an automatic connection may have fallen back
 *  to HTTP+SSE). */
export async function appendProbes(
  frames: Frame[],
  connection: Pick<HttpConnection, 'url' | 'headers'> & Partial<Pick<HttpConnection, 'mode'>>,
  timeoutMs?: number,
): Promise<ProbeFinding[]> {
  const legacy =
    connection.mode === 'sse' ||
    frames.some((f) => f.lane === 'http' && f.meta?.transport === 'http' && f.meta.phase === 'request' && f.meta.stream === 'legacy');
  const lastTs = frames.length > 0 ? frames[frames.length - 1].ts : 0;
  const start = performance.now();
  const clock = { now: () => lastTs + 1 + Math.round((performance.now() - start) * 1000) };
  const report = await probeServer(connection.url, connection.headers, {
    clock,
    timeoutMs,
    transport: legacy ? 'sse' : 'streamable',
    protocolVersion: modernVersionOf(frames),
    record: (c) => {
      const frame: Frame = { seq: frames.length + 1, ...c };
      frames.push(frame);
      return frame;
    },
  });
  return report.findings;
}
