/**
 * OAuth facts read the same way by the proxy's OAuth client and the analyser's auth.* rules: the
 * `WWW-Authenticate: Bearer …` challenge of a 401 or 403 (RFC 6750 §3, RFC 9728 §5.1) and whether
 * a protected-resource metadata's `resource` names a server (RFC 8707).
 */
export interface BearerChallenge {
  resourceMetadata?: string;
  scope?: string;
  error?: string;
  errorDescription?: string;
}

/** Parameters of the Bearer challenge (auth-param = token "=" ( token / quoted-string )); undefined
 *  when the header names no Bearer scheme. */
export function parseBearerChallenge(header: string | undefined): BearerChallenge | undefined {
  if (!header) return undefined;
  const at = header.search(/(^|[\s,])bearer(\s|$)/i);
  if (at < 0) return undefined;
  const rest = header.slice(at).replace(/^[\s,]*bearer/i, '');
  const params: Record<string, string> = {};
  const re = /\s*,?\s*([A-Za-z0-9_.-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))/y;
  let m: RegExpExecArray | null;
  while ((m = re.exec(rest)) !== null) {
    params[m[1].toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3];
  }
  return { resourceMetadata: params.resource_metadata, scope: params.scope, error: params.error, errorDescription: params.error_description };
}

/** RFC 8707 / MCP: the metadata's `resource` must name this server (same origin, and the
 *  server's path at or below it). */
export function resourceMatches(resource: string, serverUrl: string): boolean {
  try {
    const r = new URL(resource);
    const s = new URL(serverUrl);
    if (r.origin !== s.origin) return false;
    const rp = r.pathname.endsWith('/') ? r.pathname : `${r.pathname}/`;
    const sp = s.pathname.endsWith('/') ? s.pathname : `${s.pathname}/`;
    return sp.startsWith(rp);
  } catch {
    return false;
  }
}

/** A JSON object body (metadata, a token response), or undefined for anything else. */
export function jsonObject(text: string): Record<string, unknown> | undefined {
  // Most bodies asked about are no object at all (empty, an error page): no parse, no exception.
  if (!/^\s*\{/.test(text)) return undefined;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The well-known URLs of RFC 9728 and of RFC 8414 / OpenID Connect discovery, wherever the path puts them. */
export const isResourceMetadataUrl = (url: string) => url.includes('/.well-known/oauth-protected-resource');
export const isServerMetadataUrl = (url: string) =>
  url.includes('/.well-known/oauth-authorization-server') || url.includes('/.well-known/openid-configuration');
