/**
 * What a transport knows about a frame beyond its text, one shape per transport and phase. The zod
 * schemas are the source of truth: the types are inferred from them, and the one validator
 * (frame-check.ts) refuses a frame whose meta has a field its shape does not have. Every shape is
 * strict, so a misspelt field is an error where it is written (the compiler) and where it is read
 * (a trace file, the wire).
 *
 * Nothing here assumes Loupe's own client sent the traffic: a tap between a host and its server or
 * an imported file fills the same shapes, and what only Loupe's client knows (its timing marks, its
 * probes) is optional.
 */
import { z } from 'zod';

const Seq = z.number().int().positive();
const Micros = z.number();

/** HTTP headers in the order they crossed, repeats kept (two `Set-Cookie` lines stay two). */
export const HeaderPairsSchema = z.array(z.tuple([z.string(), z.string()]));
export type HeaderPairs = z.infer<typeof HeaderPairsSchema>;

// ---- stdio ----

/** A line of stdout (message lane) or stderr (stderr lane). */
export const StdioLineMetaSchema = z.strictObject({
  transport: z.literal('stdio'),
  /** Set when the line ended in `\r\n`; the `\r` is not part of `raw`. */
  crlf: z.boolean().optional(),
  /** stderr only: this frame holds this many lines that were read together, joined by `\n` (by
   *  `\r\n` with `crlf`): a flood of log lines is a few frames, not one per line. */
  lines: z.number().int().min(2).optional(),
});
export type StdioLineMeta = z.infer<typeof StdioLineMetaSchema>;

/** `tail`: the text of the last frames the session budget had dropped, repeated in one lifecycle
 *  frame before the exit or disconnect: the seqs of the first and last it repeats, and how many. */
const tail = { fromSeq: Seq, toSeq: Seq, lines: z.number().int().positive() };
/** `frame-limit`: the session reached the most frames it keeps (`limit`); later frames are counted,
 *  not kept, until sessions live on disk. `gap`: how many frames, and bytes, crossed since the last
 *  lifecycle frame and were not kept. */
const frameLimit = { limit: z.number().int().positive() };
const gap = { frames: z.number().int().positive(), bytes: z.number().int().nonnegative() };

const stdioEvent = <E extends string, S extends z.ZodRawShape>(event: E, shape: S) =>
  z.strictObject({ transport: z.literal('stdio'), event: z.literal(event), ...shape });

export const StdioLifecycleMetaSchema = z.discriminatedUnion('event', [
  stdioEvent('spawn', { pid: z.number().int(), command: z.string(), args: z.array(z.string()) }),
  stdioEvent('spawn-error', { command: z.string(), args: z.array(z.string()), error: z.string() }),
  stdioEvent('exit', { pid: z.number().int().optional(), code: z.number().int().nullable().optional(), signal: z.string().nullable().optional() }),
  stdioEvent('stdin-closed', { pid: z.number().int().optional() }),
  /** Loupe signalled the process group while closing. */
  stdioEvent('signal', { pid: z.number().int(), signal: z.string() }),
  stdioEvent('tail', tail),
  stdioEvent('frame-limit', frameLimit),
  stdioEvent('gap', gap),
  /** A line a host logged about its own doing, kept from an imported host log (`loupe import`). */
  stdioEvent('note', {}),
]);

// ---- HTTP ----

/** Which stream an exchange is: the POST of a message, the standalone GET stream, the legacy
 *  (2024-11-05) SSE stream, the DELETE that ends a session, one of Loupe's active probes, or a
 *  request of the OAuth chain (metadata, registration, authorization, token). */
export const StreamRoleSchema = z.enum(['post', 'get', 'legacy', 'delete', 'probe', 'oauth']);
export type StreamRole = z.infer<typeof StreamRoleSchema>;

/** `baseline` is the well-behaved request (initialize; server/discover for 2026-07-28) the other
 *  probes' answers are compared with; `header-name` sends a 2026-07-28 request whose Mcp-Name
 *  header is missing or disagrees with its body. */
export const ProbeNameSchema = z.enum(['origin', 'unknown-session', 'baseline', 'header-name']);
/** Which step of the OAuth chain an `oauth` exchange is. */
export const OAuthStepSchema = z.enum(['resource-metadata', 'server-metadata', 'registration', 'authorize', 'token', 'refresh', 'token-exchange']);
export type OAuthStep = z.infer<typeof OAuthStepSchema>;

export type ProbeName = z.infer<typeof ProbeNameSchema>;
export const ProbeVerdictSchema = z.enum(['pass', 'fail', 'inconclusive']);
export type ProbeVerdict = z.infer<typeof ProbeVerdictSchema>;

const http = { transport: z.literal('http') };
/** Every frame of an exchange after its request points at the request frame's seq. */
const linked = { ...http, exchange: Seq };

const requestBase = {
  ...http,
  phase: z.literal('request'),
  method: z.string(),
  url: z.string(),
  headers: HeaderPairsSchema,
  /** The body's size in bytes (its text is the request frame's raw after the head, or a message frame). */
  bodyBytes: z.number().int().nonnegative().optional(),
};

export const HttpRequestMetaSchema = z.discriminatedUnion('stream', [
  z.strictObject({ ...requestBase, stream: z.literal('post') }),
  z.strictObject({
    ...requestBase,
    stream: z.literal('get'),
    /** The `Last-Event-ID` the GET sent to resume a stream. */
    lastEventId: z.string().optional(),
    /** The exchange whose stream this GET resumes. */
    resumes: Seq.optional(),
  }),
  z.strictObject({ ...requestBase, stream: z.literal('legacy') }),
  z.strictObject({ ...requestBase, stream: z.literal('delete') }),
  z.strictObject({ ...requestBase, stream: z.literal('probe'), probe: ProbeNameSchema }),
  z.strictObject({ ...requestBase, stream: z.literal('oauth'), oauth: OAuthStepSchema }),
]);
export type HttpRequestMeta = z.infer<typeof HttpRequestMetaSchema>;

export const HttpResponseMetaSchema = z.strictObject({
  ...linked,
  phase: z.literal('response'),
  stream: StreamRoleSchema,
  status: z.number().int(),
  statusText: z.string(),
  headers: HeaderPairsSchema,
  contentType: z.string().optional(),
  /** Microseconds on the session clock: the request left, the response head arrived. */
  sentAt: Micros.optional(),
  headersAt: Micros.optional(),
});
export type HttpResponseMeta = z.infer<typeof HttpResponseMetaSchema>;

/** The SSE fields an event carried (the WHATWG names: `id`, `event`). */
const sseEvent = {
  eventId: z.string().optional(),
  event: z.string().optional(),
  /** Read from a GET that resumed a stream with `Last-Event-ID`. */
  resumption: z.boolean().optional(),
};

/** An SSE event that is not a JSON-RPC message: a priming event with no data, the legacy `endpoint`. */
export const HttpEventMetaSchema = z.strictObject({ ...linked, phase: z.literal('event'), stream: StreamRoleSchema, ...sseEvent });

export const HttpErrorCodeSchema = z.enum(['timeout', 'status', 'network', 'session-expired', 'content-type', 'closed', 'endpoint']);
export type HttpErrorCode = z.infer<typeof HttpErrorCodeSchema>;

/** How a body stream ended: read to its end, stalled, aborted by Loupe, broken. */
export const StreamEndSchema = z.enum(['done', 'stalled', 'aborted', 'error']);

const endBase = {
  ...linked,
  phase: z.literal('end'),
  sentAt: Micros.optional(),
  headersAt: Micros.optional(),
  doneAt: Micros.optional(),
  /** Body bytes read. */
  bytes: z.number().int().nonnegative().optional(),
  /** Why the exchange failed (no response, a broken stream). */
  error: z.string().optional(),
  errorCode: HttpErrorCodeSchema.optional(),
  /** A sentence on what happens next (e.g. the server offers no GET stream). */
  note: z.string().optional(),
};

/** What reading an SSE body learnt: how many events, their ids, the retry the server asked for. */
const sseSummary = {
  events: z.number().int().nonnegative().optional(),
  streamEnd: StreamEndSchema.optional(),
  eventIds: z.array(z.string()).optional(),
  lastEventId: z.string().optional(),
  retryMs: z.number().optional(),
  /** The server answered 404 for the session id: the session is gone. */
  sessionExpired: z.boolean().optional(),
};

export const HttpEndMetaSchema = z.discriminatedUnion('stream', [
  z.strictObject({ ...endBase, ...sseSummary, stream: z.literal('post') }),
  z.strictObject({ ...endBase, ...sseSummary, stream: z.literal('get') }),
  z.strictObject({ ...endBase, ...sseSummary, stream: z.literal('legacy') }),
  z.strictObject({ ...endBase, stream: z.literal('delete') }),
  z.strictObject({ ...endBase, stream: z.literal('oauth'), oauth: OAuthStepSchema }),
  z.strictObject({
    ...endBase,
    stream: z.literal('probe'),
    probe: ProbeNameSchema,
    /** The rule the probe judges, and its verdict (absent on a probe's clean-up DELETE). */
    rule: z.string().optional(),
    verdict: ProbeVerdictSchema.optional(),
    message: z.string().optional(),
  }),
]);
export type HttpEndMeta = z.infer<typeof HttpEndMetaSchema>;

/** The frames of the http lane: one exchange is a request, a response head, events, an end. */
export const HttpExchangeMetaSchema = z.discriminatedUnion('phase', [HttpRequestMetaSchema, HttpResponseMetaSchema, HttpEventMetaSchema, HttpEndMetaSchema]);
export type HttpExchangeMeta = z.infer<typeof HttpExchangeMetaSchema>;

/** A JSON-RPC message carried by an exchange: a request body (c2s) or an SSE event or JSON body (s2c).
 *  The exchange and stream are optional: a file or a tap may hold HTTP messages without the
 *  exchange frames that carried them. */
export const HttpMessageMetaSchema = z.strictObject({ ...http, exchange: Seq.optional(), stream: StreamRoleSchema.optional(), ...sseEvent });
export type HttpMessageMeta = z.infer<typeof HttpMessageMetaSchema>;

const httpEvent = <E extends string, S extends z.ZodRawShape>(event: E, shape: S) => z.strictObject({ ...http, event: z.literal(event), ...shape });

export const HttpLifecycleMetaSchema = z.discriminatedUnion('event', [
  /** `mode` says which transport connected; `fallback` + `status` record the automatic fallback
   *  to HTTP+SSE after the POST was refused with `status`. */
  httpEvent('connect', {
    url: z.string().optional(),
    mode: z.enum(['streamable', 'sse']).optional(),
    fallback: z.literal('sse').optional(),
    status: z.number().int().optional(),
  }),
  httpEvent('disconnect', { url: z.string().optional() }),
  /** The server answered 404 for `sessionId` on `exchange`. */
  httpEvent('session-expired', { sessionId: z.string(), exchange: Seq, error: z.string().optional() }),
  httpEvent('tail', tail),
  httpEvent('frame-limit', frameLimit),
  httpEvent('gap', gap),
]);

// ---- MCP Apps (an app channel: the host <-> View bridge, see channel.ts) ----

const appEvent = <E extends string, S extends z.ZodRawShape>(event: E, shape: S) =>
  z.strictObject({ transport: z.literal('app'), event: z.literal(event), ...shape });

/** What the host observed of a rendered MCP App, on the app's own channel (`dir: 'local'`). */
export const AppLifecycleMetaSchema = z.discriminatedUnion('event', [
  /** The host rendered the `ui://` resource `resourceUri` for the tool `toolName`. `requestId` and
   *  `requestSeq` name the session's `tools/call` whose result the app shows (its JSON-RPC id and the
   *  seq of its request frame); absent when the app was rendered without a recorded call. */
  appEvent('app-mounted', {
    toolName: z.string(),
    resourceUri: z.string(),
    requestId: z.union([z.string(), z.number()]).optional(),
    requestSeq: Seq.optional(),
  }),
  /** The host removed the app's frame; `reason` in words (closed by the user, the session ended). */
  appEvent('app-unmounted', { reason: z.string().optional() }),
  /** The sandbox's Content Security Policy refused something the app tried to load or run:
   *  `directive` is the violated (effective) directive, `blockedUri` what was refused (a URL, or
   *  `inline`/`eval`), `policy` the whole policy in force. */
  appEvent('csp-violation', { directive: z.string(), blockedUri: z.string(), policy: z.string() }),
]);
export type AppLifecycleMeta = z.infer<typeof AppLifecycleMetaSchema>;

// ---- per lane ----

export const MessageMetaSchema = z.discriminatedUnion('transport', [StdioLineMetaSchema, HttpMessageMetaSchema]);
export const LifecycleMetaSchema = z.discriminatedUnion('transport', [StdioLifecycleMetaSchema, HttpLifecycleMetaSchema, AppLifecycleMetaSchema]);
export type LifecycleMeta = z.infer<typeof LifecycleMetaSchema>;

/** The first value of a header, its name compared case-insensitively (HTTP names are). */
export function headerValue(headers: HeaderPairs | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const want = name.toLowerCase();
  for (const [k, v] of headers) if (k.toLowerCase() === want) return v;
  return undefined;
}
