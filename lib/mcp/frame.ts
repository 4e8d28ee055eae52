/**
 * A Frame is one crossing of the wire, exactly as recorded. Frames are append-only: everything
 * derived from them (parsed JSON, pairs, latency, annotations) lives beside them, never inside.
 *
 * One contract: `FrameSchema` is the source of truth, `Frame` is inferred from it, and
 * `checkFrame` (frame-check.ts) is the only validator, used by the page for what the proxy sends
 * and by the trace reader for files. The lane decides which meta a frame may carry.
 */
import { z } from 'zod';
import { HttpExchangeMetaSchema, LifecycleMetaSchema, MessageMetaSchema, StdioLineMetaSchema } from './frame-meta';

export * from './frame-meta';

/** Who sent it. `local` marks what the recorder itself observed (a process started or exited). */
export const DirectionSchema = z.enum(['c2s', 's2c', 'local']);
export type Direction = z.infer<typeof DirectionSchema>;

/** `message`: JSON-RPC traffic (or what should have been); `stderr`: server logs;
 *  `http`: an HTTP exchange; `lifecycle`: process and connection events. */
export const LaneSchema = z.enum(['message', 'stderr', 'http', 'lifecycle']);
export type Lane = z.infer<typeof LaneSchema>;

/** An MCP App instance's channel: `app:1`, `app:2`, … in the order the session rendered them.
 *  channel.ts has the helpers; absent means the session's own client <-> server channel. */
export const APP_CHANNEL_PATTERN = /^app:[1-9][0-9]*$/;
export const ChannelSchema = z
  .string()
  .regex(APP_CHANNEL_PATTERN, 'expected "app:<n>" (n = 1, 2, …, one per rendered app); leave channel out for the session\'s own client ↔ server traffic');

const base = {
  /** Which conversation the frame belongs to; absent: the session's client <-> server channel. On an
   *  app channel `c2s` is app -> host (the View is the bridge's client) and `s2c` host -> app. */
  channel: ChannelSchema.optional(),
  /** 1-based, per session; strictly increasing (dense unless the trace is a selection). */
  seq: z.number().int().positive(),
  /** Microseconds since the session's origin, monotonic, taken at the wire. */
  ts: z.number(),
  dir: DirectionSchema,
  /** The exact text that crossed (for stdio: one line without its `\n`). Invalid UTF-8 is
   *  decoded with U+FFFD and flagged by `invalidUtf8`; `rawBase64` then holds the exact bytes. */
  raw: z.string(),
  /** Bytes on the wire, before any truncation. */
  size: z.number().int().nonnegative(),
  /** Present when the recorder kept only the first bytes of an oversized line. */
  truncated: z.boolean().optional(),
  invalidUtf8: z.boolean().optional(),
  rawBase64: z.string().optional(),
  /** Present when the session's byte budget was used up: only the metadata was kept (`raw` is
   *  empty, `size` still counts the bytes that crossed). */
  textDropped: z.boolean().optional(),
};

// Strict, like every meta shape: a field a frame does not have is refused by name.
// Meta is optional in every lane: a frame from a file or a tap may know nothing beyond its text.
export const MessageFrameSchema = z.strictObject({ ...base, lane: z.literal('message'), meta: MessageMetaSchema.optional() });
export const StderrFrameSchema = z.strictObject({ ...base, lane: z.literal('stderr'), meta: StdioLineMetaSchema.optional() });
export const HttpFrameSchema = z.strictObject({ ...base, lane: z.literal('http'), meta: HttpExchangeMetaSchema.optional() });
export const LifecycleFrameSchema = z.strictObject({ ...base, lane: z.literal('lifecycle'), meta: LifecycleMetaSchema.optional() });

export const FrameSchema = z.discriminatedUnion('lane', [MessageFrameSchema, StderrFrameSchema, HttpFrameSchema, LifecycleFrameSchema]);
export type Frame = z.infer<typeof FrameSchema>;
export type HttpFrame = z.infer<typeof HttpFrameSchema>;
export type FrameMeta = NonNullable<Frame['meta']>;

/** `Omit` that keeps a union a union (a frame without its seq is still one of four lanes). */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** How a transport cuts the byte stream into messages: stdio writes one message per line, so a
 *  message split over lines or two on one line is possible and is judged; HTTP hands over whole
 *  messages (a body, an SSE event's data). */
export const FramingSchema = z.enum(['lines', 'messages']);
export type Framing = z.infer<typeof FramingSchema>;

export type TransportKind = 'stdio' | 'http';

/** The framing of each transport Loupe speaks. A source that knows better (a tap) says its own. */
export const TRANSPORT_FRAMING: Readonly<Record<TransportKind, Framing>> = { stdio: 'lines', http: 'messages' };

/** Human text for a direction, used by tables and exports. */
export function directionLabel(dir: Direction): string {
  return dir === 'c2s' ? 'client → server' : dir === 's2c' ? 'server → client' : 'local';
}
