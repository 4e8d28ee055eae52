/** The HTTP transports behind one factory, chosen by the connection's `mode`. */
import type { HttpConnection } from '../../../lib/wire/connection';
import { AutoHttpTransport } from './auto';
import type { HttpTransport } from './contract';
import { LegacySseTransport } from './legacy';
import { resolveHttpOptions, type HttpTransportOptions, type MicroClock } from './options';
import { StreamableHttpTransport } from './streamable';

export type { HttpTransport, SessionExpired } from './contract';
export type { HttpTransportOptions, MicroClock, HttpAuth, Refusal, RecordedFetch } from './options';
export type { ProbeFinding } from './probes';

export function createHttpTransport(
  connection: Pick<HttpConnection, 'url' | 'headers' | 'mode' | 'timeouts'>,
  clock: MicroClock,
  options?: HttpTransportOptions,
): HttpTransport {
  const url = new URL(connection.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${connection.url} is not an http(s) URL`);
  // The connection's own timeouts win over the proxy-wide ones.
  const t = connection.timeouts ?? {};
  const opts = resolveHttpOptions({
    ...options,
    ...defined({ requestTimeoutMs: t.requestMs, connectTimeoutMs: t.connectMs, streamIdleTimeoutMs: t.streamIdleMs }),
  });
  const headers = { ...connection.headers };
  switch (connection.mode ?? 'auto') {
    case 'streamable':
      return new StreamableHttpTransport(url.href, headers, clock, opts);
    case 'sse':
      return new LegacySseTransport(url.href, headers, clock, opts);
    case 'auto':
      return new AutoHttpTransport(url.href, headers, clock, opts);
  }
}

function defined<T extends Record<string, number | undefined>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
