import { describe, expect, it } from 'vitest';
import { originProblem, sourceAllows } from './origin';

describe('originProblem', () => {
  it.each([
    'https://api.example.com',
    'wss://rt.example.com',
    'https://*.example.com',
    'http://localhost:5173',
    'https://cdn.example.com/',
    'https://[::1]:8443',
  ])('accepts %s', (entry) => expect(originProblem(entry)).toBeUndefined());

  it.each([
    ['https://api.example.com/v1', /path/],
    ['*', /every origin/],
    ['https://*', /every host/],
    ['cdn.example.com', /no scheme; write it as https:\/\/cdn\.example\.com/],
    ['https:', /a scheme, not an origin/],
    ["'self'", /CSP keyword/],
    ['https://a.example.com; script-src *', /break the CSP header/],
    ['https://cdn*.example.com', /leftmost label/],
    ['https://x.*.example.com', /leftmost label/],
    ['ftp://files.example.com', /scheme "ftp"/],
    ['https://user:pw@api.example.com', /credentials/],
    ['https://api.example.com:http', /not a number/],
    ['https://exa_mple.com', /does not name a host/],
    ['', /empty/],
  ])('refuses %s', (entry, why) => expect(originProblem(entry)).toMatch(why));
});

describe('sourceAllows', () => {
  const allows = (entry: string, url: string) => sourceAllows(entry, new URL(url));

  it('matches scheme, host and port as a CSP host-source does', () => {
    expect(allows('https://cdn.example.com', 'https://cdn.example.com/lib.js')).toBe(true);
    expect(allows('https://cdn.example.com', 'https://cdn.example.com:443/lib.js')).toBe(true);
    expect(allows('https://cdn.example.com:8443', 'https://cdn.example.com:8443/x')).toBe(true);
    expect(allows('https://cdn.example.com', 'https://cdn.example.com:8443/x')).toBe(false);
    expect(allows('https://cdn.example.com:*', 'https://cdn.example.com:8443/x')).toBe(true);
    expect(allows('https://cdn.example.com', 'http://cdn.example.com/x')).toBe(false);
    expect(allows('http://cdn.example.com', 'https://cdn.example.com/x')).toBe(true);
    expect(allows('ws://rt.example.com', 'wss://rt.example.com/x')).toBe(true);
    expect(allows('https://cdn.example.com', 'https://evil-cdn.example.com/x')).toBe(false);
  });

  it('lets a wildcard cover subdomains only, and is lenient where the entry is malformed', () => {
    expect(allows('https://*.example.com', 'https://a.b.example.com/x')).toBe(true);
    expect(allows('https://*.example.com', 'https://example.com/x')).toBe(false);
    expect(allows('*', 'https://anything.example/x')).toBe(true);
    expect(allows('cdn.example.com', 'https://cdn.example.com/x')).toBe(true);
    expect(allows('https://cdn.example.com/lib/', 'https://cdn.example.com/other.js')).toBe(true);
  });
});
