/**
 * Where a session's bytes come from, and how each kind of source becomes a Session. The
 * Registry knows only the SessionFactory interface: a new source kind (a tap, a file) is a new
 * factory, not a branch inside Session.
 */
import type { HttpConnection, StdioConnection, Connection } from '../../lib/wire/connection';
import type { OpenOptions } from '../../lib/wire/protocol';
import { sessionTimeoutMs } from '../../lib/client/request-settings';
import { createHttpTransport, type HttpTransport } from '../transports/http';
import type { TransportOptions } from '../transports';
import { StdioTransport } from '../transports/stdio';
import type { WireTransport } from '../transports/types';
import type { DriverConfig } from './client-driver';
import { WireRecording } from './wire-recording';
import { SourceRecording, type FrameSource } from './frame-source';
import { SessionBudget } from './budget';
import { Session } from './session';
import { PAGE_AUTHORIZE_TIMEOUT_MS, PageAuth, type PageOAuthConfig } from '../oauth/page-auth';
import { storedHeader, type SessionStore } from '../store/store';
import type { StoredSource } from '../store/layout';
import { describeTarget } from '../../lib/trace/target';
import { redactionInputs } from '../../lib/trace/redaction-inputs';
import type { OpenDisk } from './recording';

/** A server Loupe starts and talks to over stdio. */
export interface LaunchedSource {
  kind: 'launched';
  connection: StdioConnection;
  options: OpenOptions;
}

/** A server Loupe reaches by URL (Streamable HTTP or HTTP+SSE). */
export interface UrlSource {
  kind: 'url';
  connection: HttpConnection;
  options: OpenOptions;
}

/** Traffic between two other peers: Loupe only records it (no client, nothing is written). */
export interface TapSource {
  kind: 'tap';
  /** Describes the tapped server (its name and transport) for the session list and exports. */
  connection: Connection;
  /** The frames the tap recorded, as it numbered them (not a transport: nothing is sent). */
  frames: () => FrameSource;
}

export type SessionSource = LaunchedSource | UrlSource | TapSource;

export interface SessionConfig extends DriverConfig {
  transport?: TransportOptions;
  /** Bytes of frame text a session keeps before it records metadata only (see budget.ts). */
  budgetBytes?: number;
  /** Sessions opened by URL answer a 401 with OAuth, authorized by a person in the page. */
  oauth?: PageOAuthConfig;
  /** Where every session Loupe runs is written as it is recorded; without one, nothing is stored. */
  store?: SessionStore;
  /** How the stored session says it came to be (`loupe record` says `record`); else by its source. */
  storedAs?: StoredSource;
  /**
   * Frames written to the store are let go rather than also held in memory for pages (recorder.ts):
   * for a headless session that no page attaches to, whose memory then does not grow with it. Its
   * `frames()` stays empty; listeners still get every frame as it is recorded.
   */
  framesOnDiskOnly?: boolean;
}

/** The disk copy of a session Loupe runs (launched or by URL), when the config has a store. */
function diskFor(config: SessionConfig, kind: 'launched' | 'url', connection: Connection): OpenDisk | undefined {
  const store = config.store;
  if (!store) return undefined;
  return (startedAt) => {
    const timeout = sessionTimeoutMs(connection.options?.settings, config.requestTimeoutMs);
    try {
      return store.create({
        source: config.storedAs ?? kind,
        startedAt,
        header: storedHeader(describeTarget(connection), startedAt, 'live', timeout),
        secrets: redactionInputs(connection),
      });
    } catch (e) {
      store.onNotice(`the session with ${connection.name} is not stored on disk: ${(e as Error).message}`);
      return undefined;
    }
  };
}

export interface SessionFactory<S extends SessionSource = SessionSource> {
  readonly kind: S['kind'];
  create(id: string, source: S, config: SessionConfig): Session;
}

export const launchedFactory: SessionFactory<LaunchedSource> = {
  kind: 'launched',
  create(id, source, config) {
    const recording = new WireRecording(
      'launched',
      (clock) => new StdioTransport(source.connection, clock, config.transport),
      new SessionBudget(config.budgetBytes),
      diskFor(config, 'launched', source.connection),
      config.framesOnDiskOnly,
    );
    return new Session({ id, connection: source.connection, recording, client: { options: source.options, config } });
  },
};

/**
 * One wait for a request: an HTTP response the connection sets no timeout for (`timeouts.requestMs`,
 * which createHttpTransport applies over these) may take as long as the session's client waits for
 * the answer it carries, so a tool that runs 45 s and answers in one JSON body is not cut off by a
 * shorter transport default.
 */
export function urlTransportOptions(connection: HttpConnection, config: SessionConfig, auth?: PageAuth): TransportOptions {
  const wait = sessionTimeoutMs(connection.options?.settings, config.requestTimeoutMs);
  return { requestTimeoutMs: wait, ...config.transport, ...(auth ? { auth } : {}) };
}

export const urlFactory: SessionFactory<UrlSource> = {
  kind: 'url',
  create(id, source, config) {
    let http: HttpTransport | undefined;
    const oauth = config.oauth ? new PageAuth(id, source.connection.url, config.oauth) : undefined;
    const transport = urlTransportOptions(source.connection, config, oauth);
    // The handshake's initialize waits while a person authorizes in the browser; a silent server
    // still fails fast, on the transport's own response timeout.
    const driverConfig = oauth
      ? {
          ...config,
          initializeTimeoutMs: Math.max(config.initializeTimeoutMs ?? 30_000, (config.oauth?.authorizeTimeoutMs ?? PAGE_AUTHORIZE_TIMEOUT_MS) + 30_000),
        }
      : config;
    const recording = new WireRecording(
      'url',
      (clock) => {
        try {
          return (http = createHttpTransport(source.connection, clock, transport));
        } catch (e) {
          // A URL that is not http(s): start() fails with why, like any other failure to connect.
          return failingTransport(e as Error);
        }
      },
      new SessionBudget(config.budgetBytes),
      diskFor(config, 'url', source.connection),
      config.framesOnDiskOnly,
    );
    return new Session({
      id,
      connection: source.connection,
      recording,
      client: { options: source.options, config: driverConfig },
      ...(http ? { http } : {}),
      ...(oauth ? { oauth } : {}),
    });
  },
};

export const tapFactory: SessionFactory<TapSource> = {
  kind: 'tap',
  create(id, source, config) {
    return new Session({ id, connection: source.connection, recording: new SourceRecording('tap', source.frames, new SessionBudget(config.budgetBytes)) });
  },
};

function failingTransport(error: Error): WireTransport {
  return { start: () => Promise.reject(error), send: () => Promise.reject(error), close: async () => {} };
}

/** The source a saved connection opens: stdio servers are launched, HTTP ones reached by URL. */
export function sourceOf(connection: Connection, options: OpenOptions): LaunchedSource | UrlSource {
  return connection.transport === 'stdio' ? { kind: 'launched', connection, options } : { kind: 'url', connection, options };
}

export const FACTORIES: { [K in SessionSource['kind']]: SessionFactory<Extract<SessionSource, { kind: K }>> } = {
  launched: launchedFactory,
  url: urlFactory,
  tap: tapFactory,
};

/** Builds the session for a source with the factory of its kind. */
export function createSession(id: string, source: SessionSource, config: SessionConfig = {}): Session {
  const factory = FACTORIES[source.kind] as SessionFactory;
  return factory.create(id, source, config);
}

/** The session a saved connection opens (its source is launched or url). */
export function sessionFor(id: string, connection: Connection, options: OpenOptions, config: SessionConfig = {}): Session {
  return createSession(id, sourceOf(connection, options), config);
}
