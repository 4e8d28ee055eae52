import { describe, expect, it } from 'vitest';
import { OAuthScript } from '../analyze/cases/auth';
import { oauthChain } from './oauth-chain';
import { modelOf } from '../model/session-model';

const MCP = 'http://127.0.0.1:3000/mcp';
const PRM = 'http://127.0.0.1:3000/.well-known/oauth-protected-resource/mcp';

describe('the OAuth chain', () => {
  it('lists each step with what was asked and answered, and the auth findings on its frames', () => {
    const frames = new OAuthScript()
      .challenge(`Bearer resource_metadata="${PRM}"`)
      .x({ url: PRM, status: 404, response: 'Not Found' })
      .x({ url: 'http://127.0.0.1:3000/.well-known/oauth-protected-resource', response: { resource: MCP, authorization_servers: ['http://127.0.0.1:4000'] } })
      .x({
        url: 'http://127.0.0.1:4000/.well-known/oauth-authorization-server',
        step: 'server-metadata',
        response: { issuer: 'http://127.0.0.1:4000', code_challenge_methods_supported: ['plain'] },
      })
      .x({
        method: 'POST',
        url: 'http://127.0.0.1:4000/token',
        step: 'token',
        body: 'grant_type=authorization_code&code=c',
        response: { access_token: 'a', token_type: 'Bearer' },
      }).frames;
    const chain = oauthChain(modelOf(frames));
    expect(chain.map((s) => s.kind)).toEqual(['challenge', 'resource-metadata', 'resource-metadata', 'server-metadata', 'token']);
    expect(chain[1]).toMatchObject({ asked: `GET ${PRM}`, answered: '404', ok: false });
    expect(chain[1].findings.map((f) => f.rule)).toEqual(['auth.resource-metadata-not-served']);
    expect(chain[3].findings.map((f) => f.rule)).toEqual(['auth.no-pkce-s256']);
    expect(chain[4]).toMatchObject({ ok: true, findings: [] });
    expect(chain[0].title).toBe('401 challenge');
    expect(chain[3].fields).toContainEqual({ side: 'answered', name: 'code_challenge_methods_supported', value: 'plain' });
    // A token is reported as issued, never repeated.
    expect(chain[4].fields).toEqual([
      { side: 'asked', name: 'grant_type', value: 'authorization_code' },
      { side: 'answered', name: 'token_type', value: 'Bearer' },
      { side: 'answered', name: 'access_token', value: 'issued' },
    ]);
  });

  it("recognises a tapped host's chain, which carries no step names, by the endpoints its metadata named", () => {
    const AS = 'http://127.0.0.1:4000';
    // As the HTTP tap records them: every path but the MCP endpoint is stream `legacy`.
    const frames = new OAuthScript()
      .challenge(`Bearer resource_metadata="${PRM}"`)
      .x({ url: PRM, stream: 'legacy', response: { resource: MCP, authorization_servers: [AS] } })
      .x({
        url: `${AS}/.well-known/oauth-authorization-server`,
        stream: 'legacy',
        response: {
          issuer: AS,
          authorization_endpoint: `${AS}/authorize`,
          token_endpoint: `${AS}/token`,
          registration_endpoint: `${AS}/register`,
          code_challenge_methods_supported: ['S256'],
        },
      })
      .x({ method: 'POST', url: `${AS}/register`, stream: 'legacy', body: '{"client_name":"host"}', response: { client_id: 'c1' } })
      .x({
        url: `${AS}/authorize?response_type=code&client_id=c1`,
        stream: 'legacy',
        status: 302,
        headers: { location: 'http://127.0.0.1:9/cb?code=x&state=s' },
      })
      .x({ method: 'POST', url: `${AS}/token`, stream: 'legacy', body: 'grant_type=authorization_code&code=x', response: { access_token: 'a' } })
      .x({
        method: 'POST',
        url: `${AS}/token`,
        stream: 'legacy',
        body: 'grant_type=refresh_token&refresh_token=r',
        response: { access_token: 'b', token_type: 'Bearer' },
      })
      .x({ method: 'POST', url: `${AS}/elsewhere`, stream: 'legacy', body: 'grant_type=authorization_code' }).frames;
    const chain = oauthChain(modelOf(frames));
    expect(chain.map((s) => s.kind)).toEqual(['challenge', 'resource-metadata', 'server-metadata', 'registration', 'authorize', 'token', 'refresh']);
    expect(chain[4].findings.map((f) => f.rule)).toEqual(['auth.iss-missing']);
    expect(chain[5].findings.map((f) => f.rule)).toEqual(['auth.token-type-missing']);
  });
});
