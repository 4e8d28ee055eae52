/** Errors the HTTP transports reject with: each says what happened and what to try next. */

export type HttpErrorCode = 'timeout' | 'status' | 'network' | 'session-expired' | 'content-type' | 'closed' | 'endpoint';

export class HttpTransportError extends Error {
  constructor(
    readonly code: HttpErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'HttpTransportError';
  }
}

export function timeoutError(what: string, ms: number): HttpTransportError {
  return new HttpTransportError(
    'timeout',
    `${what} got no answer within ${ms} ms: the server may be down or stuck; raise the request timeout if it is just slow`,
  );
}

const EXCERPT_CHARS = 120;

/**
 * A body as a short one-line excerpt: an HTML error page becomes its visible text (a
 * framework's 404 page is kilobytes of markup), anything else has its whitespace collapsed. The
 * whole body stays in the trace's HTTP frame.
 */
export function bodyExcerpt(body: string): string {
  let text = body;
  if (/^\s*<(!doctype|html|head|body|\?xml)/i.test(body) || /<\/(html|body|pre|h1|title)>/i.test(body)) {
    // The body's own words say more than a generic <title> ("Error"); the title is the fallback.
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1] ?? '';
    const visible = body.replace(/<(head|script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ');
    text = visible.trim() ? visible : title;
    text = text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

export function statusError(method: string, url: string, status: number, statusText: string, body: string): HttpTransportError {
  const excerpt = bodyExcerpt(body);
  return new HttpTransportError('status', `${method} ${url} was answered ${status} ${statusText}${excerpt ? ` (${excerpt})` : ''}`, status);
}

export function networkError(method: string, url: string, cause: unknown): HttpTransportError {
  const reason = describeCause(cause);
  return new HttpTransportError('network', `${method} ${url} failed: ${reason}; check that the server runs and the URL is right`);
}

export function sessionExpiredError(sessionId: string): HttpTransportError {
  return new HttpTransportError('session-expired', `the server no longer knows session ${sessionId} (404): re-initialize to start a new session`, 404);
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = (cause as { cause?: unknown }).cause;
  if (inner instanceof Error) {
    const code = (inner as { code?: string }).code;
    return code ? `${code} (${inner.message})` : inner.message;
  }
  return cause.message;
}
