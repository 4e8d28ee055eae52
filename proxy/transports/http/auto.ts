/**
 * `auto` mode, as the spec's backwards-compatibility section describes: POST the `initialize`;
 * if the server answers 400, 404 or 405, it is an HTTP+SSE server: GET the URL for the stream
 * and its `endpoint` event, and send the `initialize` again there.
 */
import type { Frame } from '../../../lib/mcp/frame';
import type { RecordCrossing, SendOptions } from '../types';
import type { HttpTransport, SessionExpired } from './contract';
import { HttpTransportError } from './errors';
import { LegacySseTransport } from './legacy';
import type { ProbeReport } from './probes';
import type { MicroClock, ResolvedHttpOptions } from './options';
import { initializeId, tryParse } from './sniff';
import { StreamableHttpTransport } from './streamable';

const FALLBACK_STATUSES = [400, 404, 405];

export class AutoHttpTransport implements HttpTransport {
  onCrossing?: RecordCrossing;
  onMessage?: (frame: Frame, json: unknown) => void;
  onClosed?: (reason: string) => void;
  onSessionExpired?: (e: SessionExpired) => void;

  private current: StreamableHttpTransport | LegacySseTransport;
  private decided = false;

  constructor(
    private readonly url: string,
    private readonly custom: Record<string, string>,
    private readonly clock: MicroClock,
    private readonly opts: ResolvedHttpOptions,
  ) {
    this.current = this.adopt(new StreamableHttpTransport(url, custom, clock, opts));
  }

  get kind(): 'streamable' | 'sse' {
    return this.current.kind;
  }

  get expired(): boolean {
    return this.current.expired;
  }

  sessionId(): string | undefined {
    return this.current.sessionId();
  }

  resetSession(): void {
    this.current.resetSession();
  }

  probe(options: { timeoutMs?: number; protocolVersion?: string } = {}): Promise<ProbeReport> {
    return this.current.probe(options);
  }

  start(): Promise<void> {
    return this.current.start();
  }

  async send(text: string, options?: SendOptions): Promise<void> {
    if (this.decided) return this.current.send(text, options);
    try {
      await this.current.send(text, options);
      this.decided = true;
    } catch (e) {
      const status = e instanceof HttpTransportError && e.code === 'status' ? e.status : undefined;
      if (status === undefined || !FALLBACK_STATUSES.includes(status) || initializeId(tryParse(text)) === undefined) throw e;
      this.decided = true;
      this.current = this.adopt(new LegacySseTransport(this.url, this.custom, this.clock, this.opts));
      // The fallback is announced as a frame so the trace explains the second initialize.
      const raw = `POST initialize was answered ${status}: falling back to HTTP+SSE (2024-11-05)`;
      this.onCrossing?.({
        dir: 'local',
        lane: 'lifecycle',
        raw,
        size: raw.length,
        ts: this.clock.now(),
        meta: { transport: 'http', event: 'connect', fallback: 'sse', status },
      });
      try {
        await this.current.start();
      } catch (fallback) {
        // Both answers matter: the server may be a Streamable HTTP server that disliked the initialize.
        throw new HttpTransportError(
          (fallback as HttpTransportError).code ?? 'status',
          `${(e as Error).message}\nthe HTTP+SSE fallback failed too: ${(fallback as Error).message}`,
          status,
        );
      }
      await this.current.send(text);
    }
  }

  close(): Promise<void> {
    return this.current.close();
  }

  private adopt<T extends StreamableHttpTransport | LegacySseTransport>(t: T): T {
    t.onCrossing = (c) => this.onCrossing?.(c);
    t.onMessage = (frame, json) => this.onMessage?.(frame, json);
    t.onClosed = (reason) => this.onClosed?.(reason);
    t.onSessionExpired = (e) => this.onSessionExpired?.(e);
    return t;
  }
}
