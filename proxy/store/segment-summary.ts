/**
 * A segment's column summary (its index.ndjson line), made frame by frame. The writer makes it as
 * it appends and the reader as it scans a segment with no index line (the one being written, or
 * the last of a writer that died): both note each frame here, so a scanned segment's columns are
 * the ones its writer would have indexed.
 */
import type { Frame } from '../../lib/mcp/frame';
import { channelOf } from '../../lib/mcp/channel';
import { INDEX_EVERY, type SegmentSummary } from './layout';

type Columns = 'methods' | 'tools' | 'dirs' | 'lanes' | 'channels';

/** A summary being made: its columns as sets, turned into arrays by `summaryOf`. */
export type SummaryBuilder = Omit<SegmentSummary, Columns> & Record<Columns, Set<string>>;

export function newSummary(segment: number): SummaryBuilder {
  return {
    segment,
    firstSeq: 0,
    lastSeq: 0,
    firstTs: 0,
    lastTs: 0,
    frames: 0,
    bytes: 0,
    methods: new Set(),
    tools: new Set(),
    dirs: new Set(),
    lanes: new Set(),
    channels: new Set(),
    marks: [],
  };
}

/** Whether the next frame's line is one an index mark points at (it must then be a full line). */
export function marksNext(s: SummaryBuilder): boolean {
  return s.frames % INDEX_EVERY === 0;
}

/**
 * Notes one frame whose line starts at byte `at` of the segment. `message` is its text parsed, when
 * the line embeds it as JSON (segment-lines.ts); only then are its method and tool noted. The
 * caller counts the segment's bytes.
 */
export function noteFrame(s: SummaryBuilder, frame: Frame, at: number, message: unknown): void {
  if (marksNext(s)) s.marks.push([frame.seq, at]);
  if (s.frames === 0) {
    s.firstSeq = frame.seq;
    s.firstTs = frame.ts;
  }
  s.frames++;
  s.lastSeq = frame.seq;
  s.lastTs = frame.ts;
  s.dirs.add(frame.dir);
  s.lanes.add(frame.lane);
  s.channels.add(channelOf(frame));
  const { method, tool } = methodAndTool(message);
  if (method !== undefined) s.methods.add(method);
  if (tool !== undefined) s.tools.add(tool);
}

/**
 * What the `methods` and `tools` columns hold of one frame, from its text parsed (a line's embedded
 * JSON, segment-lines.ts): its method, and the tool a `tools/call` names. A reader testing a frame
 * against those columns (window.ts) asks here too, so a column and its test never disagree.
 */
export function methodAndTool(message: unknown): { method?: string; tool?: string } {
  if (message === null || typeof message !== 'object') return {};
  const m = message as { method?: unknown; params?: { name?: unknown } };
  if (typeof m.method !== 'string') return {};
  if (m.method === 'tools/call' && typeof m.params?.name === 'string') return { method: m.method, tool: m.params.name };
  return { method: m.method };
}

/** The summary as index.ndjson holds it. */
export function summaryOf(s: SummaryBuilder): SegmentSummary {
  return { ...s, methods: [...s.methods], tools: [...s.tools], dirs: [...s.dirs], lanes: [...s.lanes], channels: [...s.channels] };
}
