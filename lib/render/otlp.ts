/**
 * OpenTelemetry OTLP/JSON: one span per request/response pair, with the attributes of the
 * OpenTelemetry semantic conventions for MCP (mcp.method.name, mcp.session.id,
 * mcp.protocol.version, mcp.resource.uri, jsonrpc.request.id, rpc.response.status_code,
 * gen_ai.tool.name, gen_ai.prompt.name, network.transport, error.type). Span names follow
 * `{mcp.method.name} {target}`. Ids are derived from the trace, so an export is reproducible.
 */
import { headerValue, type Frame } from '../mcp/frame';
import type { Call } from '../mcp/calls';
import { modelOf } from '../model/session-model';
import type { Trace } from '../trace/format';
import { originMs } from '../trace/time';

type AnyValue = { stringValue: string } | { intValue: string } | { boolValue: boolean };
interface KeyValue {
  key: string;
  value: AnyValue;
}

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;
const STATUS_ERROR = 2;

function attr(key: string, v: string | number | boolean | undefined): KeyValue[] {
  if (v === undefined) return [];
  if (typeof v === 'boolean') return [{ key, value: { boolValue: v } }];
  if (typeof v === 'number' && Number.isInteger(v)) return [{ key, value: { intValue: String(v) } }];
  return [{ key, value: { stringValue: String(v) } }];
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

function sessionIdOf(frames: readonly Frame[]): string | undefined {
  for (const f of frames) {
    const m = f.lane === 'http' ? f.meta : undefined;
    const id = m?.phase === 'request' || m?.phase === 'response' ? headerValue(m.headers, 'mcp-session-id') : undefined;
    if (id !== undefined) return id;
  }
  return undefined;
}

interface Parsed {
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code?: unknown; message?: unknown };
  id?: unknown;
}

export function traceToOtlp(trace: Trace, loupeVersion: string): object {
  const { header, frames } = trace;
  const origin = originMs(header);
  const traceId = fnvHex(`${header.createdAt}|${header.target.name}`, 1n) + fnvHex(`${header.createdAt}|${header.target.name}`, 2n);
  const model = modelOf(frames);
  const parsedAt = (seq: number | undefined): Parsed | undefined => {
    const json = seq === undefined ? undefined : model.classifiedAt(seq)?.json;
    return json && typeof json === 'object' ? (json as Parsed) : undefined;
  };
  const sessionId = sessionIdOf(frames);
  const transport = header.target.transport === 'stdio' ? 'pipe' : 'tcp';
  const spans = model.calls.all
    .filter((c) => !c.refused)
    .map((p: Call) => {
      const req = model.frameAt(p.seq)!;
      const res = p.responseSeq !== undefined ? model.frameAt(p.responseSeq) : undefined;
      const rq: Parsed = { id: p.id, params: p.params && typeof p.params === 'object' ? (p.params as Record<string, unknown>) : undefined };
      const rs = parsedAt(p.responseSeq);
      const name = typeof rq.params?.name === 'string' ? rq.params.name : undefined;
      const target = p.method === 'tools/call' || p.method === 'prompts/get' ? name : undefined;
      const errorCode = rs?.error && typeof rs.error.code === 'number' ? rs.error.code : undefined;
      const toolError = rs?.result?.isError === true;
      const errorType = errorCode !== undefined ? String(errorCode) : toolError ? 'tool_error' : res ? undefined : 'no_response';
      const attributes = [
        ...attr('mcp.method.name', p.method),
        ...attr('mcp.session.id', sessionId),
        ...attr('mcp.protocol.version', header.negotiatedVersion),
        ...attr('jsonrpc.request.id', rq.id === undefined ? undefined : String(rq.id)),
        ...attr('jsonrpc.protocol.version', '2.0'),
        ...attr('network.transport', transport),
        ...attr('gen_ai.tool.name', p.method === 'tools/call' ? name : undefined),
        ...attr('gen_ai.operation.name', p.method === 'tools/call' ? 'execute_tool' : undefined),
        ...attr('gen_ai.prompt.name', p.method === 'prompts/get' ? name : undefined),
        ...attr('mcp.resource.uri', typeof rq.params?.uri === 'string' ? rq.params.uri : undefined),
        ...attr('rpc.response.status_code', errorCode !== undefined ? String(errorCode) : undefined),
        ...attr('error.type', errorType),
        ...attr('loupe.request.seq', p.seq),
        ...attr('loupe.response.seq', p.responseSeq),
      ];
      const message =
        rs?.error && typeof rs.error.message === 'string'
          ? rs.error.message
          : toolError
            ? 'the tool returned isError'
            : res
              ? undefined
              : 'no response in the trace';
      return {
        traceId,
        spanId: fnvHex(`${traceId}|${p.seq}`, 3n),
        name: target ? `${p.method} ${target}` : p.method,
        // A request the client sent is a client span; one the server sent is handled by the client.
        kind: req.dir === 'c2s' ? SPAN_KIND_CLIENT : SPAN_KIND_SERVER,
        startTimeUnixNano: nanos(origin, req.ts),
        endTimeUnixNano: nanos(origin, res?.ts ?? req.ts),
        attributes,
        status: errorType ? { code: STATUS_ERROR, ...(message ? { message } : {}) } : {},
      };
    });
  return {
    resourceSpans: [
      {
        resource: { attributes: [...attr('service.name', header.target.name), ...attr('mcp.protocol.version', header.negotiatedVersion)] },
        scopeSpans: [{ scope: { name: 'loupe', version: loupeVersion }, spans }],
      },
    ],
  };
}
