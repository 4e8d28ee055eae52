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
}

export type ResolvedHttpOptions = Required<HttpTransportOptions>;

export const HTTP_DEFAULTS: ResolvedHttpOptions = {
  requestTimeoutMs: 30_000,
  connectTimeoutMs: 10_000,
  streamIdleTimeoutMs: 300_000,
  maxReconnects: 5,
  defaultRetryMs: 1_000,
  closeTimeoutMs: 3_000,
};

export function resolveHttpOptions(o: HttpTransportOptions | undefined): ResolvedHttpOptions {
  const out = { ...HTTP_DEFAULTS };
  for (const key of Object.keys(HTTP_DEFAULTS) as (keyof ResolvedHttpOptions)[]) {
    const v = o?.[key];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) out[key] = v;
  }
  return out;
}
