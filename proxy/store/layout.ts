/**
 * Where a stored session lives and what its small files hold. One folder per session under
 * `<config dir>/sessions/`:
 *
 *   session.json        what was recorded (its trace header), by whom, since when; on a clean
 *                       close also when it ended, its frame count and size, then its findings
 *   secrets.json        the values its exports redact (env values, header values, …), mode 0600
 *   findings.ndjson     on a clean close, beside the counts: a line with how many findings there
 *                       were, then the first MAX_STORED_FINDINGS of them in seq order, one a line, as the
 *                       analyser wrote them (unredacted, mode 0600: read them through findings-file.ts)
 *   seg-000001.ndjson   frames, one line each (segment-lines.ts), appended as they cross
 *   index.ndjson        one line per finished segment: its column summary and seq marks
 *
 * The segment being written has no index line yet: a reader scans it (which is also how a
 * session whose writer died is recovered).
 */
import path from 'node:path';
import type { Annotation } from '../../lib/analyze';
import type { FindingCounts } from '../../lib/analyze/finding-counts';
import type { TraceHeader } from '../../lib/trace/format';
import type { KnownSecret } from '../../lib/trace/redact';
import { STORED_SESSION_ID } from '../../lib/wire/stored-session-id';
import type { MethodTiming } from './timing-column';

/** How a session came to be recorded. */
export type StoredSource = 'launched' | 'url' | 'tap' | 'record' | 'imported';

export interface StoredMeta {
  id: string;
  source: StoredSource;
  /** The trace header of the session's exports, without `createdAt` being meaningful. */
  header: TraceHeader;
  /** Wall-clock ms of ts 0. */
  startedAt: number;
  /** The process writing it, while it runs: a session with no `end` whose writer is gone ended unclean. */
  writerPid: number;
  end?: StoredEnd;
  /** The analyser's findings by severity, counted once the writer closed it (findings.ts);
   *  absent for a session that ended unclean or was stored before counts were kept. */
  findings?: FindingCounts;
}

export interface StoredEnd {
  at: number;
  frames: number;
  bytes: number;
  /** Set when the session reached its disk budget: frames after this seq were not written. */
  fullAtSeq?: number;
}

/** One finished segment in index.ndjson. */
export interface SegmentSummary {
  segment: number;
  firstSeq: number;
  lastSeq: number;
  firstTs: number;
  lastTs: number;
  frames: number;
  bytes: number;
  methods: string[];
  tools: string[];
  dirs: string[];
  lanes: string[];
  /** The channels of its frames, keyed as lib/mcp/channel.ts keys them: `session`, `app:<n>`. */
  channels: string[];
  /** Every INDEX_EVERY frames: [seq, byte offset] of a full line (segment-lines.ts). */
  marks: [number, number][];
  /** Requests and latencies by method (timing-column.ts); absent when none crossed, and in index
   *  lines written before the column existed. */
  timing?: MethodTiming[];
}

/** One finding of a stored session, as kept in findings.ndjson: an annotation without its group. */
export type StoredFinding = Pick<Annotation, 'rule' | 'severity' | 'frames' | 'message' | 'spec'>;

export interface StoredSecrets {
  secrets: KnownSecret[];
}

/** A line every this many frames can be found without reading the segment from its start. */
export const INDEX_EVERY = 1024;
/** A segment is closed and the next begun past this size. */
export const SEGMENT_BYTES = 32 * 2 ** 20;

export const SESSION_FILE = 'session.json';
export const SECRETS_FILE = 'secrets.json';
export const INDEX_FILE = 'index.ndjson';
export const FINDINGS_FILE = 'findings.ndjson';

export function sessionsDir(configDir: string): string {
  return path.join(configDir, 'sessions');
}

export function segmentName(n: number): string {
  return `seg-${String(n).padStart(6, '0')}.ndjson`;
}

export function segmentNumber(name: string): number | undefined {
  const m = /^seg-(\d{6,})\.ndjson$/.exec(name);
  return m ? Number(m[1]) : undefined;
}

/** Sorts by start time and reads aloud: `20261206-154501-3fa9c1`. */
export function newSessionId(startedAt: number, random: string): string {
  const iso = new Date(startedAt).toISOString();
  return `${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}-${random}`;
}

export function isSessionId(text: string): boolean {
  return STORED_SESSION_ID.test(text);
}
