import { describe, expect, it } from 'vitest';
import { sandboxCsp } from './sandbox-csp';

describe('sandboxCsp', () => {
  it('allows nothing from elsewhere when the resource declares no csp', () => {
    const { policy, dropped } = sandboxCsp(undefined);
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("script-src 'unsafe-inline' blob: data:;");
    expect(policy).not.toContain('unsafe-eval');
    expect(dropped).toEqual([]);
  });

  it('puts each list where the spec says: resources load, connect, frame and base', () => {
    const { policy, applied } = sandboxCsp({
      connectDomains: ['wss://live.example.com'],
      resourceDomains: ['https://cdn.example.com/', 'https://*.tiles.example.com'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: ['https://base.example.com'],
    });
    expect(applied.resourceDomains).toEqual(['https://cdn.example.com', 'https://*.tiles.example.com']);
    expect(policy).toContain('img-src blob: data: https://cdn.example.com https://*.tiles.example.com;');
    expect(policy).toContain('connect-src wss://live.example.com;');
    expect(policy).toContain('frame-src https://www.youtube.com;');
    expect(policy).toContain('base-uri https://base.example.com;');
  });

  it('drops what could break out of a directive, and says why', () => {
    const { policy, dropped } = sandboxCsp({
      connectDomains: ["https://a.example 'unsafe-eval'", 'https://b.example;script-src *', "'self'", '*', 'https://c.example/api', 7],
      resourceDomains: 'https://cdn.example.com',
      colors: ['red'],
    });
    expect(policy).toContain("connect-src 'none'");
    expect(policy).not.toMatch(/unsafe-eval|b\.example|\*;/);
    expect(dropped.map((d) => d.list)).toEqual([
      'connectDomains',
      'connectDomains',
      'connectDomains',
      'connectDomains',
      'connectDomains',
      'connectDomains',
      'resourceDomains',
    ]);
    expect(dropped[3].reason).toMatch(/every origin/);
    expect(dropped[4].reason).toMatch(/path/);
    expect(sandboxCsp('yes').dropped).toEqual([{ list: 'csp', entry: '"yes"', reason: '_meta.ui.csp is not an object' }]);
  });
});
