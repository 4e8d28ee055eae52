/**
 * A window onto a stored session of any length (proxy/store): the page never holds the session,
 * only the rows it shows. Each request names a stored session and an anchor (the newest rows, the
 * rows from a seq on, or the rows before a seq), optionally a filter the store's columns answer
 * (direction, lane, method, tool, channel), and gets at most MAX_WINDOW_FRAMES frames back with
 * the session's totals, so the page can draw a scroll range and a position without the frames.
 * A text search over a stored session (not only a live one) is `history/search`; its timing by
 * method, over every frame, `history/timing` (the store's timing column, never a pass over frames);
 * the findings the analyser made of the whole session when it was stored, `history/findings` (of a
 * live session past its memory budget: those so far, judged from disk as it is written).
 * A session still being written is read the same way: `fromSeq` one past the last frame held
 * answers with the frames written since (none yet is an empty window, not an error).
 */
import { z } from 'zod';
import { FrameSchema } from '../mcp/frame';
import { StoredStateSchema } from './history';
import { NOT_A_STORED_SESSION_ID, STORED_SESSION_ID } from './stored-session-id';

const Rid = z.string().max(100).optional();
const StoredId = z.string().regex(STORED_SESSION_ID, NOT_A_STORED_SESSION_ID);
const Seq = z.number().int().positive();

/** The most frames one window request answers with: several screenfuls of rows. */
export const MAX_WINDOW_FRAMES = 1000;

/** The most findings a stored session keeps (proxy/store/findings-file.ts), the first in seq order:
 *  enough to read through, few enough to send to a page at once. */
export const MAX_STORED_FINDINGS = 5000;

const StoredFindingSchema = z.object({
  rule: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  /** Seqs; the first is the frame the finding sits on. */
  frames: z.array(z.number().int()),
  message: z.string(),
  spec: z.string(),
});

/** What a window keeps: every part must hold (frames without a method never match a method). */
export const WindowFilterSchema = z.strictObject({
  dir: z.enum(['c2s', 's2c']).optional(),
  lane: z.enum(['message', 'http', 'stderr', 'lifecycle']).optional(),
  method: z.string().min(1).max(200).optional(),
  tool: z.string().min(1).max(200).optional(),
  /** A channel key: `session` or `app:<n>`. */
  channel: z.string().min(1).max(100).optional(),
});
export type WindowFilter = z.infer<typeof WindowFilterSchema>;

/** page -> proxy */
export const StoredWindowPageMessageSchemas = [
  /**
   * Frames of a stored session, answered with `history/window`:
   * - neither `fromSeq` nor `beforeSeq`: the newest `limit` frames that match;
   * - `fromSeq`: the first `limit` that match with seq >= fromSeq;
   * - `beforeSeq`: the last `limit` that match with seq < beforeSeq.
   */
  z
    .strictObject({
      type: z.literal('history/window'),
      rid: Rid,
      id: StoredId,
      fromSeq: Seq.optional(),
      beforeSeq: Seq.optional(),
      limit: z.number().int().positive().max(MAX_WINDOW_FRAMES),
      filter: WindowFilterSchema.optional(),
    })
    .refine((m) => m.fromSeq === undefined || m.beforeSeq === undefined, 'give fromSeq or beforeSeq, not both'),
  /** Requests and latencies by method over the whole session, from the store's timing column: answered with `history/timing`. */
  z.strictObject({ type: z.literal('history/timing'), rid: Rid, id: StoredId }),
  /** The findings kept when the session was stored (proxy/store/findings.ts), answered with `history/findings`. */
  z.strictObject({ type: z.literal('history/findings'), rid: Rid, id: StoredId }),
  /** The seqs of a stored session's frames whose text holds `text`, answered with `history/search-result`. */
  z.strictObject({
    type: z.literal('history/search'),
    rid: Rid,
    id: StoredId,
    text: z.string().min(1).max(1000),
    fromSeq: Seq.optional(),
    limit: z.number().int().positive().max(5000).optional(),
  }),
] as const;

/** proxy -> page */
export const StoredWindowProxyMessageSchemas = [
  z.object({
    type: z.literal('history/window'),
    rid: z.string(),
    id: z.string(),
    /** In seq order, as the page shows a stored session's frames (credentials masked). */
    frames: z.array(FrameSchema),
    /** The session's totals, whatever the filter: its frames, first and last seq, bytes on disk. */
    frameCount: z.number().int().nonnegative(),
    firstSeq: z.number().int().nonnegative(),
    lastSeq: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    /** Whether matching frames exist before the first and after the last frame sent. */
    hasBefore: z.boolean(),
    hasAfter: z.boolean(),
    /** Bytes of segment files read to answer: what the columns saved shows here. */
    scannedBytes: z.number().int().nonnegative(),
    /** As History lists it: `recording` while its writer still writes it, so a window that holds
     *  its newest frame asks on from there (`fromSeq`) and follows it as it grows. */
    state: StoredStateSchema,
  }),
  z.object({
    type: z.literal('history/timing'),
    rid: z.string(),
    id: z.string(),
    /** lib/view/latency-histogram.ts StoredMethodStats, in µs; the session's own channel only. */
    methods: z.array(
      z.object({
        dir: z.enum(['c2s', 's2c']),
        method: z.string(),
        count: z.number().int().nonnegative(),
        answered: z.number().int().nonnegative(),
        errors: z.number().int().nonnegative(),
        p50: z.number().optional(),
        p95: z.number().optional(),
        p99: z.number().optional(),
        max: z.number().optional(),
        mean: z.number().optional(),
      }),
    ),
    frameCount: z.number().int().nonnegative(),
  }),
  z.object({
    type: z.literal('history/findings'),
    rid: z.string(),
    id: z.string(),
    /** In seq order; their messages redacted as the session's frames are for this page. */
    findings: z.array(StoredFindingSchema).max(MAX_STORED_FINDINGS),
    /** How many the analyser made: more than `findings` holds when `capped`. */
    total: z.number().int().nonnegative(),
    capped: z.boolean(),
    /** Set when none were kept, and why (lib/analyze/finding-counts.ts NoFindingsReason). */
    none: z.enum(['recording', 'judging', 'unclean', 'too-long', 'not-kept', 'failed']).optional(),
    /**
     * Set while the session is still recorded and past its memory budget: its copy on disk is
     * judged as it grows (proxy/store/live-judge.ts), and the findings are those of frames 1 to
     * `throughSeq` so far, counted by severity; `queued` (with `none: 'recording'`) while another
     * session's copy is judged first. Once it closes they give way to the closed session's.
     */
    live: z
      .object({
        throughSeq: z.number().int().nonnegative(),
        counts: z.object({ error: z.number().int().nonnegative(), warning: z.number().int().nonnegative(), info: z.number().int().nonnegative() }),
        queued: z.literal(true).optional(),
      })
      .optional(),
  }),
  z.object({
    type: z.literal('history/search-result'),
    rid: z.string(),
    id: z.string(),
    seqs: z.array(z.number().int()),
    next: z.number().int().optional(),
    scannedBytes: z.number().int().nonnegative(),
  }),
] as const;
