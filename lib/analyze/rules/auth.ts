/**
 * auth.*: the OAuth chain (basic/authorization), judged from HTTP exchange frames alone, so the
 * chain Loupe's own client ran and a tapped host's traffic get the same diagnoses. Exchanges are
 * recognised by what they are (a 401 challenge, a well-known metadata URL, a token response), not
 * by who sent them; Loupe's `oauth` stream only helps name the step.
 */
import { headerValue, type HttpEndMeta, type HttpResponseMeta } from '../../mcp/frame';
import { requestBody, type HttpExchange } from '../../mcp/http-exchanges';
import { isResourceMetadataUrl, isServerMetadataUrl, jsonObject, parseBearerChallenge, resourceMatches } from '../../mcp/oauth';
import type { AnalysisState } from '../state';
import type { FrameContext, RuleModule } from '../types';

const A = 'basic/authorization';

/** The OAuth step Loupe's own client named, if it ran the exchange. */
const stepOf = (ex: HttpExchange) => (ex.requestMeta.stream === 'oauth' ? ex.requestMeta.oauth : undefined);

interface AuthState {
  /** resource_metadata URLs a challenge advertised, with the response frame that did. */
  advertised: Map<string, number>;
  /** The MCP endpoint: the URL of the first POST of a message. */
  mcpUrl?: string;
  resourceScopes?: string[];
  /** Challenge scopes seen before the resource metadata, judged when it arrives. */
  pendingScopes: Array<{ seq: number; scope: string }>;
}

const states = new WeakMap<AnalysisState, AuthState>();

function authState(state: AnalysisState): AuthState {
  let s = states.get(state);
  if (!s) {
    s = { advertised: new Map(), pendingScopes: [] };
    states.set(state, s);
  }
  return s;
}

const words = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export const authRules: RuleModule = {
  rules: {
    'auth.resource-metadata-not-served': { severity: 'error', layer: 'transport', section: `${A}#protected-resource-metadata-discovery-requirements` },
    'auth.metadata-wrong-path': { severity: 'warning', layer: 'transport', section: `${A}#authorization-server-metadata-discovery` },
    'auth.no-pkce-s256': { severity: 'error', layer: 'transport', section: `${A}#authorization-code-protection` },
    'auth.token-type-missing': { severity: 'error', layer: 'transport', section: `${A}#access-token-usage` },
    'auth.scope-not-advertised': { severity: 'warning', layer: 'transport', section: `${A}#scope-selection-strategy` },
    'auth.resource-mismatch': { severity: 'error', layer: 'transport', section: `${A}#resource-parameter-implementation` },
    'auth.iss-missing': { severity: 'warning', layer: 'transport', section: `${A}#authorization-server-metadata-discovery` },
    'auth.challenge-missing': { severity: 'error', layer: 'transport', section: `${A}#protected-resource-metadata-discovery-requirements` },
  },

  onFrame(ctx) {
    const { frame } = ctx;
    if (frame.lane !== 'http' || frame.meta?.transport !== 'http') return;
    const s = authState(ctx.state);
    const meta = frame.meta;
    const ex = ctx.state.exchanges.of(frame);
    if (!ex) return;
    if (meta.phase === 'request') return onRequest(s, ex);
    if (meta.phase === 'response') return onResponse(ctx, s, ex, meta);
    if (meta.phase === 'end') return onEnd(ctx, s, ex, meta);
  },
};

function onRequest(s: AuthState, ex: HttpExchange): void {
  if (ex.stream === 'post' && s.mcpUrl === undefined) s.mcpUrl = ex.url;
}

function onResponse(ctx: FrameContext, s: AuthState, ex: HttpExchange, meta: HttpResponseMeta): void {
  // The MCP endpoint's own refusals: a request that carried a message, or the GET stream.
  const mcp = ex.stream !== 'oauth' && !ex.probe && (ex.sent.length > 0 || ex.stream === 'get');
  if (meta.status === 401 && mcp && headerValue(meta.headers, 'www-authenticate') === undefined) {
    ctx.report(
      'auth.challenge-missing',
      [ctx.frame.seq, meta.exchange],
      `${ex.method} ${ex.url} was answered 401 without WWW-Authenticate: every 401 must carry a challenge (RFC 9110 §15.5.2), which tells the client where the protected-resource metadata is and which scope to ask for`,
    );
  }
  if (meta.status === 401 || meta.status === 403) {
    const challenge = parseBearerChallenge(headerValue(meta.headers, 'www-authenticate'));
    if (challenge?.resourceMetadata && !s.advertised.has(challenge.resourceMetadata)) s.advertised.set(challenge.resourceMetadata, ctx.frame.seq);
    if (challenge?.scope) {
      if (s.resourceScopes) judgeScope(ctx, s.resourceScopes, { seq: ctx.frame.seq, scope: challenge.scope });
      else s.pendingScopes.push({ seq: ctx.frame.seq, scope: challenge.scope });
    }
  }
  // The authorization redirect (RFC 9207): a code without `iss` lets a mix-up go unnoticed.
  const location = headerValue(meta.headers, 'location');
  if (meta.status >= 300 && meta.status < 400 && location && (stepOf(ex) === 'authorize' || /[?&]response_type=code/.test(ex.url))) {
    const params = new URL(location, ex.url).searchParams;
    if (params.has('code') && !params.has('iss')) {
      ctx.report(
        'auth.iss-missing',
        [ctx.frame.seq, meta.exchange],
        `the authorization response redirects to ${location.split('?')[0]} with a code but no iss parameter (RFC 9207): the client cannot tell which authorization server answered`,
      );
    }
  }
}

function judgeScope(ctx: FrameContext, advertised: string[], c: { seq: number; scope: string }): void {
  const missing = c.scope.split(/\s+/).filter((w) => w && !advertised.includes(w));
  if (missing.length === 0) return;
  ctx.report(
    'auth.scope-not-advertised',
    [c.seq],
    `the server demands scope ${missing.map((m) => `"${m}"`).join(', ')} in WWW-Authenticate, but its protected-resource metadata lists only ${advertised.length ? advertised.map((m) => `"${m}"`).join(', ') : 'no scopes'} in scopes_supported`,
  );
}

function onEnd(ctx: FrameContext, s: AuthState, ex: HttpExchange, meta: HttpEndMeta): void {
  const seq = ctx.frame.seq;
  const ok = ex.status !== undefined && ex.status >= 200 && ex.status < 300;
  const advertisedAt = s.advertised.get(ex.url);
  if (advertisedAt !== undefined && ex.method === 'GET' && !ok) {
    s.advertised.delete(ex.url);
    const why = ex.status !== undefined ? `answers ${ex.status}` : `failed (${meta.error ?? 'no answer'})`;
    ctx.report('auth.resource-metadata-not-served', [seq, advertisedAt], `the 401 advertises resource_metadata ${ex.url}, but that URL ${why}`);
  }
  if (!ok) return;
  // The body is read only where a rule reads it: an MCP exchange's end (every POST) carries none.
  const metadata = isResourceMetadataUrl(ex.url) ? 'resource' : isServerMetadataUrl(ex.url) ? 'server' : undefined;
  const sentBody = requestBody(ex) ?? '';
  const grant = stepOf(ex) === 'token' || stepOf(ex) === 'refresh' || /(^|&)grant_type=/.test(sentBody);
  if (!metadata && !grant) return;
  const body = jsonObject(ctx.frame.raw);
  if (metadata === 'resource' && body) return onResourceMetadata(ctx, s, ex, body);
  if (metadata === 'server' && body) return onServerMetadata(ctx, ex, body);
  if (grant && body && typeof body.access_token === 'string' && body.token_type === undefined && !/token-exchange/.test(sentBody)) {
    ctx.report(
      'auth.token-type-missing',
      [seq, meta.exchange],
      `the token response from ${ex.url} has an access_token but no token_type (RFC 6749 §5.1 requires it; clients expect "Bearer")`,
    );
  }
}

function onResourceMetadata(ctx: FrameContext, s: AuthState, ex: HttpExchange, body: Record<string, unknown>): void {
  s.resourceScopes = words(body.scopes_supported);
  for (const c of s.pendingScopes.splice(0)) judgeScope(ctx, s.resourceScopes, c);
  const resource = typeof body.resource === 'string' ? body.resource : undefined;
  if (resource !== undefined && s.mcpUrl !== undefined && !resourceMatches(resource, s.mcpUrl)) {
    ctx.report(
      'auth.resource-mismatch',
      [ctx.frame.seq],
      `the protected-resource metadata at ${ex.url} names the resource ${resource}, but the MCP server is ${s.mcpUrl}: a client must refuse to authorize for it`,
    );
  }
}

function onServerMetadata(ctx: FrameContext, ex: HttpExchange, body: Record<string, unknown>): void {
  const methods = words(body.code_challenge_methods_supported);
  if (!methods.includes('S256')) {
    ctx.report(
      'auth.no-pkce-s256',
      [ctx.frame.seq],
      `the authorization server metadata at ${ex.url} ${methods.length ? `lists code_challenge_methods_supported ${JSON.stringify(methods)} without S256` : 'has no code_challenge_methods_supported'}: MCP clients must refuse to proceed without PKCE S256`,
    );
  }
  // RFC 8414 §3.1 inserts the well-known segment before the issuer's path; only OpenID Connect
  // Discovery appends it. An oauth-authorization-server document after a path is misplaced.
  const u = new URL(ex.url);
  const at = u.pathname.indexOf('/.well-known/oauth-authorization-server');
  if (at > 0) {
    const issuerPath = u.pathname.slice(0, at);
    ctx.report(
      'auth.metadata-wrong-path',
      [ctx.frame.seq],
      `authorization server metadata served at ${u.pathname}: RFC 8414 puts it at /.well-known/oauth-authorization-server${issuerPath} for an issuer with the path ${issuerPath}`,
    );
  }
}
