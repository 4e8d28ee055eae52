/**
 * The Loupe trace file: NDJSON, one header line, then one Frame per line exactly as recorded.
 * docs/trace-format.md is the public description; keep the two in step.
 */
import type { Frame, Framing, TransportKind } from '../mcp/frame';
import type { DroppedText } from './dropped-text';

export const TRACE_FORMAT = 'loupe-trace';
/** Bump with a migration in migrate.ts whenever the shape of a line changes. */
export const TRACE_VERSION = 3;
/** The suggested file extension. */
export const TRACE_EXTENSION = '.loupe.ndjson';

/** What was inspected, described without secrets: no env, no headers, no credentials in URLs. */
export interface TraceTarget {
  transport: TransportKind;
  /** How the transport cut the traffic into messages; the analyser judges stdio's line rules
   *  only on `lines`. A tap or an import says its own; Loupe's transports use TRANSPORT_FRAMING. */
  framing: Framing;
  name: string;
  command?: string;
  args?: string[];
  url?: string;
}

/** Where the frames came from: Loupe's own client, a tap between a host and its server, a file. */
export type TraceSource = 'live' | 'tap' | 'import';

/** What another tool wrote that a trace was imported from (`loupe import`, or a file opened in the page). */
export type ImportKind = 'claude-desktop' | 'vscode' | 'mcp-inspector';

export interface ImportedFrom {
  kind: ImportKind;
  /** The imported file's name. */
  file?: string;
  /** What that file could not hold and the trace therefore lacks (raw bytes, transport framing,
   *  stderr, the clock's resolution...), each `what: why` in words for a person: the page lists
   *  the parts before the colons in the trace's header, and the whole on request. */
  lacks?: string[];
}

export interface RedactionNote {
  /** The ids of the rules that ran (see redact.ts), including custom ones. */
  rules: string[];
  /** How many values were replaced. */
  count: number;
}

export interface TraceHeader {
  format: typeof TRACE_FORMAT;
  version: typeof TRACE_VERSION;
  loupeVersion: string;
  /** ISO 8601: when the file was written. */
  createdAt: string;
  /** ISO 8601: the wall-clock time of the session's origin (ts 0), when known. HAR and OTLP
   *  exports need absolute times; without it they count from `createdAt`. */
  startedAt?: string;
  target: TraceTarget;
  negotiatedVersion?: string;
  /** The session's request timeout (ms): how long Loupe's client waited for an answer. The
   *  analyser's `timing.no-response` is judged with it; absent (older files, taps, imports), the
   *  default (DEFAULT_TIMEOUT_MS, 60 s) applies. Optional, so files without it still read. */
  requestTimeoutMs?: number;
  source: TraceSource;
  /** Present when secrets were replaced by «redacted:…» markers; absent when the writer opted out. */
  redaction?: RedactionNote;
  /** Present when only part of a session was exported (so gaps in seq are expected). */
  selection?: { kind: 'frames' | 'time-range'; fromSeq?: number; toSeq?: number; fromUs?: number; toUs?: number };
  /** Present when the frames were read from another tool's file: which, and what it lacks. */
  importedFrom?: ImportedFrom;
  /** Present when the session passed its byte budget: frames marked `textDropped` kept only their
   *  metadata. Informative; readers count the frames themselves. */
  textDropped?: DroppedText;
}

export interface Trace {
  header: TraceHeader;
  frames: Frame[];
}

/** Why a file was refused. `line` is 1-based; 0 means the file as a whole. */
export class TraceError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(line > 0 ? `line ${line}: ${reason}` : reason);
    this.name = 'TraceError';
  }
}
