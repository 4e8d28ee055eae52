/**
 * The receivers the dashboard's sessions are streamed to: the one `loupe start --otlp` names, and
 * any that a connection's client settings name (which wins for that connection's sessions). Each is
 * started once, when a session first needs it, so a dashboard that exports nothing loads nothing.
 */
import { parseOtlpEndpoint, type OtlpEndpoint } from '../../lib/wire/otlp-endpoint';
import type { LiveSession } from '../sessions/types';
import type { OtlpExport, OtlpExportOptions } from './otlp-export';
import { startOtlpExport } from './start-otlp';

export class OtlpReceivers {
  private readonly started = new Map<string, Promise<OtlpExport>>();

  constructor(
    private readonly fallback: OtlpEndpoint | undefined,
    private readonly warn: (text: string) => void,
    private readonly options: Partial<OtlpExportOptions> = {},
  ) {}

  /** The export a session goes to; undefined when it goes nowhere. */
  for(session: LiveSession): Promise<OtlpExport> | undefined {
    const own = session.connection.options?.settings?.otlpUrl;
    const parsed = own === undefined ? undefined : parseOtlpEndpoint(own);
    const endpoint = parsed !== undefined && typeof parsed !== 'string' ? parsed : this.fallback;
    if (!endpoint) return undefined;
    let started = this.started.get(endpoint.base);
    if (!started) this.started.set(endpoint.base, (started = startOtlpExport(endpoint, this.warn, this.options)));
    return started;
  }

  /** Waits for every receiver's last batches (each within its limit). */
  async shutdown(): Promise<void> {
    await Promise.all([...this.started.values()].map(async (started) => (await started).shutdown()));
  }
}
