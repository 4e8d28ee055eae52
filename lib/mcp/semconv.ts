/**
 * The OpenTelemetry semantic conventions for MCP (semconv 1.39+, `gen-ai/mcp.md`), applied to one
 * request/response pair: the span's name, kind, attributes and error, the duration histogram it
 * counts in, and the caller's trace context it joins. The one mapping: the OTLP file export
 * (lib/render/otlp.ts) and the live exporter (proxy/telemetry) both read it, so a span in a file
 * and a span streamed to a collector say the same thing.
 *
 * - Name `{mcp.method.name} {target}`, the target being the tool or prompt name where there is one
 *   (never a resource URI: span names stay low-cardinality).
 * - Kind: a request the client sent is a CLIENT span and counts in `mcp.client.operation.duration`;
 *   one the server sent (sampling, elicitation, roots) is handled by the client: SERVER, and
 *   `mcp.server.operation.duration`.
 * - `error.type`: the JSON-RPC error code as a string, `tool_error` for a tool result with
 *   `isError`, `no_response` for a request that was never answered.
 * - An MCP App's bridge (an app channel, lib/mcp/channel.ts) is no MCP session: its spans carry
 *   `loupe.channel` (`app:<n>`) and neither the session's id, version nor transport; CLIENT is the
 *   app's request to its host. They count in no MCP duration histogram.
 */
import type { Call } from './calls';
import { metaValue, metaVersion } from './era';
import { headerValue, type Frame } from './frame';
import { isObject } from './json';

export type AttributeValue = string | number | boolean;
export type Attributes = Record<string, AttributeValue>;

/** What the session knows beside the pair itself. */
export interface SessionFacts {
  /** The transport's session id (Streamable HTTP's `Mcp-Session-Id`), once known. */
  sessionId?: string;
  /** The version the session settled on, once known. */
  protocolVersion?: string;
  transport: 'stdio' | 'http';
}

/** The attribute naming an MCP App's channel on its spans. */
export const CHANNEL_ATTRIBUTE = 'loupe.channel';

export type SpanKindName = 'client' | 'server';

export interface McpSpan {
  name: string;
  kind: SpanKindName;
  attributes: Attributes;
  /** Set when the operation failed: the span's status is ERROR. */
  errorType?: string;
  /** The status description: the JSON-RPC error's message, or why there is none. */
  statusMessage?: string;
  /** The W3C trace context the request carried in `params._meta`: the span's remote parent. */
  parent?: TraceParent;
}

export interface TraceParent {
  traceId: string;
  spanId: string;
  /** The trace flags byte (bit 0: sampled). */
  flags: number;
  /** `params._meta.tracestate`, passed on as it came. */
  traceState?: string;
}

/** Where the pair stands: still open (a live span just started), or over. */
export type PairState = { ended: false } | { ended: true; response?: unknown };

export const CLIENT_DURATION = 'mcp.client.operation.duration';
export const SERVER_DURATION = 'mcp.server.operation.duration';
/** The bucket boundaries (seconds) the conventions advise for both histograms. */
export const DURATION_BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

/** The attributes a duration histogram is broken down by: the span's, less the high-cardinality
 *  ones (session and request ids, resource URIs, Loupe's frame numbers). */
const METRIC_KEYS = [
  'mcp.method.name',
  'error.type',
  'gen_ai.tool.name',
  'gen_ai.prompt.name',
  'gen_ai.operation.name',
  'rpc.response.status_code',
  'mcp.protocol.version',
  'network.transport',
];

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/** The caller's W3C `traceparent` (and `tracestate`) from a request's `params._meta`, when valid. */
export function traceParentOf(params: unknown): TraceParent | undefined {
  const raw = metaValue(params, 'traceparent');
  const m = typeof raw === 'string' ? TRACEPARENT.exec(raw.trim()) : null;
  // Version ff is forbidden; a future version may add fields after the four (W3C Trace Context §4.3).
  if (!m || m[1] === 'ff' || (m[1] === '00' && m[5] !== undefined)) return undefined;
  if (/^0+$/.test(m[2]) || /^0+$/.test(m[3])) return undefined;
  const state = metaValue(params, 'tracestate');
  return { traceId: m[2], spanId: m[3], flags: parseInt(m[4], 16), ...(typeof state === 'string' && state !== '' ? { traceState: state } : {}) };
}

/** The answer to `call` in a response frame's JSON: the message itself, or its entry in a batch. */
function answerIn(json: unknown, call: Call): Record<string, unknown> | undefined {
  if (Array.isArray(json)) return json.find((m): m is Record<string, unknown> => isObject(m) && m.id === call.id && ('result' in m || 'error' in m));
  return isObject(json) ? json : undefined;
}

function outcomeOf(call: Call, state: PairState): { errorType?: string; statusCode?: string; message?: string } {
  if (!state.ended) return {};
  if (call.responseSeq === undefined) {
    const cancelled = call.cancelledSeq !== undefined ? ' (it was cancelled)' : '';
    return { errorType: 'no_response', message: `no response before the session ended${cancelled}` };
  }
  const answer = answerIn(state.response, call);
  const error = answer && isObject(answer.error) ? answer.error : undefined;
  const code = typeof error?.code === 'number' ? error.code : call.errorCode;
  if (code !== undefined) return { errorType: String(code), statusCode: String(code), message: typeof error?.message === 'string' ? error.message : undefined };
  if (call.isError) return { errorType: '_OTHER', message: 'the error response carries no code' };
  const result = answer && isObject(answer.result) ? answer.result : undefined;
  if (result?.isError === true) return { errorType: 'tool_error', message: 'the tool returned isError' };
  return {};
}

/** The span of one request/response pair, as the conventions name and describe it. */
export function mcpSpan(call: Call, facts: SessionFacts, state: PairState, channel?: string): McpSpan {
  const params = isObject(call.params) ? call.params : undefined;
  const name = typeof params?.name === 'string' ? params.name : undefined;
  const tool = call.method === 'tools/call' ? name : undefined;
  const prompt = call.method === 'prompts/get' ? name : undefined;
  const uri = typeof params?.uri === 'string' ? params.uri : undefined;
  const outcome = outcomeOf(call, state);
  const attributes: Attributes = {};
  const set = (key: string, value: AttributeValue | undefined) => {
    if (value !== undefined) attributes[key] = value;
  };
  const session = channel === undefined;
  set('mcp.method.name', call.method);
  set(CHANNEL_ATTRIBUTE, channel);
  set('mcp.session.id', session ? facts.sessionId : undefined);
  // A request of the 2026-07-28 era names its version itself; otherwise the session's.
  set('mcp.protocol.version', session ? (metaVersion(call.params) ?? facts.protocolVersion) : undefined);
  set('jsonrpc.request.id', String(call.id));
  // An app's bridge is postMessage inside the host: no network transport.
  set('network.transport', !session ? undefined : facts.transport === 'stdio' ? 'pipe' : 'tcp');
  set('gen_ai.tool.name', tool);
  set('gen_ai.operation.name', tool !== undefined ? 'execute_tool' : undefined);
  set('gen_ai.prompt.name', prompt);
  set('mcp.resource.uri', uri);
  set('rpc.response.status_code', outcome.statusCode);
  set('error.type', outcome.errorType);
  set('loupe.request.seq', call.seq);
  set('loupe.response.seq', call.responseSeq);
  const parent = traceParentOf(call.params);
  const target = tool ?? prompt;
  return {
    name: target !== undefined ? `${call.method} ${target}` : call.method,
    kind: call.dir === 'c2s' ? 'client' : 'server',
    attributes,
    ...(outcome.errorType ? { errorType: outcome.errorType } : {}),
    ...(outcome.message ? { statusMessage: outcome.message } : {}),
    ...(parent ? { parent } : {}),
  };
}

/** The histogram a pair's duration counts in: by the direction of its request. */
export function durationMetricOf(span: McpSpan): typeof CLIENT_DURATION | typeof SERVER_DURATION {
  return span.kind === 'client' ? CLIENT_DURATION : SERVER_DURATION;
}

/** The attributes of a pair's duration measurement. */
export function metricAttributes(span: McpSpan): Attributes {
  const out: Attributes = {};
  for (const key of METRIC_KEYS) if (span.attributes[key] !== undefined) out[key] = span.attributes[key];
  return out;
}

/** The transport's session id a frame carries (an HTTP head's `Mcp-Session-Id`), if any. */
export function sessionIdIn(frame: Frame): string | undefined {
  const m = frame.lane === 'http' ? frame.meta : undefined;
  return m?.phase === 'request' || m?.phase === 'response' ? headerValue(m.headers, 'mcp-session-id') : undefined;
}

/** What a span's resource says: the server it describes. */
export function resourceAttributes(serverName: string): Attributes {
  return { 'service.name': serverName };
}
