/**
 * `--otlp URL`, shared by `loupe start`, `loupe record` and `loupe tap`: the OTLP/HTTP receiver
 * that every session's spans and metrics are streamed to as they happen (docs/opentelemetry.md).
 */
import { parseOtlpEndpoint, type OtlpEndpoint } from '../../../lib/wire/otlp-endpoint';
import { UsageError } from './args';

export const OTLP_FLAG = { otlp: { type: 'string' } } as const;

export const OTLP_USAGE = `  --otlp URL                  stream each session's spans and metrics, live, to this OTLP/HTTP
                              receiver (a Collector, Jaeger, Tempo), e.g. http://127.0.0.1:4318;
                              see docs/opentelemetry.md`;

/** The receiver `--otlp` names, checked (undefined without the flag). */
export function otlpOption(value: string | undefined): OtlpEndpoint | undefined {
  if (value === undefined) return undefined;
  const endpoint = parseOtlpEndpoint(value);
  if (typeof endpoint === 'string') throw new UsageError(`--otlp: ${endpoint}`);
  return endpoint;
}
