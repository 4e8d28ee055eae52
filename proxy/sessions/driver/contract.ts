/**
 * What a session and its client driver agree on: how the driver is configured, what it reports
 * to the session it drives, and the events it emits.
 */
import type { ClientSettings } from '../../../lib/wire/connection';
import type { PendingServerRequest, SessionSummary } from '../../../lib/wire/protocol';

export interface DriverConfig {
  /** Default for requests that give no timeout. Default 60 s. */
  requestTimeoutMs?: number;
  /** How long the server may take to answer `initialize`. Default the session's request timeout
   *  (the analyser judges the handshake by it too, so the banner and Annotations agree). */
  initializeTimeoutMs?: number;
  /** How long a dual-era probe (server/discover) waits before taking silence for a legacy server. Default 10 s. */
  discoverTimeoutMs?: number;
  /** The connection's client settings: timeouts, `_meta` on every request, list refresh. */
  settings?: ClientSettings;
}

/** What the driver reports to the session it drives. */
export interface DriverHost {
  update(patch: Partial<SessionSummary>): void;
  status(): SessionSummary['status'];
  /** What the server declared in the handshake (its offer). */
  serverCapabilities(): Record<string, unknown> | undefined;
  /** The session is closing or over: a late handshake result must not change it. */
  over(): boolean;
}

export interface DriverEvents {
  /** The set of server requests waiting for the person changed. */
  pending: (p: PendingServerRequest[]) => void;
}
