/**
 * The traffic table's filter, applied incrementally: frames only ever append, so when the filter
 * is unchanged only the new frames are scanned. This keeps a 100,000-frame live session cheap.
 */
import { frameAt, type Trace } from './trace';
import { frameView } from './frameView';
import { maskHttpHead } from '../mcp/secret-headers';
import type { Frame } from '../mcp/frame';
import { channelOf, type ChannelKey } from '../mcp/channel';

export type LaneFilter = 'all' | 'messages' | 'http' | 'stderr' | 'lifecycle';

export interface TrafficFilter {
  lane: LaneFilter;
  /** `session`: the session's own channel; `app:<n>`: one MCP App's bridge; absent: every channel. */
  channel?: ChannelKey;
  /** Case-insensitive substring of the method or what it is about (the tool, prompt or URI); of
   *  the text, for stderr, lifecycle and HTTP rows. */
  text: string;
}

export interface FilteredSeqs {
  filter: TrafficFilter;
  /** The trace it was computed from; a different trace means start again. */
  source: Trace['source'];
  scanned: number;
  seqs: number[];
}

function laneMatches(lane: LaneFilter, frameLane: string): boolean {
  if (lane === 'all') return true;
  if (lane === 'messages') return frameLane === 'message';
  return frameLane === lane;
}

/**
 * The text a row is searched by: what the page shows of it. An HTTP head is searched masked, as
 * the detail pane shows it, so typing a token into the filter cannot tell which rows carry it.
 */
function searchableText(frame: Frame): string {
  return frame.lane === 'http' ? maskHttpHead(frame.raw) : frame.raw;
}

export function matches(t: Trace, seq: number, f: TrafficFilter): boolean {
  const frame = frameAt(t, seq);
  if (!frame || !laneMatches(f.lane, frame.lane)) return false;
  if (f.channel !== undefined && channelOf(frame) !== f.channel) return false;
  const needle = f.text.trim().toLowerCase();
  if (!needle) return true;
  if (frame.lane === 'message') {
    const v = frameView(t, seq);
    return (v?.method ?? '').toLowerCase().includes(needle) || (v?.subject ?? '').toLowerCase().includes(needle);
  }
  return searchableText(frame).toLowerCase().includes(needle);
}

function sameFilter(a: TrafficFilter, b: TrafficFilter): boolean {
  return a.lane === b.lane && a.text === b.text && a.channel === b.channel;
}

export function filterSeqs(t: Trace, f: TrafficFilter, prev?: FilteredSeqs): FilteredSeqs {
  const reuse = prev && prev.source === t.source && sameFilter(prev.filter, f) && prev.scanned <= t.frames.length;
  const base: FilteredSeqs = reuse ? prev : { filter: f, source: t.source, scanned: 0, seqs: [] };
  if (base.scanned === t.frames.length) return base;
  // Appended in place (a copy per animation frame would cost O(n) at 100,000 rows); the returned
  // object is new, so a memo keyed on it still sees the change.
  const seqs = base.seqs;
  const all = f.lane === 'all' && f.channel === undefined && !f.text.trim();
  // By position, not by seq: a partial trace from a file has gaps in its seqs.
  for (let i = base.scanned; i < t.frames.length; i++) {
    const seq = t.frames[i].seq;
    if (all || matches(t, seq, f)) seqs.push(seq);
  }
  return { filter: f, source: t.source, scanned: t.frames.length, seqs };
}
