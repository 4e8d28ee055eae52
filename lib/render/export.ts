/**
 * Prepares a trace file from a session: picks the frames (all, a selection, a time range),
 * redacts them unless the person opted out, and notes both in the header.
 */
import type { Frame } from '../mcp/frame';
import { droppedText } from '../trace/dropped-text';
import { containsSeq, rangeSetOf, type SeqRange } from '../view/range-set';
import { TRACE_FORMAT, TRACE_VERSION, type ImportedFrom, type TraceHeader, type TraceSource, type TraceTarget } from '../trace/format';
import { redactFrames, redactStrings, type RedactOptions, type RedactionHit } from '../trace/redact';
import { writeTrace } from '../trace/writer';

export type FrameSelection =
  | { kind: 'all' }
  | { kind: 'frames'; seqs: readonly number[] }
  /** Inclusive seq ranges in any order (a person's multi-selection, kept compact). */
  | { kind: 'ranges'; ranges: readonly SeqRange[] }
  | { kind: 'seq-range'; fromSeq: number; toSeq: number }
  | { kind: 'time-range'; fromUs: number; toUs: number };

export function selectFrames(frames: readonly Frame[], sel: FrameSelection): Frame[] {
  if (sel.kind === 'all') return [...frames];
  if (sel.kind === 'frames') {
    const wanted = new Set(sel.seqs);
    return frames.filter((f) => wanted.has(f.seq));
  }
  if (sel.kind === 'ranges') {
    const wanted = rangeSetOf(sel.ranges);
    return frames.filter((f) => containsSeq(wanted, f.seq));
  }
  if (sel.kind === 'seq-range') return frames.filter((f) => f.seq >= sel.fromSeq && f.seq <= sel.toSeq);
  return frames.filter((f) => f.ts >= sel.fromUs && f.ts <= sel.toUs);
}

export interface ExportInput {
  frames: readonly Frame[];
  target: TraceTarget;
  loupeVersion: string;
  negotiatedVersion?: string;
  /** The session's request timeout (ms), kept in the header so a reader judges
   *  `timing.no-response` as the session did. */
  requestTimeoutMs?: number;
  source?: TraceSource;
  /** The other tool's file the frames were read from, and what it lacks: kept in the header. */
  importedFrom?: ImportedFrom;
  selection?: FrameSelection;
  /** `false` is the explicit opt-out: the file then holds every secret that crossed the wire. */
  redact: RedactOptions | false;
  now?: Date;
}

export interface PreparedExport {
  header: TraceHeader;
  frames: Frame[];
  hits: RedactionHit[];
}

export function prepareExport(input: ExportInput): PreparedExport {
  const selection = input.selection ?? { kind: 'all' };
  const picked = selectFrames(input.frames, selection);
  const header: TraceHeader = {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    loupeVersion: input.loupeVersion,
    createdAt: (input.now ?? new Date()).toISOString(),
    target: input.target,
    source: input.source ?? 'live',
  };
  if (input.negotiatedVersion) header.negotiatedVersion = input.negotiatedVersion;
  if (input.requestTimeoutMs !== undefined) header.requestTimeoutMs = input.requestTimeoutMs;
  if (input.importedFrom) header.importedFrom = input.importedFrom;
  if (selection.kind !== 'all') {
    header.selection =
      selection.kind !== 'time-range'
        ? { kind: 'frames', fromSeq: picked[0]?.seq, toSeq: picked[picked.length - 1]?.seq }
        : { kind: 'time-range', fromUs: selection.fromUs, toUs: selection.toUs };
  }
  const dropped = droppedText(picked);
  if (dropped) header.textDropped = dropped;
  if (input.redact === false) return { header, frames: picked, hits: [] };
  const r = redactFrames(picked, input.redact);
  // The target (command line, URL) goes through the same rules: `--api ghp_…` is a key too.
  const target = redactStrings(header.target, input.redact, 'header.target');
  header.target = target.value;
  const hits = [...target.hits, ...r.hits];
  header.redaction = { rules: r.rules, count: hits.length };
  return { header, frames: r.frames, hits };
}

/** The file's text. */
export function exportTraceText(input: ExportInput): string {
  const p = prepareExport(input);
  return writeTrace({ header: p.header, frames: p.frames });
}
