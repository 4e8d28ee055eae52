/**
 * OAuth discovery as the MCP authorization spec (2025-11-25) describes, every request recorded:
 * the protected-resource metadata (RFC 9728: the 401's `resource_metadata`, then the path-based
 * well-known URL, then the root one), then the authorization server's metadata (RFC 8414 and
 * OpenID Connect Discovery, with the path-insertion rules), and for a server without protected-
 * resource metadata the 2025-03-26 fallbacks (metadata at the MCP server's origin, then the
 * default /authorize, /token and /register endpoints).
 */
import type { RecordedFetch } from '../transports/http';
import type { OAuthStep } from '../../lib/mcp/frame';

export interface ResourceMetadata {
  resource?: string;
  authorization_servers?: string[];
  scopes_supported?: string[];
  [key: string]: unknown;
}

export interface ServerMetadata {
  issuer?: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
  registration_endpoint?: string;
  scopes_supported?: string[];
  grant_types_supported?: string[];
  code_challenge_methods_supported?: string[];
  token_endpoint_auth_methods_supported?: string[];
  client_id_metadata_document_supported?: boolean;
  authorization_response_iss_parameter_supported?: boolean;
  [key: string]: unknown;
}

export interface Discovery {
  /** Where the protected-resource metadata was found; undefined when the server serves none. */
  resourceMetadataUrl?: string;
  resource?: ResourceMetadata;
  /** The authorization server's URL (issuer) the client uses. */
  authServer: string;
  server: ServerMetadata;
  /** How the authorization server's endpoints were found. */
  source: 'metadata' | '2025-03-26-defaults';
}

const PROTOCOL_HEADERS = { Accept: 'application/json', 'MCP-Protocol-Version': '2025-11-25' };

/** Where to look for a resource's metadata: the advertised URL first, then path-based, then root. */
export function resourceMetadataUrls(serverUrl: string, advertised?: string): string[] {
  const u = new URL(serverUrl);
  const path = u.pathname.replace(/\/$/, '');
  const urls = advertised ? [advertised] : [];
  if (path) urls.push(`${u.origin}/.well-known/oauth-protected-resource${path}`);
  urls.push(`${u.origin}/.well-known/oauth-protected-resource`);
  return [...new Set(urls)];
}

/** RFC 8414 §3.1 inserts the well-known segment before the issuer's path; OpenID Connect
 *  Discovery appends it (both are tried, in the order the MCP spec gives). Last, the RFC 8414
 *  segment appended, which the spec does not name but many sub-path servers use: Loupe connects
 *  anyway, and auth.metadata-wrong-path names the mistake. */
export function serverMetadataUrls(issuer: string): string[] {
  const u = new URL(issuer);
  const path = u.pathname.replace(/\/$/, '');
  if (!path) return [`${u.origin}/.well-known/oauth-authorization-server`, `${u.origin}/.well-known/openid-configuration`];
  return [
    `${u.origin}/.well-known/oauth-authorization-server${path}`,
    `${u.origin}/.well-known/openid-configuration${path}`,
    `${u.origin}${path}/.well-known/openid-configuration`,
    `${u.origin}${path}/.well-known/oauth-authorization-server`,
  ];
}

async function firstJson<T>(fetch: RecordedFetch, urls: string[], step: OAuthStep): Promise<{ url: string; json: T } | undefined> {
  for (const url of urls) {
    let res;
    try {
      res = await fetch({ method: 'GET', url, headers: PROTOCOL_HEADERS, step });
    } catch {
      continue; // recorded as a failed exchange; the next candidate may answer
    }
    if (res.status < 200 || res.status >= 300) continue;
    try {
      const json = JSON.parse(res.text) as unknown;
      if (json && typeof json === 'object' && !Array.isArray(json)) return { url, json: json as T };
    } catch {
      // Not JSON: the analyser names it; keep looking.
    }
  }
  return undefined;
}

export async function discover(fetch: RecordedFetch, serverUrl: string, advertised?: string): Promise<Discovery> {
  const prm = await firstJson<ResourceMetadata>(fetch, resourceMetadataUrls(serverUrl, advertised), 'resource-metadata');
  const authServer = prm?.json.authorization_servers?.[0];
  if (prm && authServer) {
    const as = await firstJson<ServerMetadata>(fetch, serverMetadataUrls(authServer), 'server-metadata');
    if (!as) throw new Error(`the authorization server ${authServer} (named by ${prm.url}) serves no metadata at ${serverMetadataUrls(authServer).join(', ')}`);
    return { resourceMetadataUrl: prm.url, resource: prm.json, authServer, server: as.json, source: 'metadata' };
  }
  // 2025-03-26: no protected-resource metadata; the MCP server's origin is the authorization server.
  const origin = new URL(serverUrl).origin;
  const as = await firstJson<ServerMetadata>(fetch, [`${origin}/.well-known/oauth-authorization-server`], 'server-metadata');
  if (as) return { resourceMetadataUrl: prm?.url, resource: prm?.json, authServer: origin, server: as.json, source: 'metadata' };
  return {
    resourceMetadataUrl: prm?.url,
    resource: prm?.json,
    authServer: origin,
    source: '2025-03-26-defaults',
    server: { issuer: origin, authorization_endpoint: `${origin}/authorize`, token_endpoint: `${origin}/token`, registration_endpoint: `${origin}/register` },
  };
}

export { resourceMatches } from '../../lib/mcp/oauth';
