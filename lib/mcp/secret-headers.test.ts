import { describe, expect, it } from 'vitest';
import { hasSecretHeader, isSecretHeader, MASK, maskHeaderValue, maskHttpHead } from './secret-headers';

describe('secret header masking', () => {
  it('masks Authorization, Proxy-Authorization, Cookie and Set-Cookie in any case, keeping the scheme', () => {
    expect(maskHeaderValue('Authorization', 'Bearer abc.def')).toBe(`Bearer ${MASK}`);
    expect(maskHeaderValue('proxy-authorization', 'Basic dXNlcjpwYXNz')).toBe(`Basic ${MASK}`);
    expect(maskHeaderValue('Cookie', 'sid=1; theme=dark')).toBe(MASK);
    expect(maskHeaderValue('set-cookie', 'sid=1; HttpOnly')).toBe(MASK);
    expect(maskHeaderValue('Mcp-Session-Id', 'abc')).toBe('abc');
    expect(isSecretHeader(' AUTHORIZATION ')).toBe(true);
    expect(maskHeaderValue('X-API-Key', 'key-1')).toBe(MASK);
    expect(maskHeaderValue('api-key', 'key-1')).toBe(MASK);
  });

  it('masks the secret lines of a raw head and leaves the rest byte for byte', () => {
    const raw = 'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:1\r\nAuthorization: Bearer s3cret\r\nCookie: a=b\r\nAccept: */*\r\n\r\n{"x":1}';
    const masked = maskHttpHead(raw);
    expect(masked).not.toContain('s3cret');
    expect(masked).not.toContain('a=b');
    expect(masked).toBe(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:1\r\nAuthorization: Bearer ${MASK}\r\nCookie: ${MASK}\r\nAccept: */*\r\n\r\n{"x":1}`);
    expect(hasSecretHeader(raw)).toBe(true);
    expect(hasSecretHeader('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n')).toBe(false);
  });

  it('does not touch a body line that looks like a header', () => {
    const raw = 'HTTP/1.1 400 Bad Request\r\n\r\nAuthorization: Bearer shown-in-body';
    expect(maskHttpHead(raw)).toBe(raw);
  });
});
