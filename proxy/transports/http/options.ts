import type { OAuthStep } from '../../../lib/mcp/frame';

/** Knobs of the HTTP transports. Every wait has a bound so nothing can hang the session or the proxy. */

/** Microseconds on the session clock; structurally the same as the session's clock. */
export interface MicroClock {
  now(): number;
}

export interface HttpTransportOptions {
  /** How long any request may wait for its response headers, and a JSON body for its end. */
  requestTimeoutMs?: number;
  /** How long connecting may take: the legacy `endpoint` event, or the fallback in `auto` mode. */
  connectTimeoutMs?: number;
  /** An SSE stream that sends no bytes for this long is treated as stalled and resumed. */
  streamIdleTimeoutMs?: number;
  /** Reconnections in a row (without a new event between them) before a stream is given up. */
  maxReconnects?: number;
  /** Wait before reconnecting a stream when the server sent no `retry` field. */
  defaultRetryMs?: number;
  /** The DELETE on close waits at most this long. */
  closeTimeoutMs?: number;
  /** Credentials for a server that refuses with 401 or 403 (OAuth): asked for headers before
   *  each request, told about each refusal. */
  auth?: HttpAuth;
}

export type ResolvedHttpOptions = Required<Omit<HttpTransportOptions, 'auth'>> & { auth?: HttpAuth };

/** One HTTP request made on the transport's behalf (OAuth discovery, registration, token), recorded
 *  as an exchange in the session like the transport's own. */
export interface SideRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Which step of the OAuth chain it is, kept in the exchange's frames. */
  step: OAuthStep;
}

export interface SideResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export type RecordedFetch = (req: SideRequest) => Promise<SideResponse>;

/** What a transport tells its credential source when the server refuses a request. */
export interface Refusal {
  status: number;
  url: string;
  wwwAuthenticate?: string;
  /** Makes a recorded request (the session's trace shows the whole chain). */
  fetch: RecordedFetch;
}

/** The small interface between a transport and an OAuth client (proxy/oauth). */
export interface HttpAuth {
  /** Headers for the next request: usually `Authorization: Bearer …`, or none yet. */
  headers(): Record<string, string>;
  /** The server refused a request; resolves true when a new credential is ready and the request
   *  should be sent again, false to give up (the refusal then ends the request as an error). */
  refused(r: Refusal): Promise<boolean>;
}

export const HTTP_DEFAULTS: Required<Omit<HttpTransportOptions, 'auth'>> = {
  requestTimeoutMs: 30_000,
  connectTimeoutMs: 10_000,
  streamIdleTimeoutMs: 300_000,
  maxReconnects: 5,
  defaultRetryMs: 1_000,
  closeTimeoutMs: 3_000,
};

export function resolveHttpOptions(o: HttpTransportOptions | undefined): ResolvedHttpOptions {
  const out: ResolvedHttpOptions = { ...HTTP_DEFAULTS, ...(o?.auth ? { auth: o.auth } : {}) };
  for (const key of Object.keys(HTTP_DEFAULTS) as (keyof typeof HTTP_DEFAULTS)[]) {
    const v = o?.[key];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) out[key] = v;
  }
  return out;
}
