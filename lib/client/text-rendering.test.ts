import { describe, expect, it } from 'vitest';
import { textRendering } from './text-rendering';

const page = '<!doctype html>\n<html><body>\n# not a heading\n- not a list\n```js\nlet a = 1;\n```\n</body></html>';
const notes = '# Notes\n\n- one\n- two';

describe('textRendering', () => {
  it('shows an MCP App page (text/html) as source, however much of it reads as markdown', () => {
    expect(textRendering(page, 'text/html')).toBe('source');
    expect(textRendering(page, 'text/html;profile=mcp-app')).toBe('source');
    expect(textRendering(page, 'TEXT/HTML; charset=utf-8')).toBe('source');
  });

  it('shows other declared types as source (JSON, CSV, code)', () => {
    expect(textRendering('[`a`](b)', 'application/json')).toBe('source');
    expect(textRendering('a,**b**', 'text/csv')).toBe('source');
    expect(textRendering('# comment', 'text/x-python')).toBe('source');
  });

  it('renders declared markdown as markdown, even without marks', () => {
    expect(textRendering('just words', 'text/markdown')).toBe('markdown');
    expect(textRendering('just words', 'text/x-markdown; charset=utf-8')).toBe('markdown');
  });

  it('lets the text decide for text/plain and for text with no type', () => {
    expect(textRendering(notes, 'text/plain')).toBe('markdown');
    expect(textRendering('just words', 'text/plain')).toBe('source');
    expect(textRendering(notes)).toBe('markdown');
    expect(textRendering(notes, '')).toBe('markdown');
    expect(textRendering('just words')).toBe('source');
  });
});
