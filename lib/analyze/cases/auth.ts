/** auth.* cases: the HTTP exchanges of an OAuth chain, as the transport records them. */
import type { Frame } from '../../mcp/frame';
import { toFrame } from '../../mcp/frame-check';
import { HttpScript } from './http-script';
import { req, type RuleCase } from './types';

const MCP = 'http://127.0.0.1:3000/mcp';
const PRM = 'http://127.0.0.1:3000/.well-known/oauth-protected-resource/mcp';
const AS = 'http://127.0.0.1:4000';

interface Exchange {
  method?: string;
  url: string;
  /** `legacy` is how the HTTP tap records a host's requests to paths other than the MCP endpoint. */
  stream?: 'post' | 'oauth' | 'legacy';
  step?: string;
  body?: string;
  status?: number;
  headers?: Record<string, string>;
  response?: unknown;
}

export class OAuthScript {
  readonly frames: Frame[] = [];
  private add(dir: Frame['dir'], raw: string, meta: Record<string, unknown>): number {
    const seq = this.frames.length + 1;
    this.frames.push(toFrame({ seq, ts: seq * 1000, dir, lane: 'http', raw, size: raw.length, meta: { transport: 'http', ...meta } }));
    return seq;
  }
  x(e: Exchange): this {
    const stream = e.stream ?? 'oauth';
    const step = stream === 'oauth' ? { oauth: e.step ?? 'resource-metadata' } : {};
    const method = e.method ?? 'GET';
    const id = this.add('c2s', `${method} ${new URL(e.url).pathname} HTTP/1.1\r\n\r\n${e.body ?? ''}`, {
      phase: 'request',
      method,
      url: e.url,
      headers: [],
      stream,
      ...step,
    });
    this.add('s2c', '', { phase: 'response', exchange: id, stream, status: e.status ?? 200, statusText: '', headers: Object.entries(e.headers ?? {}) });
    const text = e.response === undefined ? '' : typeof e.response === 'string' ? e.response : JSON.stringify(e.response);
    this.add('s2c', text, { phase: 'end', exchange: id, stream, ...step });
    return this;
  }
  /** The refused POST of `initialize` with its challenge. */
  challenge(wwwAuthenticate: string): this {
    return this.x({ method: 'POST', url: MCP, stream: 'post', status: 401, headers: { 'www-authenticate': wwwAuthenticate } });
  }
}

const s = () => new OAuthScript();
const prm = (extra: Record<string, unknown> = {}) => ({ resource: MCP, authorization_servers: [AS], ...extra });
const asMeta = (extra: Record<string, unknown> = {}) => ({
  issuer: AS,
  authorization_endpoint: `${AS}/authorize`,
  token_endpoint: `${AS}/token`,
  code_challenge_methods_supported: ['S256'],
  ...extra,
});
const grant = 'grant_type=authorization_code&code=c&code_verifier=v';
const authorizeUrl = `${AS}/authorize?response_type=code&client_id=x&state=s`;

const initialize = req(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } });

export const authCases: RuleCase[] = [
  {
    rule: 'auth.challenge-missing',
    name: 'the initialize POST is refused 401 without WWW-Authenticate',
    trigger: () => new HttpScript().exchange({ body: initialize, status: 401, type: 'application/json' }).frames,
    frames: [3, 1],
    nearMiss: () =>
      new HttpScript().exchange({
        body: initialize,
        status: 401,
        type: 'application/json',
        resHeaders: { 'WWW-Authenticate': `Bearer resource_metadata="${PRM}"` },
      }).frames,
  },
  {
    rule: 'auth.resource-metadata-not-served',
    name: 'the advertised resource_metadata answers 404',
    trigger: () => s().challenge(`Bearer resource_metadata="${PRM}"`).x({ url: PRM, status: 404, response: 'Not Found' }).frames,
    frames: [6, 2],
    nearMiss: () => s().challenge(`Bearer resource_metadata="${PRM}"`).x({ url: PRM, response: prm() }).frames,
  },
  {
    rule: 'auth.metadata-wrong-path',
    name: 'RFC 8414 metadata appended after the issuer path instead of inserted',
    trigger: () => s().x({ url: `${AS}/tenant1/.well-known/oauth-authorization-server`, step: 'server-metadata', response: asMeta() }).frames,
    nearMiss: () =>
      s()
        .x({ url: `${AS}/.well-known/oauth-authorization-server/tenant1`, step: 'server-metadata', response: asMeta() })
        .x({ url: `${AS}/tenant1/.well-known/openid-configuration`, step: 'server-metadata', response: asMeta() }).frames,
  },
  {
    rule: 'auth.no-pkce-s256',
    name: 'authorization server metadata offers only plain PKCE',
    trigger: () =>
      s().x({ url: `${AS}/.well-known/oauth-authorization-server`, step: 'server-metadata', response: asMeta({ code_challenge_methods_supported: ['plain'] }) })
        .frames,
    nearMiss: () =>
      s().x({
        url: `${AS}/.well-known/oauth-authorization-server`,
        step: 'server-metadata',
        response: asMeta({ code_challenge_methods_supported: ['plain', 'S256'] }),
      }).frames,
  },
  {
    rule: 'auth.token-type-missing',
    name: 'a token response without token_type',
    trigger: () => s().x({ method: 'POST', url: `${AS}/token`, step: 'token', body: grant, response: { access_token: 'at', expires_in: 3600 } }).frames,
    nearMiss: () => s().x({ method: 'POST', url: `${AS}/token`, step: 'token', body: grant, response: { access_token: 'at', token_type: 'Bearer' } }).frames,
  },
  {
    rule: 'auth.token-type-missing',
    name: "a tapped host's token request is recognised by its grant_type",
    trigger: () => s().x({ method: 'POST', url: `${AS}/oauth2/token`, stream: 'post', body: grant, response: { access_token: 'at' } }).frames,
    nearMiss: () =>
      s().x({
        method: 'POST',
        url: `${AS}/oauth2/token`,
        stream: 'post',
        body: 'grant_type=urn:ietf:params:oauth:grant-type:token-exchange',
        response: { access_token: 'jag', token_type: 'N_A' },
      }).frames,
  },
  {
    rule: 'auth.scope-not-advertised',
    name: 'the challenge demands a scope scopes_supported lacks',
    trigger: () =>
      s()
        .challenge(`Bearer scope="mcp:admin", resource_metadata="${PRM}"`)
        .x({ url: PRM, response: prm({ scopes_supported: ['mcp:read'] }) }).frames,
    nearMiss: () =>
      s()
        .challenge(`Bearer scope="mcp:read", resource_metadata="${PRM}"`)
        .x({ url: PRM, response: prm({ scopes_supported: ['mcp:read', 'mcp:write'] }) }).frames,
  },
  {
    rule: 'auth.resource-mismatch',
    name: 'the metadata names another resource',
    trigger: () =>
      s()
        .challenge(`Bearer resource_metadata="${PRM}"`)
        .x({ url: PRM, response: prm({ resource: 'https://evil.example.com/mcp' }) }).frames,
    nearMiss: () =>
      s()
        .challenge(`Bearer resource_metadata="${PRM}"`)
        .x({ url: PRM, response: prm({ resource: 'http://127.0.0.1:3000' }) }).frames,
  },
  {
    rule: 'auth.iss-missing',
    name: 'the authorization redirect carries a code but no iss',
    trigger: () => s().x({ url: authorizeUrl, step: 'authorize', status: 302, headers: { location: 'http://127.0.0.1:9/callback?code=c&state=s' } }).frames,
    nearMiss: () =>
      s().x({
        url: authorizeUrl,
        step: 'authorize',
        status: 302,
        headers: { location: `http://127.0.0.1:9/callback?code=c&state=s&iss=${encodeURIComponent(AS)}` },
      }).frames,
  },
];
