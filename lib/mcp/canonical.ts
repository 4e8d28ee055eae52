/**
 * The key a request is matched by: its method and its params as canonical JSON (keys sorted),
 * leaving out `_meta`, which carries per-client values such as a progress token. Replay matches a
 * recorded request with it; the session model links an MCP App's forwarded call with it.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function withoutMeta(params: unknown): unknown {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return params;
  const { _meta: _ignored, ...rest } = params as Record<string, unknown>;
  return rest;
}

export function matchKey(method: string, params: unknown): string {
  return `${method}\u0000${canonicalJson(withoutMeta(params ?? {}))}`;
}
