import { describe, expect, it } from 'vitest';
import { resourceMetadataUrls, serverMetadataUrls } from './discovery';

describe('discovery URLs', () => {
  it('try the advertised resource metadata, then path-based, then root', () => {
    expect(resourceMetadataUrls('http://h/a/mcp', 'http://h/custom.json')).toEqual([
      'http://h/custom.json',
      'http://h/.well-known/oauth-protected-resource/a/mcp',
      'http://h/.well-known/oauth-protected-resource',
    ]);
    expect(resourceMetadataUrls('http://h/')).toEqual(['http://h/.well-known/oauth-protected-resource']);
  });

  it('insert the well-known segment for RFC 8414 and both ways for OpenID when the issuer has a path, then try the appended RFC 8414 path', () => {
    expect(serverMetadataUrls('http://as/tenant1')).toEqual([
      'http://as/.well-known/oauth-authorization-server/tenant1',
      'http://as/.well-known/openid-configuration/tenant1',
      'http://as/tenant1/.well-known/openid-configuration',
      'http://as/tenant1/.well-known/oauth-authorization-server',
    ]);
    expect(serverMetadataUrls('http://as')).toEqual(['http://as/.well-known/oauth-authorization-server', 'http://as/.well-known/openid-configuration']);
  });
});
