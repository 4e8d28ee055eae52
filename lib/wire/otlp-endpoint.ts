/**
 * Where live OpenTelemetry data goes: the base address of an OTLP/HTTP receiver (a Collector,
 * Jaeger, Tempo), as OTEL_EXPORTER_OTLP_ENDPOINT names one: traces go to URL/v1/traces, metrics to
 * URL/v1/metrics. Given as `--otlp URL` on the command line or in a connection's client settings.
 */

export interface OtlpEndpoint {
  /** The base address as given (without a trailing slash), for messages. */
  base: string;
  traces: string;
  metrics: string;
}

/** The receiver's addresses, or a message that says what is wrong with `text`. */
export function parseOtlpEndpoint(text: string): OtlpEndpoint | string {
  const trimmed = text.trim();
  // `localhost:4318` parses as a URL of scheme `localhost:`: say what was meant.
  if (/^[^/:]+:\d+(\/|$)/.test(trimmed)) return `the receiver's address needs its scheme: http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return `${JSON.stringify(text)} is not a URL: give the OTLP/HTTP receiver's base address, e.g. http://127.0.0.1:4318`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `the receiver must be reached by http or https (OTLP over HTTP), not ${url.protocol}//`;
  if (url.search || url.hash) return `give the receiver's base address without a query or fragment, not ${text}`;
  // A signal's own path given by mistake (…/v1/traces) still means its base.
  const base = url.href.replace(/\/v1\/(traces|metrics)\/?$/, '').replace(/\/$/, '');
  return { base, traces: `${base}/v1/traces`, metrics: `${base}/v1/metrics` };
}
