/**
 * Requests to the token and registration endpoints, and the client authentication they carry:
 * client_secret_basic, client_secret_post, none (PKCE only), private_key_jwt (RFC 7523, signed
 * with jose). Every request goes through the recorded fetch.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, importPKCS8 } from 'jose';
import type { RecordedFetch } from '../transports/http';
import type { OAuthStep } from '../../lib/mcp/frame';

export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none' | 'private_key_jwt';

export interface ClientIdentity {
  clientId: string;
  clientSecret?: string;
  method: ClientAuthMethod;
  privateKeyPem?: string;
  signingAlg?: string;
  /** How the id was obtained, for the pane and the log. */
  source: 'pre-registered' | 'metadata-document' | 'registered';
}

export interface Tokens {
  access_token: string;
  token_type?: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
}

export class OAuthError extends Error {}

/** RFC 6749 §2.3.1: the id and secret are form-encoded before Basic encoding. */
export function basicCredentials(id: string, secret: string): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${enc(id)}:${enc(secret)}`).toString('base64')}`;
}

async function clientAssertion(client: ClientIdentity, audience: string): Promise<string> {
  const alg = client.signingAlg ?? 'ES256';
  const key = await importPKCS8(client.privateKeyPem ?? '', alg);
  return new SignJWT({})
    .setProtectedHeader({ alg })
    .setIssuer(client.clientId)
    .setSubject(client.clientId)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomUUID())
    .sign(key);
}

export async function tokenRequest(
  fetch: RecordedFetch,
  endpoint: string,
  issuer: string,
  client: ClientIdentity,
  params: Record<string, string | undefined>,
  step: OAuthStep,
  expectBearer = true,
): Promise<Tokens> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) form.set(k, v);
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
  switch (client.method) {
    case 'client_secret_basic':
      headers.Authorization = basicCredentials(client.clientId, client.clientSecret ?? '');
      break;
    case 'client_secret_post':
      form.set('client_id', client.clientId);
      form.set('client_secret', client.clientSecret ?? '');
      break;
    case 'none':
      form.set('client_id', client.clientId);
      break;
    case 'private_key_jwt':
      form.set('client_assertion_type', 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
      form.set('client_assertion', await clientAssertion(client, issuer));
      break;
  }
  const res = await fetch({ method: 'POST', url: endpoint, headers, body: form.toString(), step });
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(res.text) as Record<string, unknown>;
  } catch {
    throw new OAuthError(`the token endpoint ${endpoint} answered ${res.status} with a body that is not JSON`);
  }
  if (res.status < 200 || res.status >= 300 || typeof json?.access_token !== 'string') {
    const why =
      typeof json?.error === 'string' ? `${json.error}${typeof json.error_description === 'string' ? `: ${json.error_description}` : ''}` : 'no access_token';
    throw new OAuthError(`the token endpoint ${endpoint} refused the ${params.grant_type} grant (${res.status}, ${why})`);
  }
  // A token exchange (RFC 8693) issues tokens that are not access tokens (token_type N_A).
  if (expectBearer && typeof json.token_type === 'string' && json.token_type.toLowerCase() !== 'bearer') {
    throw new OAuthError(`the token endpoint ${endpoint} issued a ${json.token_type} token; Loupe sends only Bearer tokens`);
  }
  return json as unknown as Tokens;
}

export interface RegistrationRequest {
  clientName: string;
  redirectUri: string;
  method: ClientAuthMethod;
  grantTypes: string[];
  scope?: string;
}

/** RFC 7591 dynamic registration. */
export async function register(fetch: RecordedFetch, endpoint: string, req: RegistrationRequest): Promise<ClientIdentity> {
  const body = {
    client_name: req.clientName,
    redirect_uris: [req.redirectUri],
    grant_types: req.grantTypes,
    response_types: ['code'],
    token_endpoint_auth_method: req.method,
    ...(req.scope ? { scope: req.scope } : {}),
  };
  const res = await fetch({
    method: 'POST',
    url: endpoint,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    step: 'registration',
  });
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(res.text) as Record<string, unknown>;
  } catch {
    // handled below
  }
  if (res.status < 200 || res.status >= 300 || typeof json?.client_id !== 'string') {
    throw new OAuthError(`dynamic registration at ${endpoint} failed (${res.status}${typeof json?.error === 'string' ? `, ${json.error}` : ''})`);
  }
  const secret = typeof json.client_secret === 'string' ? json.client_secret : undefined;
  const granted = typeof json.token_endpoint_auth_method === 'string' ? (json.token_endpoint_auth_method as ClientAuthMethod) : undefined;
  const method: ClientAuthMethod = granted ?? (secret ? (req.method === 'none' ? 'client_secret_basic' : req.method) : 'none');
  return { clientId: json.client_id, clientSecret: secret, method, source: 'registered' };
}
