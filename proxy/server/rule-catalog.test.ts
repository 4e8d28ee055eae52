import { describe, expect, it } from 'vitest';
import { createSessionRegistry } from '../sessions/registry';
import { startHarness } from './testing/harness';
import { catalogHtml } from './rule-catalog';

describe('the rule catalog route', () => {
  it('anchors every rule row by its id and escapes the text', () => {
    const html = catalogHtml('# Rules\n| `auth.no-pkce-s256` | error | no <S256> |\n| id | severity |');
    expect(html).toContain('<span id="auth.no-pkce-s256">| `auth.no-pkce-s256` | error | no &#60;S256&#62; |</span>');
    expect(html).not.toContain('id="id"');
  });

  it('serves lib/analyze/README.md at /rules, where the page links a rule id', async () => {
    const h = await startHarness(createSessionRegistry());
    try {
      const res = await fetch(`${h.origin}/rules`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      const text = await res.text();
      for (const id of ['auth.no-pkce-s256', 'auth.iss-missing', 'jsonrpc.id-type']) expect(text).toContain(`id="${id}"`);
    } finally {
      await h.close();
    }
  });
});
