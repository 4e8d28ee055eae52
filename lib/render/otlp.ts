/**
 * OpenTelemetry OTLP/JSON: one span per request/response pair, named and described by the MCP
 * semantic conventions in lib/mcp/semconv.ts, the mapping the live exporter (`--otlp`) uses too.
 * Ids are derived from the trace, so an export is reproducible: every span of a trace shares one
 * trace id, except a span whose request carried a W3C `traceparent`, which joins the caller's trace
 * under the caller's span.
 */
import type { Call } from '../mcp/calls';
import { mcpSpan, resourceAttributes, sessionIdIn, type AttributeValue, type Attributes } from '../mcp/semconv';
import { modelOf } from '../model/session-model';
import type { Trace } from '../trace/format';
import { originMs } from '../trace/time';

type AnyValue = { stringValue: string } | { intValue: string } | { boolValue: boolean } | { doubleValue: number };
interface KeyValue {
  key: string;
  value: AnyValue;
}

/** OTLP's SpanKind and StatusCode numbers. */
const SPAN_KIND = { server: 2, client: 3 } as const;
const STATUS_ERROR = 2;

function anyValue(v: AttributeValue): AnyValue {
  if (typeof v === 'boolean') return { boolValue: v };
  if (typeof v === 'number') return Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v };
  return { stringValue: v };
}

function keyValues(attributes: Attributes): KeyValue[] {
  return Object.entries(attributes).map(([key, v]) => ({ key, value: anyValue(v) }));
}

/** 64-bit FNV-1a as hex, twice with different seeds for 128 bits: stable ids, not security. */
function fnvHex(text: string, seed: bigint): string {
  let h = 0xcbf29ce484222325n ^ seed;
  for (let i = 0; i < text.length; i++) h = ((h ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString(16).padStart(16, '0');
}

function nanos(originMs: number, us: number): string {
  return (BigInt(Math.round(originMs)) * 1_000_000n + BigInt(Math.round(us)) * 1000n).toString();
}

export function traceToOtlp(trace: Trace, loupeVersion: string): object {
  const { header, frames } = trace;
  const origin = originMs(header);
  const traceId = fnvHex(`${header.createdAt}|${header.target.name}`, 1n) + fnvHex(`${header.createdAt}|${header.target.name}`, 2n);
  const model = modelOf(frames);
  let sessionId: string | undefined;
  for (let i = 0; i < frames.length && sessionId === undefined; i++) sessionId = sessionIdIn(frames[i]);
  const facts = { sessionId, protocolVersion: header.negotiatedVersion, transport: header.target.transport === 'stdio' ? 'stdio' : 'http' } as const;
  // A request nobody answered waited until the trace's end.
  const lastTs = frames.length > 0 ? frames[frames.length - 1].ts : 0;
  // Seqs are unique across channels, so a span id from the request's seq is too.
  const spanId = (seq: number) => fnvHex(`${traceId}|${seq}`, 3n);
  // The session's calls, then each MCP App's (its channel named on every span).
  const channels = [undefined, ...model.appChannels];
  const calls = channels.flatMap((channel) => (model.callsOf(channel)?.all ?? []).filter((c) => !c.refused).map((call) => ({ call, channel })));
  const spans = calls.map(({ call, channel }: { call: Call; channel?: string }) => {
    const response = call.responseSeq !== undefined ? model.classifiedAt(call.responseSeq)?.json : undefined;
    const span = mcpSpan(call, facts, { ended: true, response }, channel);
    // The host's request for an app's forwarded call runs inside the app's call: its child.
    const forward = channel === undefined ? model.forwardAt(call.seq) : undefined;
    const parentSpanId = span.parent?.spanId ?? (forward ? spanId(forward.appSeq) : undefined);
    return {
      traceId: span.parent?.traceId ?? traceId,
      spanId: spanId(call.seq),
      ...(parentSpanId ? { parentSpanId } : {}),
      ...(span.parent?.traceState ? { traceState: span.parent.traceState } : {}),
      name: span.name,
      kind: SPAN_KIND[span.kind],
      startTimeUnixNano: nanos(origin, call.ts),
      endTimeUnixNano: nanos(origin, call.responseTs ?? Math.max(call.ts, lastTs)),
      attributes: keyValues(span.attributes),
      status: span.errorType ? { code: STATUS_ERROR, ...(span.statusMessage ? { message: span.statusMessage } : {}) } : {},
    };
  });
  return {
    resourceSpans: [
      {
        resource: {
          attributes: keyValues({
            ...resourceAttributes(header.target.name),
            ...(header.negotiatedVersion ? { 'mcp.protocol.version': header.negotiatedVersion } : {}),
          }),
        },
        scopeSpans: [{ scope: { name: 'loupe', version: loupeVersion }, spans }],
      },
    ],
  };
}
