/** What an HTTP transport adds to WireTransport: the session id it holds and its expiry. */
import type { WireTransport } from '../types';
import type { ProbeReport } from './probes';

export interface SessionExpired {
  /** The session id the server no longer knows. */
  sessionId: string;
  url: string;
  /** The seq of the request frame that got the 404. */
  exchange: number;
}

export interface HttpTransport extends WireTransport {
  /** `streamable` or `sse`; in `auto` mode it is `streamable` until the fallback happens. */
  readonly kind: 'streamable' | 'sse';
  /** The `Mcp-Session-Id` the server assigned, if any. */
  sessionId(): string | undefined;
  /** True after the server answered 404 to a request with our session id. */
  readonly expired: boolean;
  /** Called once when the session expires; the session shows it and offers to re-initialize. */
  onSessionExpired?: (e: SessionExpired) => void;
  /** Forgets the session id and version so that the next `initialize` starts a new session. */
  resetSession(): void;
  /** Runs the active probes against this connection's URL and headers; their frames are
   *  recorded through `onCrossing` like the session's own, so they land in the same trace. */
  probe(options?: { timeoutMs?: number; protocolVersion?: string }): Promise<ProbeReport>;
}
