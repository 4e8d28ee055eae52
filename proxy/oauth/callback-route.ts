/**
 * `GET /oauth/callback`: where the authorization server sends the browser back. The answer is a
 * small self-contained page (no script, nothing loaded, no referrer: the URL holds the code) that
 * says what happened and what to do next.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PageOAuthFlows } from './page-flows';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, title: string, text: string): void {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto"><h1>${escape(title)}</h1><p>${escape(text)}</p></body></html>`;
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(html);
}

export function serveOAuthCallback(req: IncomingMessage, res: ServerResponse, flows: PageOAuthFlows): void {
  if (req.method !== 'GET') return page(res, 405, 'Loupe: wrong method', 'The authorization callback takes GET only.');
  const query = new URL(req.url ?? '/', 'http://loupe.invalid').searchParams;
  const outcome = flows.callback(query);
  if (!outcome.ok) return page(res, outcome.status, 'Loupe refused this authorization', outcome.reason);
  const error = query.get('error');
  if (error)
    return page(
      res,
      200,
      'The authorization server refused',
      `It answered ${error}${query.get('error_description') ? ` (${query.get('error_description')})` : ''}. Loupe shows this step in the OAuth pane of session ${outcome.sessionId}; you can close this tab.`,
    );
  page(
    res,
    200,
    'Loupe received the authorization',
    `Session ${outcome.sessionId} now exchanges the code for a token and retries with it. You can close this tab and go back to Loupe.`,
  );
}
