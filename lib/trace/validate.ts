/**
 * Checks one parsed line of a trace. Hand-written rather than a schema library so each refusal
 * names the field in words a person can act on, and so 100,000 frames validate in milliseconds.
 */
import type { Frame } from '../mcp/frame';
import { TRACE_FORMAT, TRACE_VERSION, TraceError, type TraceHeader } from './format';

const DIRS = new Set(['c2s', 's2c', 'local']);
const LANES = new Set(['message', 'stderr', 'http', 'lifecycle']);
const SOURCES = new Set(['live', 'tap', 'import']);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function fail(line: number, reason: string): never {
  throw new TraceError(line, reason);
}

export function validateHeader(v: unknown, line: number): TraceHeader {
  if (!isObject(v)) fail(line, 'the header is not a JSON object');
  if (v.format !== TRACE_FORMAT) fail(line, `the header's format is ${JSON.stringify(v.format)}, expected "${TRACE_FORMAT}"`);
  if (v.version !== TRACE_VERSION) fail(line, `the header's version is ${JSON.stringify(v.version)}, expected ${TRACE_VERSION}`);
  if (typeof v.loupeVersion !== 'string') fail(line, 'the header has no loupeVersion (a string)');
  if (typeof v.createdAt !== 'string' || Number.isNaN(Date.parse(v.createdAt))) fail(line, 'the header has no createdAt (an ISO date)');
  if (v.startedAt !== undefined && (typeof v.startedAt !== 'string' || Number.isNaN(Date.parse(v.startedAt)))) fail(line, 'startedAt must be an ISO date');
  const t = v.target;
  if (!isObject(t) || (t.transport !== 'stdio' && t.transport !== 'http') || typeof t.name !== 'string') {
    fail(line, 'the header has no target ({transport: "stdio"|"http", name, ...})');
  }
  if (typeof v.source !== 'string' || !SOURCES.has(v.source)) fail(line, 'the header has no source ("live", "tap" or "import")');
  if (v.negotiatedVersion !== undefined && typeof v.negotiatedVersion !== 'string') fail(line, 'negotiatedVersion must be a string');
  if (v.textDropped !== undefined && !isObject(v.textDropped)) fail(line, 'textDropped must be an object ({frames, bytes, fromSeq, toSeq})');
  return v as unknown as TraceHeader;
}

/** Checks a frame's shape; `prevSeq` enforces strictly increasing sequence numbers. */
export function validateFrame(v: unknown, line: number, prevSeq: number): Frame {
  if (!isObject(v)) fail(line, 'the frame is not a JSON object');
  if (v.seq === undefined) fail(line, 'the frame is missing seq');
  if (typeof v.seq !== 'number' || !Number.isInteger(v.seq) || v.seq < 1) fail(line, `seq must be a positive integer, got ${JSON.stringify(v.seq)}`);
  if (v.seq <= prevSeq) fail(line, `seq ${v.seq} is out of order (the previous frame has seq ${prevSeq}); frames must be in increasing seq order`);
  if (typeof v.ts !== 'number' || !Number.isFinite(v.ts)) fail(line, `frame ${v.seq} is missing ts (microseconds, a number)`);
  if (typeof v.dir !== 'string' || !DIRS.has(v.dir)) fail(line, `frame ${v.seq} has dir ${JSON.stringify(v.dir)}, expected "c2s", "s2c" or "local"`);
  if (typeof v.lane !== 'string' || !LANES.has(v.lane)) fail(line, `frame ${v.seq} has lane ${JSON.stringify(v.lane)}, expected message, stderr, http or lifecycle`);
  if (typeof v.raw !== 'string') fail(line, `frame ${v.seq} is missing raw (the text that crossed the wire)`);
  if (typeof v.size !== 'number' || !Number.isInteger(v.size) || v.size < 0) fail(line, `frame ${v.seq} is missing size (bytes, an integer)`);
  for (const flag of ['truncated', 'invalidUtf8', 'textDropped'] as const) {
    if (v[flag] !== undefined && typeof v[flag] !== 'boolean') fail(line, `frame ${v.seq}: ${flag} must be true or false`);
  }
  if (v.rawBase64 !== undefined && typeof v.rawBase64 !== 'string') fail(line, `frame ${v.seq}: rawBase64 must be a string`);
  if (v.meta !== undefined && !isObject(v.meta)) fail(line, `frame ${v.seq}: meta must be an object`);
  return v as unknown as Frame;
}
