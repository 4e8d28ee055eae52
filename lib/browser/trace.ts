/**
 * One session's frames as the page holds them, whether they stream from the proxy or come from an
 * imported trace file: a thin handle on the trace's one SessionModel (lib/model), which holds the
 * frames, classifies each once (when first needed), pairs, builds HTTP exchanges and runs the analyser, so
 * the table, the detail pane and every other pane read the same facts.
 *
 * For speed with 100,000 frames the model grows in place; `ingest` returns a new Trace object
 * (with `version` bumped) so that store subscribers notice. Never keep an old Trace and expect it
 * to be frozen.
 */
import type { Frame, Framing } from '../mcp/frame';
import type { Classified } from '../mcp/classify';
import { SessionModel } from '../model/session-model';

export type TraceSource = { kind: 'live'; sessionId: string } | { kind: 'file'; name: string };

export interface Trace {
  source: TraceSource;
  model: SessionModel;
  /** The model's frames, in seq order (the same array, grown in place). */
  frames: Frame[];
  /** The highest `endSeq` a snapshot promised; frames up to it are known to exist. */
  snapshotEnd: number;
  /** `performance.now()`-style time (ms) at which the newest frame arrived: with its wire
   *  timestamp it gives the wire clock's "now" between frames. */
  arrivedAt: number;
  /** Bumped on every change, for memoised views. */
  version: number;
}

/** Backlogs up to this many frames are analysed at once on arrival (a live batch); a snapshot or
 *  a file is analysed in slices between renders (lib/browser/model-clock.ts). */
const ANALYSE_AT_ONCE = 256;
/** While a snapshot's chunks arrive, views redraw at most this often. */
export const SNAPSHOT_REDRAW_MS = 250;

/** How a trace's model judges it: the session's request timeout (its summary's, or the file
 *  header's), so `timing.no-response` fires when the client gave up (absent: the one default);
 *  and for a file, the framing its header declares, as `loupe check` cuts the same bytes. */
export interface TraceJudging {
  timeoutMs?: number;
  framing?: Framing;
}

export function emptyTrace(source: TraceSource, { timeoutMs, framing }: TraceJudging = {}): Trace {
  const model = new SessionModel({ source: source.kind, ...(timeoutMs === undefined ? {} : { timeoutMs }), ...(framing === undefined ? {} : { framing }) });
  return { source, model, frames: model.frames, snapshotEnd: 0, arrivedAt: 0, version: 0 };
}

/**
 * Adds frames, idempotent by seq (the model holds each seq once, in order, whatever the
 * interleaving of a `frames/snapshot` and live `frames/append` covering the same range: on
 * attach, on a reconnect, on a second tab). `now` is the arrival time, for the wire clock.
 *
 * `quiet`: a snapshot chunk with more to come. Its frames go into the model at once (so the page
 * takes the snapshot in while it arrives, not all at the end) but, once the trace knows the
 * snapshot's end, the Trace object stays the same until SNAPSHOT_REDRAW_MS passed since the last
 * redraw: the views show the snapshot filling a few times a second, not once per chunk, and the
 * last chunk shows it whole.
 */
export function ingest(t: Trace, frames: readonly Frame[], snapshotEnd = 0, now = 0, quiet = false): Trace {
  const added = t.model.append(frames);
  if (added && t.model.frames.length - t.model.analysed <= ANALYSE_AT_ONCE) t.model.advance();
  const end = Math.max(t.snapshotEnd, snapshotEnd);
  if (!added && end === t.snapshotEnd) return t;
  if (quiet && end === t.snapshotEnd && now - t.arrivedAt < SNAPSHOT_REDRAW_MS) return t;
  return { ...t, snapshotEnd: end, arrivedAt: added ? now : t.arrivedAt, version: t.version + 1 };
}

/** The snapshot this trace was promised has not all arrived yet (its chunks are on their way). */
export function loadingSnapshot(t: Trace): boolean {
  return t.frames.length < t.snapshotEnd;
}

/** A new Trace object for the same model, after the model moved on by itself (analysis caught
 *  up, a clock tick found an overdue request, the session ended). */
export function touched(t: Trace): Trace {
  return { ...t, version: t.version + 1 };
}

export function frameAt(t: Trace, seq: number): Frame | undefined {
  return t.model.frameAt(seq);
}

export function classifiedAt(t: Trace, seq: number): Classified | undefined {
  return t.model.classifiedAt(seq);
}
