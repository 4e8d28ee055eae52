/**
 * OAuth settings of `loupe client`: flags, and the conformance suite's MCP_CONFORMANCE_CONTEXT
 * JSON (`client_id`, `client_secret`, `private_key_pem`, `signing_algorithm`). Flags win.
 */
import { readFileSync } from 'node:fs';
import type { OAuthClientOptions } from '../../oauth/client';
import { fileCredentialStore } from '../../oauth/store';
import { resolveConfigDir } from '../../config/paths';
import { InputError, UsageError } from '../shared/args';

export const OAUTH_FLAGS = {
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'client-metadata-url': { type: 'string' },
  'private-key': { type: 'string' },
  'signing-alg': { type: 'string' },
  scope: { type: 'string' },
  grant: { type: 'string' },
  'no-auth': { type: 'boolean' },
  'config-dir': { type: 'string' },
  'idp-token-endpoint': { type: 'string' },
  'idp-id-token': { type: 'string' },
  'idp-client-id': { type: 'string' },
} as const;

export interface OAuthFlagValues {
  'client-id'?: string;
  'client-secret'?: string;
  'client-metadata-url'?: string;
  'private-key'?: string;
  'signing-alg'?: string;
  scope?: string;
  grant?: string;
  'no-auth'?: boolean;
  'config-dir'?: string;
  'idp-token-endpoint'?: string;
  'idp-id-token'?: string;
  'idp-client-id'?: string;
}

export const OAUTH_USAGE = `OAuth options (used when the server answers 401 or 403):
  --client-id ID              a pre-registered client (otherwise a client metadata document or
  --client-secret SECRET      dynamic registration, as the authorization server offers)
  --client-metadata-url URL   this client's Client ID Metadata Document (an https URL)
  --private-key FILE          PKCS#8 PEM key for private_key_jwt (with --grant client_credentials)
  --signing-alg ALG           the key's JWS algorithm (default ES256)
  --scope SCOPE               scope to ask for when the server names none
  --grant auto|authorization_code|client_credentials
                              client_credentials for machine clients; auto (the default) uses it
                              when the server offers no authorization_code grant and a
                              pre-registered client can use it
  --idp-token-endpoint URL    enterprise-managed authorization (SEP-990): exchange an ID token
  --idp-id-token TOKEN        from this identity provider for an ID-JAG and present it to the
  --idp-client-id ID          authorization server (with --client-id and --client-secret)
  --no-auth                   never authorize: a 401 ends the session
  --config-dir DIR            keep tokens and the registered client in DIR/oauth.json (0600) for
                              the next run (also LOUPE_CONFIG_DIR); without it nothing is saved
Also read: MCP_CONFORMANCE_CONTEXT, a JSON object with client_id, client_secret, private_key_pem,
signing_algorithm, idp_token_endpoint, idp_id_token, idp_client_id (as the official conformance
suite sets it).`;

function context(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const text = env.MCP_CONFORMANCE_CONTEXT;
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new InputError('MCP_CONFORMANCE_CONTEXT is not a JSON object');
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** Undefined with --no-auth. */
export function oauthOptions(
  values: OAuthFlagValues,
  serverUrl: string,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  prompt: (url: string) => void,
): OAuthClientOptions | undefined {
  if (values['no-auth']) return undefined;
  const ctx = context(env);
  let privateKeyPem = str(ctx.private_key_pem);
  if (values['private-key']) {
    try {
      privateKeyPem = readFileSync(values['private-key'], 'utf8');
    } catch (e) {
      throw new InputError(`cannot read --private-key ${values['private-key']}: ${(e as Error).message}`);
    }
  }
  const clientId = values['client-id'] ?? str(ctx.client_id);
  const clientSecret = values['client-secret'] ?? str(ctx.client_secret);
  const grant = values.grant ?? 'auto';
  if (grant !== 'authorization_code' && grant !== 'client_credentials' && grant !== 'auto')
    throw new UsageError(`--grant ${grant}: use authorization_code, client_credentials or auto`);
  if (grant === 'client_credentials' && !clientId) throw new UsageError('--grant client_credentials needs --client-id and --client-secret (or --private-key)');
  const metadataUrl = values['client-metadata-url'];
  if (metadataUrl !== undefined && !/^https:\/\/[^/]+\/.+/.test(metadataUrl))
    throw new UsageError(`--client-metadata-url ${metadataUrl}: a client metadata document is an https URL with a path`);
  const idpTokenEndpoint = values['idp-token-endpoint'] ?? str(ctx.idp_token_endpoint);
  const idToken = values['idp-id-token'] ?? str(ctx.idp_id_token);
  if ((idpTokenEndpoint === undefined) !== (idToken === undefined))
    throw new UsageError('enterprise-managed authorization needs both --idp-token-endpoint and --idp-id-token');
  const enterprise = idpTokenEndpoint && idToken ? { idpTokenEndpoint, idToken, idpClientId: values['idp-client-id'] ?? str(ctx.idp_client_id) } : undefined;
  const configDir = values['config-dir'] ?? env.LOUPE_CONFIG_DIR;
  const store = configDir ? fileCredentialStore(resolveConfigDir(configDir, env), serverUrl) : undefined;
  return {
    store,
    enterprise,
    serverUrl,
    clientName: 'Loupe',
    grant,
    clientId,
    clientSecret,
    privateKeyPem,
    signingAlg: values['signing-alg'] ?? str(ctx.signing_algorithm),
    clientMetadataUrl: metadataUrl,
    scope: values.scope,
    log,
    prompt,
  };
}
