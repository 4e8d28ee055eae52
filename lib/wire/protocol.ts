/**
 * The proxy <-> page protocol: one union each way, `noun/verb` types, zod schemas at both ends.
 * Page messages may carry `rid`; the proxy echoes it on the reply so the page can await it.
 */
import { z } from 'zod';
import { FrameSchema } from '../mcp/frame';
import { ConnectionSchema, EraChoiceSchema } from './connection';
import { SessionExportedSchema, SessionExportSchema } from './trace-export';
import { ClientStatePatchSchema, ClientStateSchema, ListNameSchema, RootSchema } from './client-state';
import { AppPageMessageSchemas } from './app-messages';
import { HistoryPageMessageSchemas, HistoryProxyMessageSchemas } from './history';
import { StoredReadPageMessageSchemas, StoredReadProxyMessageSchemas } from './stored-reads';
import { StoredWindowPageMessageSchemas, StoredWindowProxyMessageSchemas } from './stored-window';

const Rid = z.string().max(100).optional();
const SessionId = z.string().min(1).max(100);
const Json = z.unknown();

export const OpenOptionsSchema = z.object({
  protocolVersion: z.string().min(1).max(100),
  clientCapabilities: z.record(z.string(), z.unknown()),
  clientInfo: z.object({ name: z.string(), version: z.string() }).optional(),
  /** Which protocol era to speak (lib/mcp/modern.ts); legacy when absent. */
  era: EraChoiceSchema.optional(),
  /** What the session answers roots/list with, until the page changes it (client/set-roots). */
  roots: z.array(RootSchema).max(10_000).optional(),
  /** List the tools, resources, templates and prompts the server declared right after the
   *  handshake (the page asks for it; a headless client lists what it needs itself). */
  listOffer: z.boolean().optional(),
});
export type OpenOptions = z.infer<typeof OpenOptionsSchema>;

const Method = z.string().min(1).max(1000);
const Params = z.record(z.string(), Json);
const CallPolicy = {
  timeoutMs: z.number().int().positive().optional(),
  /** Progress restarts the timeout (the default); false keeps one fixed deadline. */
  resetTimeoutOnProgress: z.boolean().optional(),
  /** The longest the request may run however often progress restarts its timeout. */
  maxTotalMs: z.number().int().positive().optional(),
};
/** An answer to a server request: a result, or a JSON-RPC error. */
const AnswerFields = {
  result: z.record(z.string(), Json).optional(),
  error: z.object({ code: z.number().int(), message: z.string(), data: Json.optional() }).optional(),
};

// ---- page -> proxy ----
export const PageMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connections/save'), rid: Rid, connection: ConnectionSchema }),
  z.object({ type: z.literal('connections/delete'), rid: Rid, id: z.string() }),
  /** Undo of a delete made while this Loupe runs (the proxy kept it, secrets included). */
  z.object({ type: z.literal('connections/restore'), rid: Rid, id: z.string() }),
  /** A copy under a new id and name; the ack names the copy (`connectionId`). */
  z.object({ type: z.literal('connections/clone'), rid: Rid, id: z.string() }),
  /** The `mcpServers` JSON that MCP hosts keep in their config files. */
  z.object({ type: z.literal('connections/import'), rid: Rid, json: z.string().max(1_000_000) }),
  /** The connections (all when `ids` is left out) as `mcpServers` JSON; secrets redacted unless `reveal`. */
  z.object({ type: z.literal('connections/export'), rid: Rid, ids: z.array(z.string()).max(10_000).optional(), reveal: z.boolean().optional() }),
  z.object({ type: z.literal('session/open'), rid: Rid, connectionId: z.string(), options: OpenOptionsSchema }),
  /** `binaryFrames`: send this session's frames in the compact binary form (lib/wire/frame-chunk.ts)
   *  instead of `frames/snapshot` and `frames/append` JSON; the page asks for it, scripts need not. */
  z.object({ type: z.literal('session/attach'), rid: Rid, sessionId: SessionId, binaryFrames: z.boolean().optional() }),
  z.object({ type: z.literal('session/close'), rid: Rid, sessionId: SessionId }),
  z.object({ type: z.literal('session/forget'), rid: Rid, sessionId: SessionId }),
  /** A request sent through Loupe's MCP client whose caller awaits the answer (a completion, a
   *  ping); it is one of the session's calls too. The reply is `request/result`. */
  z.object({ type: z.literal('session/request'), rid: Rid, sessionId: SessionId, method: Method, params: Params.optional(), ...CallPolicy }),
  z.object({ type: z.literal('session/notify'), rid: Rid, sessionId: SessionId, method: z.string().min(1), params: z.record(z.string(), Json).optional() }),
  /** Any text at all, written to the server as one frame: malformed on purpose is allowed. */
  z.object({ type: z.literal('session/send-raw'), rid: Rid, sessionId: SessionId, text: z.string().max(16 * 1024 * 1024) }),
  /** HTTP sessions only: runs the active probes (deliberately bad requests) into the session's trace. */
  z.object({ type: z.literal('session/probe'), rid: Rid, sessionId: SessionId }),
  /** HTTP sessions only: forgets the expired session id and runs the handshake again, same trace. */
  z.object({ type: z.literal('session/reinitialize'), rid: Rid, sessionId: SessionId }),
  // ---- Loupe's client in a session: every action changes the session's client state ----
  /** Lists from the first page, or (`more`) the next page after the last cursor. */
  z.object({ type: z.literal('client/list'), rid: Rid, sessionId: SessionId, list: ListNameSchema, more: z.boolean().optional() }),
  /** Starts a call the session holds (progress, outcome, Cancel from any page); the ack names it. */
  z.object({ type: z.literal('client/call'), rid: Rid, sessionId: SessionId, method: Method, params: Params.optional(), ...CallPolicy }),
  /** Cancels a running call (sends `notifications/cancelled`). */
  z.object({ type: z.literal('client/cancel'), rid: Rid, sessionId: SessionId, callId: z.string().min(1).max(100) }),
  /** A task Loupe created on the server: tasks/get, tasks/result or tasks/cancel. */
  z.object({
    type: z.literal('client/task'),
    rid: Rid,
    sessionId: SessionId,
    taskId: z.string().min(1).max(1000),
    action: z.enum(['get', 'result', 'cancel']),
  }),
  /** A modern task (tasks extension): tasks/get, tasks/cancel, or tasks/update with the answers. */
  z.object({
    type: z.literal('client/modern-task'),
    rid: Rid,
    sessionId: SessionId,
    taskId: z.string().min(1).max(1000),
    action: z.enum(['get', 'cancel', 'update']),
    inputResponses: z.record(z.string(), Json).optional(),
  }),
  /** The person's answers to a multi-round-trip call's inputRequests: the session retries it. */
  z.object({
    type: z.literal('client/input-answer'),
    rid: Rid,
    sessionId: SessionId,
    callId: z.string().min(1).max(100),
    inputResponses: z.record(z.string(), Json),
  }),
  /** Modern sessions: the log level sent in every request's `_meta` (none: no log messages). */
  z.object({ type: z.literal('client/set-log-level'), rid: Rid, sessionId: SessionId, level: z.string().min(1).max(100).optional() }),
  /** Opens a subscriptions/listen stream with this filter; the ack names the listen. */
  z.object({ type: z.literal('client/listen'), rid: Rid, sessionId: SessionId, notifications: z.record(z.string(), Json) }),
  z.object({ type: z.literal('client/listen-stop'), rid: Rid, sessionId: SessionId, listenId: z.string().min(1).max(100) }),
  /** What roots/list is answered with from now on. */
  z.object({ type: z.literal('client/set-roots'), rid: Rid, sessionId: SessionId, roots: z.array(RootSchema).max(10_000) }),
  /** Answers sampling with a fixed text, no person asked (for scripted sessions). */
  z.object({ type: z.literal('client/set-sampling-auto'), rid: Rid, sessionId: SessionId, on: z.boolean(), text: z.string().max(100_000).optional() }),
  /** The person's answer to a task the server created in Loupe (task-augmented sampling, elicitation). */
  z.object({ type: z.literal('client/finish-task'), rid: Rid, sessionId: SessionId, taskId: z.string().min(1).max(1000), ...AnswerFields }),
  /** The person's answer to a request the server sent (sampling, elicitation, roots). */
  z.object({ type: z.literal('server-request/answer'), rid: Rid, sessionId: SessionId, key: z.string(), ...AnswerFields }),
  /** Opens the session that shows a recorded tap (a file in the config dir's taps/ folder). */
  z.object({ type: z.literal('taps/open'), rid: Rid, file: z.string().min(1).max(300) }),
  /** Starts an HTTP tap in the proxy ("Tap a URL"): a loopback listener that passes every request
   *  on to `url` and records the exchanges; the ack names the session that follows it. */
  z.object({
    type: z.literal('taps/start-url'),
    rid: Rid,
    url: z.string().min(1).max(4000),
    port: z.number().int().min(0).max(65535).optional(),
    name: z.string().max(200).optional(),
    mode: z.enum(['auto', 'streamable', 'sse']).optional(),
  }),
  /** Stops an HTTP tap this Loupe runs (its listener closes; the recording stays). */
  z.object({ type: z.literal('taps/stop'), rid: Rid, file: z.string().min(1).max(300) }),
  // ---- MCP Apps (lib/wire/app-messages.ts) ----
  ...AppPageMessageSchemas,
  // ---- trace export (lib/wire/trace-export.ts) ----
  SessionExportSchema,
  // ---- stored sessions (lib/wire/history.ts) ----
  ...HistoryPageMessageSchemas,
  // ---- a live session read from its copy on disk (lib/wire/stored-reads.ts) ----
  ...StoredReadPageMessageSchemas,
  // ---- a stored session of any length, a window at a time (lib/wire/stored-window.ts) ----
  ...StoredWindowPageMessageSchemas,
]);
export type PageMessage = z.infer<typeof PageMessageSchema>;

/** Where a session's bytes come from: a server Loupe launched, one it reached by URL, a tap
 *  between two other peers, or a file. Only the first two have Loupe's own client. */
export const SourceKindSchema = z.enum(['launched', 'url', 'tap', 'file']);
export type SourceKind = z.infer<typeof SourceKindSchema>;

export const SessionSummarySchema = z.object({
  id: SessionId,
  connectionId: z.string(),
  name: z.string(),
  transport: z.enum(['stdio', 'http']),
  source: SourceKindSchema.optional(),
  /** False for a recording that only watches (no client panel: Loupe sends nothing). */
  client: z.boolean().optional(),
  /** starting: transport opening; initializing: handshake under way; ready: operation;
   *  closed: ended by the user; failed: transport or handshake failed (see `error`). */
  status: z.enum(['starting', 'initializing', 'ready', 'closing', 'closed', 'failed']),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  /** The session's request timeout (ms): what Loupe's client waits for a request that names no
   *  other (the connection's requestTimeoutMs, else the default). The page builds the session's
   *  model with it, so `timing.no-response` fires exactly when the client gives up. */
  requestTimeoutMs: z.number().int().positive().optional(),
  /** When the status last changed (ms, the proxy's clock, like startedAt): where the wire clock
   *  stood when the proxy gave up on a handshake, whatever the page's own delivery lag was. */
  statusAt: z.number().optional(),
  pid: z.number().optional(),
  // The handshake below is Loupe's own client's copy (a tap has none): the proxy uses it (the
  // HTTP probe's version, tests); no view reads it. Views read the handshake from the session's
  // frames (lib/view/handshake.ts, lib/view/session-header.ts), as the Capabilities pane does.
  requestedVersion: z.string().optional(),
  negotiatedVersion: z.string().optional(),
  /** The era the connection asked for, and the one the session speaks once connected. */
  requestedEra: EraChoiceSchema.optional(),
  era: z.enum(['modern', 'legacy']).optional(),
  /** server/discover: the versions the server supports, and its caching hints. */
  supportedVersions: z.array(z.string()).optional(),
  discoverCache: z.object({ ttlMs: Json.optional(), cacheScope: Json.optional() }).optional(),
  serverInfo: z.record(z.string(), Json).optional(),
  serverCapabilities: z.record(z.string(), Json).optional(),
  clientCapabilities: z.record(z.string(), Json).optional(),
  instructions: z.string().optional(),
  error: z.string().optional(),
  /** HTTP: the server answered 404 for this session id (frame `exchange`): it must re-initialize. */
  expired: z.object({ sessionId: z.string(), exchange: z.number().int() }).optional(),
  /** HTTP: how far Loupe's OAuth client got after a 401 or 403. `authorizeUrl` is for the person
   *  to open (the redirect comes back to `/oauth/callback`); tokens never leave the proxy. */
  oauth: z
    .object({
      status: z.enum(['authorizing', 'authorized', 'failed']),
      authorizeUrl: z.string().optional(),
      error: z.string().optional(),
    })
    .optional(),
  lastSeq: z.number().int().nonnegative(),
  attached: z.number().int().nonnegative(),
  /** The session's copy on disk (proxy/store), which holds every frame's text: absent where the
   *  proxy stores nothing (no config dir) or records elsewhere (a tap's own process). */
  storedId: z.string().optional(),
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

/** A tap's recording in the config dir: a host's session with its server, live or finished. */
export const TapEntrySchema = z.object({
  file: z.string(),
  name: z.string(),
  /** The host's process name, when the platform told the tap. */
  host: z.string().optional(),
  startedAt: z.string(),
  running: z.boolean(),
  /** The tap has ended, and a process of its own still records what its recorder had not reached
   *  (proxy/tap/tap-handoff.ts): its stored session grows until that process closes it. */
  finishing: z.literal(true).optional(),
  bytes: z.number().int().nonnegative(),
  /** The session that follows or shows it, when one is open. */
  sessionId: z.string().optional(),
  /** An HTTP tap's local address: what the host is pointed at in place of the server. */
  listen: z.string().optional(),
  /** This Loupe runs the tap's listener, so the page can stop it. */
  stoppable: z.boolean().optional(),
});
export type TapEntry = z.infer<typeof TapEntrySchema>;

// ---- proxy -> page ----
export const ProxyMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    version: z.string(),
    /** How a shell runs this Loupe again, as it was installed (`npx --yes mcp-loupe@VERSION`, or
     *  `node /abs/bin/loupe.mjs`): the words the page's "Copy as CLI" scripts start with. */
    loupeCommand: z.array(z.string()).min(1),
    defaults: OpenOptionsSchema,
    connections: z.array(ConnectionSchema),
    sessions: z.array(SessionSummarySchema),
    /** The loopback port of the app sandbox origin, where MCP Apps are rendered (same host name as the page). */
    appSandboxPort: z.number().int().min(1).max(65535).optional(),
  }),
  z.object({ type: z.literal('connections/update'), connections: z.array(ConnectionSchema) }),
  z.object({ type: z.literal('sessions/update'), sessions: z.array(SessionSummarySchema) }),
  /** The recorded taps, newest first: sent after hello and whenever a tap starts or ends. */
  z.object({ type: z.literal('taps/update'), taps: z.array(TapEntrySchema) }),
  /** Everything recorded so far, up to `endSeq`, in chunks of consecutive frames from the first:
   *  `more` on every chunk but the last. Live `frames/append` batches follow the last chunk. */
  z.object({
    type: z.literal('frames/snapshot'),
    sessionId: SessionId,
    frames: z.array(FrameSchema),
    endSeq: z.number().int().nonnegative(),
    more: z.boolean().optional(),
  }),
  z.object({ type: z.literal('frames/append'), sessionId: SessionId, frames: z.array(FrameSchema) }),
  z.object({ type: z.literal('server-requests/update'), sessionId: SessionId, pending: z.array(PendingServerRequestSchema) }),
  /** The client state when a page attaches; `client/update` patches follow. */
  z.object({ type: z.literal('client/snapshot'), sessionId: SessionId, state: ClientStateSchema }),
  /** The parts of the client state that changed, each replaced whole. */
  z.object({ type: z.literal('client/update'), sessionId: SessionId, patch: ClientStatePatchSchema }),
  z.object({
    type: z.literal('request/result'),
    rid: z.string(),
    result: Json.optional(),
    /** `local`: Loupe gave up (timeout, cancel, closed session); otherwise the server's JSON-RPC error. */
    error: z.object({ code: z.number().optional(), message: z.string(), data: Json.optional(), local: z.boolean().optional() }).optional(),
  }),
  /** The answer to connections/export: the JSON, and `name: rule` for every value redacted in it. */
  z.object({ type: z.literal('connections/exported'), rid: z.string(), json: z.string(), redacted: z.array(z.string()) }),
  /** A reply to a page message that carried `rid`, for the ones with no richer answer. */
  z.object({
    type: z.literal('ack'),
    rid: z.string(),
    ok: z.boolean(),
    error: z.string().optional(),
    sessionId: z.string().optional(),
    callId: z.string().optional(),
    listenId: z.string().optional(),
    connectionId: z.string().optional(),
    /** app/open: the channel the session gave the app (`app:<n>`). */
    channel: z.string().optional(),
  }),
  z.object({ type: z.literal('error'), message: z.string(), rid: z.string().optional() }),
  // ---- trace export (lib/wire/trace-export.ts) ----
  SessionExportedSchema,
  // ---- stored sessions (lib/wire/history.ts) ----
  ...HistoryProxyMessageSchemas,
  // ---- a live session read from its copy on disk (lib/wire/stored-reads.ts) ----
  ...StoredReadProxyMessageSchemas,
  // ---- a stored session of any length, a window at a time (lib/wire/stored-window.ts) ----
  ...StoredWindowProxyMessageSchemas,
]);
export type ProxyMessage = z.infer<typeof ProxyMessageSchema>;

/** Exhaustiveness guard for `switch (msg.type)`. */
export function unreachable(x: never): never {
  throw new Error(`unhandled message: ${JSON.stringify(x)}`);
}
