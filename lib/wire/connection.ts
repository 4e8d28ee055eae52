import { z } from 'zod';
import { parseOtlpEndpoint } from './otlp-endpoint';

/**
 * How Loupe's client in a session of this connection sends requests: applied in the proxy (the
 * ClientDriver), so every request of the session follows them whoever asked for it. Unset fields
 * keep Loupe's defaults (60 s, progress restarts the timeout, 10 min at most, the offer listed and refreshed).
 */
export const ClientSettingsSchema = z.object({
  requestTimeoutMs: z.number().int().positive().max(3_600_000).optional(),
  resetTimeoutOnProgress: z.boolean().optional(),
  maxTotalTimeoutMs: z.number().int().positive().max(86_400_000).optional(),
  /** Merged into `_meta` of every request the client sends (the request's own keys win). */
  requestMeta: z.record(z.string(), z.unknown()).optional(),
  /** The page's sessions list what the server declared after the handshake, and lists already
   *  read are read again when the server says they changed (default on; off: only on a click). */
  autoRefreshLists: z.boolean().optional(),
  /** The OTLP/HTTP receiver the proxy streams the sessions' spans and metrics to (docs/opentelemetry.md). */
  otlpUrl: z
    .string()
    .max(2000)
    .refine((url) => typeof parseOtlpEndpoint(url) !== 'string', "an OTLP/HTTP receiver's http(s) base address")
    .optional(),
});
export type ClientSettings = z.infer<typeof ClientSettingsSchema>;

/**
 * The handshake a connection runs on Connect, saved with it. Unset fields take Loupe's defaults
 * (the newest protocol version; every client capability the page can answer).
 */
export const EraChoiceSchema = z.enum(['legacy', 'modern', 'auto']);

export const ConnectOptionsSchema = z.object({
  protocolVersion: z.string().min(1).max(100).optional(),
  /** legacy: the initialize handshake; modern: 2026-07-28, `_meta` on every request;
   *  auto: server/discover first, initialize when the answer is not a modern one. */
  era: EraChoiceSchema.optional(),
  clientCapabilities: z.record(z.string(), z.unknown()).optional(),
  settings: ClientSettingsSchema.optional(),
});
export type ConnectOptions = z.infer<typeof ConnectOptionsSchema>;

/** A request (or client notification) kept with its connection to send again with one click. */
export const PinnedRequestSchema = z.object({
  id: z.string().min(1).max(100),
  kind: z.enum(['request', 'notification']),
  method: z.string().min(1).max(1000),
  params: z.record(z.string(), z.unknown()).optional(),
  label: z.string().max(1000).optional(),
});
export type PinnedRequest = z.infer<typeof PinnedRequestSchema>;
const Pinned = z.array(PinnedRequestSchema).max(500).optional();

/** A saved target. stdio targets carry an argument vector, never a shell string. */
export const StdioConnectionSchema = z.object({
  id: z.string().min(1).max(200),
  name: z.string().min(1).max(200),
  transport: z.literal('stdio'),
  command: z.string().min(1).max(4096),
  args: z.array(z.string().max(65536)).max(1000),
  env: z.record(z.string(), z.string()),
  cwd: z.string().max(4096).optional(),
  options: ConnectOptionsSchema.optional(),
  pinned: Pinned,
  /** Built in, shipped with Loupe: cannot be deleted. */
  builtin: z.boolean().optional(),
});

export const HttpConnectionSchema = z.object({
  id: z.string().min(1).max(200),
  name: z.string().min(1).max(200),
  transport: z.literal('http'),
  url: z.string().url(),
  headers: z.record(z.string(), z.string()),
  /** `auto` tries Streamable HTTP and falls back to legacy HTTP+SSE as the spec describes. */
  mode: z.enum(['streamable', 'sse', 'auto']).default('auto'),
  /** Per-connection bounds (ms): a request's wait for its response, connecting (the legacy
   *  `endpoint` event, the auto fallback), and an SSE stream's silence before it is resumed. */
  timeouts: z
    .object({
      requestMs: z.number().int().positive().max(3_600_000).optional(),
      connectMs: z.number().int().positive().max(3_600_000).optional(),
      streamIdleMs: z.number().int().positive().max(86_400_000).optional(),
    })
    .optional(),
  options: ConnectOptionsSchema.optional(),
  pinned: Pinned,
  builtin: z.boolean().optional(),
});

export const ConnectionSchema = z.discriminatedUnion('transport', [StdioConnectionSchema, HttpConnectionSchema]);
export type StdioConnection = z.infer<typeof StdioConnectionSchema>;
export type HttpConnection = z.infer<typeof HttpConnectionSchema>;
export type Connection = z.infer<typeof ConnectionSchema>;

/** What the page is sent in place of a secret value; sending it back means "keep the stored one". */
export const MASKED_VALUE = '••••••';

/** Names whose values are treated as secrets (env vars, headers). */
export function looksSecret(name: string): boolean {
  return /(token|secret|password|passwd|pwd|api[-_]?key|access[-_]?key|private[-_]?key|credential|auth|cookie|session)/i.test(name);
}
