import { describe, expect, it } from 'vitest';
import { parseBearerChallenge, resourceMatches } from './oauth';

describe('the Bearer challenge', () => {
  it('reads quoted and bare parameters, escapes and the error', () => {
    expect(
      parseBearerChallenge(
        'Bearer error="insufficient_scope", scope="mcp:read mcp:write", resource_metadata="https://h/.well-known/oauth-protected-resource/mcp", error_description="say \\"please\\""',
      ),
    ).toEqual({
      error: 'insufficient_scope',
      scope: 'mcp:read mcp:write',
      resourceMetadata: 'https://h/.well-known/oauth-protected-resource/mcp',
      errorDescription: 'say "please"',
    });
    expect(parseBearerChallenge('bearer realm=mcp, error=invalid_token')?.error).toBe('invalid_token');
  });

  it('is undefined without a Bearer scheme', () => {
    expect(parseBearerChallenge(undefined)).toBeUndefined();
    expect(parseBearerChallenge('Basic realm="x"')).toBeUndefined();
  });
});

describe('the resource match', () => {
  it('accepts the server URL and a parent path of it on the same origin, nothing else', () => {
    expect(resourceMatches('http://h:1/mcp', 'http://h:1/mcp')).toBe(true);
    expect(resourceMatches('http://h:1', 'http://h:1/mcp')).toBe(true);
    expect(resourceMatches('http://h:1/other', 'http://h:1/mcp')).toBe(false);
    expect(resourceMatches('http://h:1/mc', 'http://h:1/mcp')).toBe(false);
    expect(resourceMatches('https://evil.example.com/mcp', 'http://h:1/mcp')).toBe(false);
  });
});
