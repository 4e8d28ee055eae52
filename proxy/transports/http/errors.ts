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
  return new HttpTransportError('timeout', `${what} got no answer within ${ms} ms: the server may be down or stuck; raise the request timeout if it is just slow`);
}

export function statusError(method: string, url: string, status: number, statusText: string, body: string): HttpTransportError {
  const excerpt = body.length > 200 ? `${body.slice(0, 200)}…` : body;
  return new HttpTransportError('status', `${method} ${url} was answered ${status} ${statusText}${excerpt ? `: ${excerpt}` : ''}`, status);
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
