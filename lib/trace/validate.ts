/**
 * Checks one parsed line of a trace. Frames go through the one frame validator, the header through
 * the checks below; each refusal names the field in words a person can act on.
 */
import type { Frame } from '../mcp/frame';
import { checkFrame } from '../mcp/frame-check';
import { TRACE_FORMAT, TRACE_VERSION, TraceError, type TraceHeader } from './format';
import { isObject } from '../mcp/json';

const SOURCES = new Set(['live', 'tap', 'import']);

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
    fail(line, 'the header has no target ({transport: "stdio"|"http", framing, name, ...})');
  }
  if (t.framing !== 'lines' && t.framing !== 'messages') fail(line, `the target's framing is ${JSON.stringify(t.framing)}, expected "lines" or "messages"`);
  if (typeof v.source !== 'string' || !SOURCES.has(v.source)) fail(line, 'the header has no source ("live", "tap" or "import")');
  if (v.negotiatedVersion !== undefined && typeof v.negotiatedVersion !== 'string') fail(line, 'negotiatedVersion must be a string');
  if (v.requestTimeoutMs !== undefined && !(Number.isInteger(v.requestTimeoutMs) && (v.requestTimeoutMs as number) > 0))
    fail(line, 'requestTimeoutMs must be a whole number of milliseconds above 0');
  if (v.importedFrom !== undefined) checkImportedFrom(v.importedFrom, line);
  if (v.textDropped !== undefined && !isObject(v.textDropped)) fail(line, 'textDropped must be an object ({frames, bytes, fromSeq, toSeq})');
  return v as unknown as TraceHeader;
}

const IMPORT_KINDS = new Set(['claude-desktop', 'vscode', 'mcp-inspector']);

function checkImportedFrom(v: unknown, line: number): void {
  if (!isObject(v) || typeof v.kind !== 'string' || !IMPORT_KINDS.has(v.kind)) {
    fail(line, `importedFrom must be an object whose kind is one of ${[...IMPORT_KINDS].map((k) => `"${k}"`).join(', ')}`);
  }
  if (v.file !== undefined && typeof v.file !== 'string') fail(line, 'importedFrom.file must be a string');
  if (v.lacks !== undefined && !(Array.isArray(v.lacks) && v.lacks.every((x) => typeof x === 'string')))
    fail(line, 'importedFrom.lacks must be a list of strings');
}

/** Checks a frame with the one frame validator (lib/mcp/frame-check.ts); `prevSeq` enforces
 *  strictly increasing sequence numbers. */
export function validateFrame(v: unknown, line: number, prevSeq: number): Frame {
  const r = checkFrame(v);
  if (!r.ok) fail(line, r.problem);
  checkSeqOrder(r.frame.seq, line, prevSeq);
  return r.frame;
}

/** Refuses a frame whose seq is not above the previous frame's. */
export function checkSeqOrder(seq: number, line: number, prevSeq: number): void {
  if (seq <= prevSeq) fail(line, `seq ${seq} is out of order (the previous frame has seq ${prevSeq}); frames must be in increasing seq order`);
}
