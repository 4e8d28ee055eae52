/**
 * Starts the live export. The OpenTelemetry SDK is loaded here, only when `--otlp` asks for it:
 * a command without it (a host's `loupe tap`, started in front of every server) loads none of it.
 */
import type { OtlpEndpoint } from '../../lib/wire/otlp-endpoint';
import type { OtlpExport, OtlpExportOptions } from './otlp-export';

export async function startOtlpExport(endpoint: OtlpEndpoint, warn: (text: string) => void, options: Partial<OtlpExportOptions> = {}): Promise<OtlpExport> {
  const { OtlpExport } = await import('./otlp-export');
  return new OtlpExport({ ...options, endpoint, warn });
}
