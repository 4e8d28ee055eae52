import { describe, expect, it } from 'vitest';
import { contentSource, looksLikeMarkdown, safeLinkUrl } from './markdown-safety';

describe('safeLinkUrl', () => {
  it('keeps http, https and mailto links', () => {
    expect(safeLinkUrl('https://modelcontextprotocol.io/spec')).toBe('https://modelcontextprotocol.io/spec');
    expect(safeLinkUrl(' http://example.com ')).toBe('http://example.com/');
    expect(safeLinkUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
  });

  it('refuses script, data, file and relative URLs, whatever their case or spacing', () => {
    for (const u of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '  javascript:alert(1)',
      'data:text/html,<script>x</script>',
      'vbscript:x',
      'file:///etc/passwd',
      '/relative',
      '#top',
      'java\tscript:alert(1)',
    ]) {
      expect(safeLinkUrl(u), u).toBeUndefined();
    }
  });
});

describe('looksLikeMarkdown', () => {
  it('sees headings, lists, emphasis, links and code', () => {
    for (const t of ['# Title', 'a\n- item', '**bold** text', 'see [spec](https://x.y)', 'run `ls`', '```\ncode\n```', '| a | b |'])
      expect(looksLikeMarkdown(t), t).toBe(true);
  });

  it('leaves plain sentences and JSON alone', () => {
    expect(looksLikeMarkdown('Echo: hello world')).toBe(false);
    expect(looksLikeMarkdown('{"a": 1, "b": [2, 3]}')).toBe(false);
  });
});

it('contentSource cuts long base64 but keeps the rest', () => {
  const src = contentSource({ type: 'image', mimeType: 'image/png', data: 'A'.repeat(1000) }, 10);
  expect(src).toContain('"mimeType": "image/png"');
  expect(src).toContain('AAAAAAAAAA… (1000 characters)');
});
