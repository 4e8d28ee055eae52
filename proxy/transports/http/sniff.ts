/** What the transport needs to know about a message it carries, read tolerantly: never throws. */

export type RpcId = string | number;

export function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function items(json: unknown): Record<string, unknown>[] {
  const list = Array.isArray(json) ? json : [json];
  return list.filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null && !Array.isArray(m));
}

const isId = (v: unknown): v is RpcId => typeof v === 'string' || typeof v === 'number';

/** Ids of the requests in a message or batch. */
export function requestIds(json: unknown): RpcId[] {
  return items(json)
    .filter((m) => typeof m.method === 'string' && isId(m.id))
    .map((m) => m.id as RpcId);
}

/** Ids of the responses (results or errors) in a message or batch. */
export function responseIds(json: unknown): RpcId[] {
  return items(json)
    .filter((m) => m.method === undefined && isId(m.id) && ('result' in m || 'error' in m))
    .map((m) => m.id as RpcId);
}

export function methods(json: unknown): string[] {
  return items(json).flatMap((m) => (typeof m.method === 'string' ? [m.method] : []));
}

/** The request id of an `initialize` in the message, if it carries one. */
export function initializeId(json: unknown): RpcId | undefined {
  const m = items(json).find((x) => x.method === 'initialize' && isId(x.id));
  return m?.id as RpcId | undefined;
}

/** The protocol version of an `initialize` result answering `id`. */
export function negotiatedVersion(json: unknown, id: RpcId): string | undefined {
  for (const m of items(json)) {
    const result = m.result as Record<string, unknown> | undefined;
    if (m.id === id && result && typeof result.protocolVersion === 'string') return result.protocolVersion;
  }
  return undefined;
}

/** Sets a header, replacing any spelling of the same name (fetch would otherwise join them). */
export function setHeader(h: Record<string, string>, name: string, value: string): void {
  for (const k of Object.keys(h)) if (k.toLowerCase() === name.toLowerCase()) delete h[k];
  h[name] = value;
}
