/**
 * The proxy <-> page protocol: one union each way, `noun/verb` types, zod schemas at both ends.
 * Page messages may carry `rid`; the proxy echoes it on the reply so the page can await it.
 */
import { z } from 'zod';
import { FrameSchema } from '../mcp/frame';
import { ConnectionSchema } from './connection';
import { SessionExportedSchema, SessionExportSchema } from './trace-export';

const Rid = z.string().max(100).optional();
const SessionId = z.string().min(1).max(100);
const Json = z.unknown();

export const OpenOptionsSchema = z.object({
  protocolVersion: z.string().min(1).max(100),
  clientCapabilities: z.record(z.string(), z.unknown()),
  clientInfo: z.object({ name: z.string(), version: z.string() }).optional(),
});
export type OpenOptions = z.infer<typeof OpenOptionsSchema>;

// ---- page -> proxy ----
export const PageMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connections/save'), rid: Rid, connection: ConnectionSchema }),
  z.object({ type: z.literal('connections/delete'), rid: Rid, id: z.string() }),
  /** The `mcpServers` JSON that MCP hosts keep in their config files. */
  z.object({ type: z.literal('connections/import'), rid: Rid, json: z.string().max(1_000_000) }),
  z.object({ type: z.literal('session/open'), rid: Rid, connectionId: z.string(), options: OpenOptionsSchema }),
  z.object({ type: z.literal('session/attach'), rid: Rid, sessionId: SessionId }),
  z.object({ type: z.literal('session/close'), rid: Rid, sessionId: SessionId }),
  z.object({ type: z.literal('session/forget'), rid: Rid, sessionId: SessionId }),
  /** A request sent through Loupe's MCP client; the reply is `request/result`. */
  z.object({
    type: z.literal('session/request'), rid: Rid, sessionId: SessionId,
    method: z.string().min(1).max(1000), params: z.record(z.string(), Json).optional(),
    timeoutMs: z.number().int().positive().optional(),
    /** Progress restarts the timeout (the default); false keeps one fixed deadline. */
    resetTimeoutOnProgress: z.boolean().optional(),
    /** The longest the request may run however often progress restarts its timeout. */
    maxTotalMs: z.number().int().positive().optional(),
  }),
  z.object({ type: z.literal('session/notify'), rid: Rid, sessionId: SessionId, method: z.string().min(1), params: z.record(z.string(), Json).optional() }),
  /** Any text at all, written to the server as one frame: malformed on purpose is allowed. */
  z.object({ type: z.literal('session/send-raw'), rid: Rid, sessionId: SessionId, text: z.string().max(16 * 1024 * 1024) }),
  /** HTTP sessions only: runs the active probes (deliberately bad requests) into the session's trace. */
  z.object({ type: z.literal('session/probe'), rid: Rid, sessionId: SessionId }),
  /** HTTP sessions only: forgets the expired session id and runs the handshake again, same trace. */
  z.object({ type: z.literal('session/reinitialize'), rid: Rid, sessionId: SessionId }),
  /** Cancels a `session/request` still in flight (sends `notifications/cancelled`). */
  z.object({ type: z.literal('request/cancel'), rid: Rid, sessionId: SessionId, requestRid: z.string() }),
  /** The person's answer to a request the server sent (sampling, elicitation, roots). */
  z.object({
    type: z.literal('server-request/answer'), rid: Rid, sessionId: SessionId, key: z.string(),
    result: z.record(z.string(), Json).optional(),
    error: z.object({ code: z.number().int(), message: z.string(), data: Json.optional() }).optional(),
  }),
  // ---- trace export (lib/wire/trace-export.ts) ----
  SessionExportSchema,
]);
export type PageMessage = z.infer<typeof PageMessageSchema>;

export const SessionSummarySchema = z.object({
  id: SessionId,
  connectionId: z.string(),
  name: z.string(),
  transport: z.enum(['stdio', 'http']),
  /** starting: transport opening; initializing: handshake under way; ready: operation;
   *  closed: ended by the user; failed: transport or handshake failed (see `error`). */
  status: z.enum(['starting', 'initializing', 'ready', 'closing', 'closed', 'failed']),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  pid: z.number().optional(),
  requestedVersion: z.string().optional(),
  negotiatedVersion: z.string().optional(),
  serverInfo: z.record(z.string(), Json).optional(),
  serverCapabilities: z.record(z.string(), Json).optional(),
  clientCapabilities: z.record(z.string(), Json).optional(),
  instructions: z.string().optional(),
  error: z.string().optional(),
  /** HTTP: the server answered 404 for this session id (frame `exchange`): it must re-initialize. */
  expired: z.object({ sessionId: z.string(), exchange: z.number().int() }).optional(),
  lastSeq: z.number().int().nonnegative(),
  attached: z.number().int().nonnegative(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

export const PendingServerRequestSchema = z.object({
  key: z.string(),
  sessionId: SessionId,
  method: z.string(),
  params: Json,
  receivedAt: z.number(),
  seq: z.number().int().optional(),
});
export type PendingServerRequest = z.infer<typeof PendingServerRequestSchema>;

// ---- proxy -> page ----
export const ProxyMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'), version: z.string(), defaults: OpenOptionsSchema,
    connections: z.array(ConnectionSchema), sessions: z.array(SessionSummarySchema),
  }),
  z.object({ type: z.literal('connections/update'), connections: z.array(ConnectionSchema) }),
  z.object({ type: z.literal('sessions/update'), sessions: z.array(SessionSummarySchema) }),
  /** Everything recorded so far; live `frames/append` batches continue after `endSeq`. */
  z.object({ type: z.literal('frames/snapshot'), sessionId: SessionId, frames: z.array(FrameSchema), endSeq: z.number().int().nonnegative() }),
  z.object({ type: z.literal('frames/append'), sessionId: SessionId, frames: z.array(FrameSchema) }),
  z.object({ type: z.literal('server-requests/update'), sessionId: SessionId, pending: z.array(PendingServerRequestSchema) }),
  z.object({ type: z.literal('request/progress'), rid: z.string(), progress: z.number(), total: z.number().optional(), message: z.string().optional() }),
  z.object({
    type: z.literal('request/result'), rid: z.string(),
    result: Json.optional(),
    /** `local`: Loupe gave up (timeout, cancel, closed session); otherwise the server's JSON-RPC error. */
    error: z.object({ code: z.number().optional(), message: z.string(), data: Json.optional(), local: z.boolean().optional() }).optional(),
  }),
  /** A reply to a page message that carried `rid`, for the ones with no richer answer. */
  z.object({ type: z.literal('ack'), rid: z.string(), ok: z.boolean(), error: z.string().optional(), sessionId: z.string().optional() }),
  z.object({ type: z.literal('error'), message: z.string(), rid: z.string().optional() }),
  // ---- trace export (lib/wire/trace-export.ts) ----
  SessionExportedSchema,
]);
export type ProxyMessage = z.infer<typeof ProxyMessageSchema>;

/** Exhaustiveness guard for `switch (msg.type)`. */
export function unreachable(x: never): never {
  throw new Error(`unhandled message: ${JSON.stringify(x)}`);
}
