import { describe, expect, it } from 'vitest';
import { APP_MIME_TYPE, appResource } from './apps';

describe('appResource', () => {
  const uri = 'ui://clock/app.html';

  it('takes the content item of that uri, its text and its _meta.ui', () => {
    const result = {
      contents: [
        { uri: 'ui://other', mimeType: APP_MIME_TYPE, text: 'other' },
        { uri, mimeType: APP_MIME_TYPE, text: '<p>hi</p>', _meta: { ui: { csp: { connectDomains: ['https://api.example.com'] } } } },
      ],
    };
    expect(appResource(result, uri)).toEqual({ html: '<p>hi</p>', mimeType: APP_MIME_TYPE, ui: { csp: { connectDomains: ['https://api.example.com'] } } });
  });

  it("decodes a base64 blob as UTF-8, and falls back to the listing's _meta.ui", () => {
    const blob = btoa(String.fromCharCode(...new TextEncoder().encode('<p>héllo</p>')));
    const listed = { uri, _meta: { ui: { prefersBorder: true } } };
    expect(appResource({ contents: [{ uri, mimeType: APP_MIME_TYPE, blob }] }, uri, listed)).toMatchObject({
      html: '<p>héllo</p>',
      ui: { prefersBorder: true },
    });
  });

  it('names a wrong mime type, and refuses a read with nothing to render', () => {
    expect(appResource({ contents: [{ uri, mimeType: 'text/html', text: 'x' }] }, uri).problem).toMatch(/served as text\/html, not text\/html;profile=mcp-app/);
    expect(() => appResource({ contents: [] }, uri)).toThrow(/answered no contents/);
    expect(() => appResource({ contents: [{ uri }] }, uri)).toThrow(/neither text nor blob/);
  });
});
