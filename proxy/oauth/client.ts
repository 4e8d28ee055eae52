/**
 * The OAuth 2.1 client a Streamable HTTP transport asks for credentials (the transport's HttpAuth
 * interface). On a 401 it refreshes the token if it can, otherwise discovers, gets a client
 * identity, authorizes (PKCE S256 with `resource`, `iss` checked per RFC 9207) and exchanges the
 * code; on a 403 `insufficient_scope` it steps up with the union of scopes, a bounded number of
 * times. Machine clients use the client-credentials grant instead. Every request it makes is
 * recorded in the session through the transport's fetch.
 */
import type { HttpAuth, RecordedFetch, Refusal } from '../transports/http';
import { discover, resourceMatches, type Discovery } from './discovery';
import { LoopbackRedirect, authorizeHeadless, type RedirectReceiver } from './loopback';
import { codeChallenge, codeVerifier } from './pkce';
import { OAuthError, basicCredentials, register, tokenRequest, type ClientAuthMethod, type ClientIdentity, type Tokens } from './token';
import { parseBearerChallenge } from '../../lib/mcp/oauth';
import type { CredentialStore } from './store';

export interface OAuthClientOptions {
  /** The MCP server's URL: the `resource` of every request. */
  serverUrl: string;
  clientName: string;
  /** `client_credentials` for a machine client (needs a client id and a secret or a key);
   *  `auto` (the default) uses it when the authorization server lists client_credentials but not
   *  authorization_code and a pre-registered client can authenticate. */
  grant?: 'authorization_code' | 'client_credentials' | 'auto';
  clientId?: string;
  clientSecret?: string;
  /** PKCS#8 PEM for private_key_jwt. */
  privateKeyPem?: string;
  signingAlg?: string;
  /** A Client ID Metadata Document URL, used when the authorization server supports them. */
  clientMetadataUrl?: string;
  /** Enterprise-managed authorization (SEP-990): an ID token from the enterprise's identity
   *  provider is exchanged there for an ID-JAG (RFC 8693), which the authorization server takes
   *  in a JWT-bearer grant (RFC 7523) from the pre-registered client. */
  enterprise?: { idpTokenEndpoint: string; idToken: string; idpClientId?: string };
  /** Scope to ask for when neither the challenge nor the metadata names one. */
  scope?: string;
  /** Authorizations (initial and step-ups) before giving up. Default 3. */
  maxAuthorizations?: number;
  /** Shows the authorization URL to a person when the endpoint does not redirect at once. */
  prompt?: (url: string) => void;
  /** How long a person may take in the browser. Default 5 minutes. */
  authorizeTimeoutMs?: number;
  /** One line per step, for the CLI's log. */
  log?: (line: string) => void;
  /** Keeps tokens and the client identity between runs (the config dir, 0600). */
  store?: CredentialStore;
  /** Where the redirect comes back; a 127.0.0.1 loopback port when not given (the CLI). */
  redirect?: RedirectReceiver;
}

export class OAuthClient implements HttpAuth {
  private tokens?: Tokens;
  private discovery?: Discovery;
  private discoveredWith?: string;
  private identity?: ClientIdentity;
  private grantedScope?: string;
  private authorizations = 0;
  private readonly loopback: RedirectReceiver;
  /** Every credential this client has held, so the page can be sent frames with them masked. */
  private readonly held = new Set<string>();
  /** Why the last refusal could not be answered; the CLI prints it. */
  lastError?: string;

  private saved?: { tokenEndpoint?: string; issuer?: string };

  constructor(private readonly opts: OAuthClientOptions) {
    this.loopback = opts.redirect ?? new LoopbackRedirect();
    const saved = opts.store?.load();
    if (saved) {
      this.tokens = saved.tokens;
      // A saved identity belongs to the authorization server it was registered with; flags win.
      if (!opts.clientId) this.identity = saved.identity;
      this.saved = { tokenEndpoint: saved.tokenEndpoint, issuer: saved.issuer };
      this.holdTokens(this.tokens);
      this.holdIdentity(this.identity);
    }
  }

  private persist(): void {
    this.holdTokens(this.tokens);
    this.holdIdentity(this.identity);
    const d = this.discovery;
    this.opts.store?.save({
      tokens: this.tokens,
      identity: this.identity,
      tokenEndpoint: d?.server.token_endpoint ?? this.saved?.tokenEndpoint,
      issuer: d ? (d.server.issuer ?? d.authServer) : this.saved?.issuer,
    });
  }

  /** The credentials this client has held (tokens, client secret, code, verifier, its Basic
   *  header): the values the page is sent masked (page-auth.ts). */
  secrets(): string[] {
    return [...this.held];
  }

  private hold(...values: Array<string | undefined>): void {
    for (const v of values) if (v) this.held.add(v);
  }

  private holdTokens(t: Tokens | undefined): void {
    const all = t as (Tokens & { id_token?: unknown }) | undefined;
    this.hold(all?.access_token, all?.refresh_token, typeof all?.id_token === 'string' ? all.id_token : undefined);
  }

  private holdIdentity(i: ClientIdentity | undefined): void {
    if (!i?.clientSecret) return;
    this.hold(i.clientSecret, basicCredentials(i.clientId, i.clientSecret).slice('Basic '.length));
  }

  headers(): Record<string, string> {
    return this.tokens ? { Authorization: `Bearer ${this.tokens.access_token}` } : {};
  }

  close(): void {
    this.loopback.close();
  }

  async refused(r: Refusal): Promise<boolean> {
    try {
      return await this.handle(r);
    } catch (e) {
      this.lastError = (e as Error).message;
      this.log(`oauth: ${this.lastError}`);
      return false;
    }
  }

  private log(line: string): void {
    this.opts.log?.(line);
  }

  private async handle(r: Refusal): Promise<boolean> {
    const challenge = parseBearerChallenge(r.wwwAuthenticate);
    const stepUp = r.status === 403;
    if (stepUp && challenge?.error !== 'insufficient_scope') return false;
    if (!stepUp && this.tokens?.refresh_token && (await this.refresh(r.fetch))) return true;
    const limit = this.opts.maxAuthorizations ?? 3;
    if (this.authorizations >= limit)
      throw new OAuthError(`gave up after ${limit} authorizations: the server still answers ${r.status}${challenge?.error ? ` (${challenge.error})` : ''}`);
    this.authorizations++;

    if (!this.discovery || (challenge?.resourceMetadata && challenge.resourceMetadata !== this.discoveredWith)) {
      this.discovery = await discover(r.fetch, this.opts.serverUrl, challenge?.resourceMetadata);
      this.discoveredWith = challenge?.resourceMetadata;
      const resource = this.discovery.resource?.resource;
      if (resource !== undefined && !resourceMatches(resource, this.opts.serverUrl)) {
        throw new OAuthError(
          `the protected-resource metadata names the resource ${resource}, not ${this.opts.serverUrl}: refusing to authorize for another resource`,
        );
      }
    }
    const d = this.discovery;
    const machine = this.machineGrant(d);
    const scope = this.chooseScope(challenge?.scope, stepUp, d, machine);
    this.tokens = this.opts.enterprise
      ? await this.enterpriseGrant(r.fetch, d, scope, this.opts.enterprise)
      : machine
        ? await this.clientCredentials(r.fetch, d, scope)
        : await this.authorizationCode(r.fetch, d, scope);
    this.grantedScope = this.tokens.scope ?? scope;
    this.persist();
    this.log(`oauth: got a ${this.tokens.token_type ?? 'Bearer'} token${this.grantedScope ? ` for scope "${this.grantedScope}"` : ''}`);
    return true;
  }

  /** The spec's scope selection: the challenge's `scope`, else the resource's `scopes_supported`,
   *  else none; a step-up adds the new scopes to those already granted. `offline_access` is asked
   *  for only when the authorization server lists it. */
  private machineGrant(d: Discovery): boolean {
    if (this.opts.grant !== 'auto' && this.opts.grant !== undefined) return this.opts.grant === 'client_credentials';
    const grants = d.server.grant_types_supported;
    const canAuthenticate = this.opts.clientId !== undefined && (this.opts.clientSecret !== undefined || this.opts.privateKeyPem !== undefined);
    return canAuthenticate && grants !== undefined && grants.includes('client_credentials') && !grants.includes('authorization_code');
  }

  private chooseScope(challenged: string | undefined, stepUp: boolean, d: Discovery, machine: boolean): string | undefined {
    const words = new Set<string>();
    const add = (s?: string) =>
      s
        ?.split(/\s+/)
        .filter(Boolean)
        .forEach((w) => words.add(w));
    if (stepUp) add(this.grantedScope);
    if (challenged) add(challenged);
    else if (!stepUp && d.resource?.scopes_supported?.length) add(d.resource.scopes_supported.join(' '));
    else if (!stepUp) add(this.opts.scope);
    if (!machine && words.size > 0 && d.server.scopes_supported?.includes('offline_access')) words.add('offline_access');
    return words.size > 0 ? [...words].join(' ') : undefined;
  }

  private async clientIdentity(fetch: RecordedFetch, d: Discovery, redirectUri: string, scope: string | undefined): Promise<ClientIdentity> {
    if (this.identity) return this.identity;
    const supported = d.server.token_endpoint_auth_methods_supported;
    if (this.opts.clientId) {
      const method: ClientAuthMethod = this.opts.privateKeyPem
        ? 'private_key_jwt'
        : !this.opts.clientSecret
          ? 'none'
          : !supported || supported.includes('client_secret_basic')
            ? 'client_secret_basic'
            : 'client_secret_post';
      this.identity = {
        clientId: this.opts.clientId,
        clientSecret: this.opts.clientSecret,
        privateKeyPem: this.opts.privateKeyPem,
        signingAlg: this.opts.signingAlg,
        method,
        source: 'pre-registered',
      };
    } else if (this.opts.clientMetadataUrl && d.server.client_id_metadata_document_supported) {
      this.identity = { clientId: this.opts.clientMetadataUrl, method: 'none', source: 'metadata-document' };
    } else if (d.server.registration_endpoint) {
      const method: ClientAuthMethod =
        !supported || supported.includes('none') ? 'none' : supported.includes('client_secret_basic') ? 'client_secret_basic' : 'client_secret_post';
      const grantTypes = ['authorization_code', 'refresh_token'];
      this.identity = await register(fetch, d.server.registration_endpoint, { clientName: this.opts.clientName, redirectUri, method, grantTypes, scope });
    } else {
      throw new OAuthError(
        `the authorization server ${d.authServer} offers no dynamic registration${this.opts.clientMetadataUrl ? ' and no client metadata documents' : ''}: give a pre-registered client id (--client-id, --client-secret)`,
      );
    }
    this.log(`oauth: client ${this.identity.clientId} (${this.identity.source}, ${this.identity.method})`);
    return this.identity;
  }

  private async authorizationCode(fetch: RecordedFetch, d: Discovery, scope: string | undefined): Promise<Tokens> {
    const s = d.server;
    if (!s.authorization_endpoint || !s.token_endpoint)
      throw new OAuthError(`the authorization server ${d.authServer} names no ${s.authorization_endpoint ? 'token' : 'authorization'} endpoint`);
    const redirectUri = await this.loopback.uri();
    const client = await this.clientIdentity(fetch, d, redirectUri, scope);
    const verifier = codeVerifier();
    this.holdIdentity(client);
    this.hold(verifier);
    const state = this.loopback.newState();
    const url = new URL(s.authorization_endpoint);
    const params: Record<string, string | undefined> = {
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: redirectUri,
      state,
      code_challenge: codeChallenge(verifier),
      code_challenge_method: 'S256',
      resource: this.resource(d),
      scope,
      // OpenID Connect §11: offline access is granted only with prompt=consent (oidc-provider drops
      // offline_access without it, and no refresh token is issued).
      prompt: scope?.split(' ').includes('offline_access') ? 'consent' : undefined,
    };
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
    const back = await authorizeHeadless(
      fetch,
      url.href,
      redirectUri,
      state,
      this.loopback,
      (u) => this.opts.prompt?.(u),
      this.opts.authorizeTimeoutMs ?? 300_000,
    );
    if (back.get('error'))
      throw new OAuthError(
        `the authorization server refused: ${back.get('error')}${back.get('error_description') ? ` (${back.get('error_description')})` : ''}`,
      );
    if (back.get('state') !== state) throw new OAuthError('the authorization response carries another state: refusing it (possible CSRF)');
    const iss = back.get('iss');
    const issuer = s.issuer ?? d.authServer;
    if (iss !== null && iss !== issuer) throw new OAuthError(`the authorization response comes from issuer ${iss}, not ${issuer} (RFC 9207): refusing it`);
    if (iss === null && s.authorization_response_iss_parameter_supported)
      throw new OAuthError(`the authorization server promises an iss parameter but the response has none (RFC 9207): refusing it`);
    const code = back.get('code');
    if (!code) throw new OAuthError('the authorization response carries no code');
    this.hold(code);
    return tokenRequest(
      fetch,
      s.token_endpoint,
      issuer,
      client,
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
        resource: this.resource(d),
      },
      'token',
    );
  }

  private async clientCredentials(fetch: RecordedFetch, d: Discovery, scope: string | undefined): Promise<Tokens> {
    if (!d.server.token_endpoint) throw new OAuthError(`the authorization server ${d.authServer} names no token endpoint`);
    if (!this.opts.clientId) throw new OAuthError('the client-credentials grant needs a client id (--client-id) and a secret or a private key');
    const client = await this.clientIdentity(fetch, d, '', scope);
    return tokenRequest(
      fetch,
      d.server.token_endpoint,
      d.server.issuer ?? d.authServer,
      client,
      { grant_type: 'client_credentials', scope, resource: this.resource(d) },
      'token',
    );
  }

  private async enterpriseGrant(
    fetch: RecordedFetch,
    d: Discovery,
    scope: string | undefined,
    e: NonNullable<OAuthClientOptions['enterprise']>,
  ): Promise<Tokens> {
    if (!d.server.token_endpoint) throw new OAuthError(`the authorization server ${d.authServer} names no token endpoint`);
    if (!this.opts.clientId)
      throw new OAuthError('enterprise-managed authorization needs the client registered at the authorization server (--client-id, --client-secret)');
    const issuer = d.server.issuer ?? d.authServer;
    const idp: ClientIdentity = { clientId: e.idpClientId ?? this.opts.clientId, method: 'none', source: 'pre-registered' };
    const jag = await tokenRequest(
      fetch,
      e.idpTokenEndpoint,
      e.idpTokenEndpoint,
      idp,
      {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token: e.idToken,
        subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
        requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
        audience: issuer,
        resource: this.resource(d),
        scope,
      },
      'token-exchange',
      false,
    );
    const client = await this.clientIdentity(fetch, d, '', scope);
    return tokenRequest(
      fetch,
      d.server.token_endpoint,
      issuer,
      client,
      { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: jag.access_token, scope },
      'token',
    );
  }

  private async refresh(fetch: RecordedFetch): Promise<boolean> {
    const d = this.discovery;
    const refreshToken = this.tokens?.refresh_token;
    const endpoint = d?.server.token_endpoint ?? this.saved?.tokenEndpoint;
    if (!endpoint || !this.identity || !refreshToken) return false;
    try {
      const issuer = d ? (d.server.issuer ?? d.authServer) : (this.saved?.issuer ?? endpoint);
      const resource = d ? this.resource(d) : this.opts.serverUrl;
      const next = await tokenRequest(
        fetch,
        endpoint,
        issuer,
        this.identity,
        { grant_type: 'refresh_token', refresh_token: refreshToken, resource },
        'refresh',
      );
      this.tokens = { ...next, refresh_token: next.refresh_token ?? refreshToken };
      this.persist();
      this.log('oauth: refreshed the access token');
      return true;
    } catch (e) {
      this.log(`oauth: refresh failed (${(e as Error).message}); authorizing again`);
      this.tokens = undefined;
      return false;
    }
  }

  /** RFC 8707: the metadata's resource when it has one, else the server's URL. */
  private resource(d: Discovery): string {
    return d.resource?.resource ?? this.opts.serverUrl;
  }
}
