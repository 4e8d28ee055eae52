import { describe, expect, it } from 'vitest';
import { modelOf } from '../model/session-model';
import { OAuthScript } from '../analyze/cases/auth';
import { oauthChain } from './oauth-chain';

const MCP = 'http://127.0.0.1:3000/mcp';
const PRM = 'http://127.0.0.1:3000/.well-known/oauth-protected-resource/mcp';

describe('the OAuth chain', () => {
  it('lists each step with what was asked and answered, and the auth findings on its frames', () => {
    const frames = new OAuthScript()
      .challenge(`Bearer resource_metadata="${PRM}"`)
      .x({ url: PRM, status: 404, response: 'Not Found' })
      .x({ url: 'http://127.0.0.1:3000/.well-known/oauth-protected-resource', response: { resource: MCP, authorization_servers: ['http://127.0.0.1:4000'] } })
      .x({ url: 'http://127.0.0.1:4000/.well-known/oauth-authorization-server', step: 'server-metadata', response: { issuer: 'http://127.0.0.1:4000', code_challenge_methods_supported: ['plain'] } })
      .x({ method: 'POST', url: 'http://127.0.0.1:4000/token', step: 'token', body: 'grant_type=authorization_code&code=c', response: { access_token: 'a', token_type: 'Bearer' } })
      .frames;
    const chain = oauthChain(modelOf(frames));
    expect(chain.map((s) => s.kind)).toEqual(['challenge', 'resource-metadata', 'resource-metadata', 'server-metadata', 'token']);
    expect(chain[1]).toMatchObject({ asked: `GET ${PRM}`, answered: '404', ok: false });
    expect(chain[1].findings.map((f) => f.rule)).toEqual(['auth.resource-metadata-not-served']);
    expect(chain[3].findings.map((f) => f.rule)).toEqual(['auth.no-pkce-s256']);
    expect(chain[4]).toMatchObject({ ok: true, findings: [] });
  });
});
