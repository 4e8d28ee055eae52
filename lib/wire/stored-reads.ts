/**
 * What the page reads of a live session from its copy on disk (proxy/store): the text of frames the
 * proxy's memory budget let go (a frame past the budget keeps its time, direction, lane and size in
 * memory, and its whole text on disk), and a text search over every frame. The session must be
 * stored (`SessionSummary.storedId`); the proxy flushes its writer before it reads.
 */
import { z } from 'zod';
import { FrameSchema } from '../mcp/frame';

const Rid = z.string().max(100).optional();
const SessionId = z.string().min(1).max(100);
const Seq = z.number().int().positive();

/** The most frames one `session/stored-frames` asks for: a screenful of rows, many times over. */
export const MAX_STORED_FRAMES = 500;
/** The most matches one search returns; `next` goes on from there. */
export const MAX_SEARCH_RESULTS = 5000;

export const StoredReadPageMessageSchemas = [
  /** These frames as stored on disk, answered with `session/stored-frames`. */
  z.strictObject({ type: z.literal('session/stored-frames'), rid: Rid, sessionId: SessionId, seqs: z.array(Seq).min(1).max(MAX_STORED_FRAMES) }),
  /** The frames whose text holds `text` (ASCII letters in either case), answered with `session/search-result`. */
  z.strictObject({
    type: z.literal('session/search'),
    rid: Rid,
    sessionId: SessionId,
    text: z.string().min(1).max(1000),
    lane: z.enum(['message', 'http', 'stderr', 'lifecycle']).optional(),
    channel: z.string().max(100).optional(),
    fromSeq: Seq.optional(),
    limit: z.number().int().positive().max(MAX_SEARCH_RESULTS).optional(),
  }),
] as const;

export const StoredReadProxyMessageSchemas = [
  z.object({ type: z.literal('session/stored-frames'), rid: z.string(), sessionId: z.string(), frames: z.array(FrameSchema) }),
  z.object({
    type: z.literal('session/search-result'),
    rid: z.string(),
    sessionId: z.string(),
    seqs: z.array(z.number().int()),
    /** Set when the limit was reached: the seq to search from for more. */
    next: z.number().int().optional(),
    /** Bytes of the session's files read. */
    scannedBytes: z.number().int().nonnegative(),
  }),
] as const;
