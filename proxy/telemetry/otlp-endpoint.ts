/**
 * `--otlp URL`: the base address of an OTLP/HTTP receiver (a Collector, Jaeger, Tempo), as
 * OTEL_EXPORTER_OTLP_ENDPOINT names one: traces go to URL/v1/traces, metrics to URL/v1/metrics.
 */

export interface OtlpEndpoint {
  /** The base address as given (without a trailing slash), for messages. */
  base: string;
  traces: string;
  metrics: string;
}

/** The receiver's addresses, or a message that says what is wrong with `text`. */
export function parseOtlpEndpoint(text: string): OtlpEndpoint | string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `--otlp ${text} is not a URL: give the OTLP/HTTP receiver's base address, e.g. http://127.0.0.1:4318`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `--otlp must be an http or https URL (OTLP over HTTP), got ${url.protocol}`;
  if (url.search || url.hash) return `--otlp takes a base address without a query or fragment, got ${text}`;
  // A signal's own path given by mistake (…/v1/traces) still means its base.
  const base = url.href.replace(/\/v1\/(traces|metrics)\/?$/, '').replace(/\/$/, '');
  return { base, traces: `${base}/v1/traces`, metrics: `${base}/v1/metrics` };
}
