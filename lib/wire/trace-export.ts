/**
 * Exporting a live session: the page asks, the proxy answers. The proxy holds the connection's
 * real env and header values (the page only ever sees them masked), so redaction runs there and
 * the page receives a preview, or the file's text with the secrets already gone.
 */
import { z } from 'zod';

const MAX_SELECTED = 1_000_000;
const Seq = z.number().int().positive();

export const ExportSelectionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  /** The frames the person picked, by seq. */
  z.object({ kind: z.literal('frames'), seqs: z.array(Seq).max(MAX_SELECTED) }),
  /** The same, as inclusive `[from, to]` seq ranges: a shift+click over 100,000 frames is one pair.
   *  In any order; overlaps are merged. Frames between the ends that the session lacks are skipped. */
  z.object({
    kind: z.literal('ranges'),
    ranges: z.array(z.tuple([Seq, Seq]).refine(([from, to]) => from <= to, 'a range must not end before it starts')).max(MAX_SELECTED),
  }),
  /** Frames whose `ts` (µs since the session's origin) falls in [fromUs, toUs]. */
  z.object({ kind: z.literal('time-range'), fromUs: z.number(), toUs: z.number() }),
]);

export const CustomRuleSchema = z.object({
  id: z.string().max(100).optional(),
  regex: z.string().max(10_000).optional(),
  flags: z.string().max(10).optional(),
  jsonPath: z.string().max(1000).optional(),
});

/** `false` is the person's explicit opt-out: the file then keeps every secret. */
export const ExportRedactSchema = z.union([
  z.literal(false),
  z.object({ custom: z.array(CustomRuleSchema).max(100).optional(), disabled: z.array(z.string().max(100)).max(100).optional() }),
]);

export const RedactionHitSchema = z.object({ seq: z.number(), where: z.string(), rule: z.string(), excerpt: z.string() });

/** page -> proxy. `preview: true` asks only for what would be redacted; false for the file. */
export const SessionExportSchema = z.object({
  type: z.literal('session/export'),
  rid: z.string().max(100).optional(),
  sessionId: z.string().min(1).max(100),
  selection: ExportSelectionSchema,
  redact: ExportRedactSchema,
  preview: z.boolean(),
});

/** The most hits an answer lists; `hitCount` says how many there are in all. */
export const MAX_LISTED_HITS = 1000;

/** proxy -> page: the answer to `session/export`. `text` (a Loupe trace, NDJSON) only when not a preview. */
export const SessionExportedSchema = z.object({
  type: z.literal('session/exported'),
  rid: z.string(),
  frameCount: z.number().int().nonnegative(),
  hits: z.array(RedactionHitSchema).max(MAX_LISTED_HITS),
  hitCount: z.number().int().nonnegative(),
  text: z.string().optional(),
});

export type ExportSelection = z.infer<typeof ExportSelectionSchema>;
export type ExportRedact = z.infer<typeof ExportRedactSchema>;
export type SessionExportRequest = z.infer<typeof SessionExportSchema>;
export type SessionExported = z.infer<typeof SessionExportedSchema>;
