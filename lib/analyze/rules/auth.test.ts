import { describe, expect, it } from 'vitest';
import { analyze } from '../engine';
import { OAuthScript } from '../cases/auth';

describe('OAuth exchanges', () => {
  it('are judged by the auth.* rules only, not as MCP endpoint requests (Accept, session id, version)', () => {
    const s = new OAuthScript()
      .x({
        url: 'http://127.0.0.1:3000/.well-known/oauth-protected-resource/mcp',
        response: { resource: 'http://127.0.0.1:3000/mcp', authorization_servers: ['http://127.0.0.1:4000'] },
      })
      .x({
        method: 'POST',
        url: 'http://127.0.0.1:4000/token',
        step: 'token',
        body: 'grant_type=client_credentials',
        response: { access_token: 'at', token_type: 'Bearer' },
      });
    expect(analyze(s.frames).annotations.map((a) => a.rule)).toEqual([]);
  });
});
