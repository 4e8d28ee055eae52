/**
 * The page's History: the sessions stored on disk (proxy/store), listed, opened read-only,
 * exported through the same redaction as `loupe export ID`, and deleted. Ids are checked against
 * the store's own pattern here, so a name like `../x` never reaches a path.
 */
import { z } from 'zod';
import { ExportRedactSchema } from './trace-export';
import { NOT_A_STORED_SESSION_ID, STORED_SESSION_ID } from './stored-session-id';

const Rid = z.string().max(100).optional();
const Count = z.number().int().nonnegative();
const StoredId = z.string().regex(STORED_SESSION_ID, NOT_A_STORED_SESSION_ID);

/** clean: closed by its writer; recording: still written; unclean: its writer stopped without closing it. */
export const StoredStateSchema = z.enum(['clean', 'recording', 'unclean']);

export const StoredSessionEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The command line or URL (without secrets). */
  target: z.string(),
  source: z.enum(['launched', 'url', 'tap', 'record', 'imported']),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  frames: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  state: StoredStateSchema,
  /** The analyser's findings by severity, counted once the session closed cleanly; absent before
   *  that, for a session that ended unclean, and for one stored before counts were kept. */
  findings: z.object({ error: Count, warning: Count, info: Count }).optional(),
  /** Set while its findings are being judged: just closed, or a longer one judged on demand once listed. */
  judging: z.literal(true).optional(),
});
export type StoredSessionEntry = z.infer<typeof StoredSessionEntrySchema>;

/** page -> proxy */
export const HistoryPageMessageSchemas = [
  /** The stored sessions, newest first: answered with `history/listed`. */
  z.object({ type: z.literal('history/list'), rid: Rid }),
  /** One stored session as a trace (every frame, as the live page shows them): answered with `history/trace` pieces. */
  z.object({ type: z.literal('history/open'), rid: Rid, id: StoredId }),
  /** One stored session as a trace file, redacted as `loupe export ID` redacts (unless `redact: false`), in `history/trace` pieces. */
  z.object({ type: z.literal('history/export'), rid: Rid, id: StoredId, redact: ExportRedactSchema }),
  /** Deletes a stored session; one still being recorded is refused. Answered with `ack`. */
  z.object({ type: z.literal('history/delete'), rid: Rid, id: StoredId }),
] as const;

/** proxy -> page */
export const HistoryProxyMessageSchemas = [
  z.object({ type: z.literal('history/listed'), rid: z.string(), sessions: z.array(StoredSessionEntrySchema) }),
  /**
   * A piece of a Loupe trace (NDJSON: the header line, then one line per frame): whole lines, about
   * 512 KiB at most (a longer line alone), `more` on every piece but the last, in order. The page
   * reads them into one trace or saves them as one file; `redacted` (an export's count) comes last.
   */
  z.object({
    type: z.literal('history/trace'),
    rid: z.string(),
    id: z.string(),
    text: z.string(),
    more: z.boolean().optional(),
    redacted: z.number().int().nonnegative().optional(),
  }),
] as const;
