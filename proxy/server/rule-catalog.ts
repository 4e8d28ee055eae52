/**
 * `GET /rules`: the analyser's rule catalog (lib/analyze/README.md), so a rule id in the page links
 * to what the rule means. Served as the Markdown text itself, each rule's row carrying the rule id
 * as an anchor (`/rules#auth.no-pkce-s256`) and highlighted when it is the target. Everything is
 * escaped: the page shows text, nothing of it is markup.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PACKAGE_ROOT } from '../package-root';
import type { ServerResponse } from 'node:http';

export const RULES_PATH = '/rules';
const CATALOG = path.join(PACKAGE_ROOT, 'lib', 'analyze', 'README.md');

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function catalogHtml(markdown: string): string {
  const lines = markdown.split('\n').map((line) => {
    const rule = /^\|\s*`([a-z0-9-]+\.[a-z0-9.-]+)`\s*\|/.exec(line)?.[1];
    return rule ? `<span id="${escape(rule)}">${escape(line)}</span>` : escape(line);
  });
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loupe rule catalog</title>` +
    '<style>body{margin:1rem;font:13px/1.5 ui-monospace,monospace;background:#09090b;color:#e4e4e7}pre{white-space:pre-wrap}:target{background:#854d0e;color:#fff}</style>' +
    `</head><body><pre>${lines.join('\n')}</pre></body></html>`
  );
}

export async function serveRuleCatalog(res: ServerResponse): Promise<void> {
  const html = catalogHtml(await readFile(CATALOG, 'utf8'));
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(html);
}
