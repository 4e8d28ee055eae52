/**
 * Everything shared between the sockets of one server: the set of open pages, and the
 * broadcasts that every page gets (session summaries, the connection list).
 */
import type { ProxyMessage } from '../../lib/wire/protocol';
import type { ConnectionStore } from '../config/store';
import type { LiveSession, SessionRegistry } from '../sessions/types';
import type { TapWatcher } from '../tap/tap-watcher';
import type { SessionStore } from '../store/store';

/** Summaries change with every frame (lastSeq): coalesce them to a few updates per second. */
const SUMMARY_COALESCE_MS = 50;

export interface HubMember {
  send(msg: ProxyMessage): void;
  dropSession(id: string): void;
}

export class PageHub {
  readonly members = new Set<HubMember>();
  private watched = new Map<string, () => void>();
  private timer: NodeJS.Timeout | undefined;
  private offRegistry: () => void;

  private offTaps?: () => void;
  /** Where MCP Apps run (app-sandbox.ts), told to every page in its hello. */
  appSandboxPort?: number;

  constructor(
    readonly registry: SessionRegistry,
    readonly store: ConnectionStore,
    readonly taps?: TapWatcher,
    /** The sessions on disk, for the page's History. */
    readonly sessionStore?: SessionStore,
  ) {
    this.offTaps = taps?.onChange((list) => this.broadcast({ type: 'taps/update', taps: list }));
    this.offRegistry = registry.onChange((sessions) => {
      this.watch(sessions);
      this.sessionsChanged();
    });
    this.watch(registry.list());
  }

  summaries() {
    return this.registry.list().map((s) => s.summary());
  }

  broadcast(msg: ProxyMessage): void {
    for (const m of this.members) m.send(msg);
  }

  broadcastConnections(): void {
    this.broadcast({ type: 'connections/update', connections: this.store.listMasked() });
  }

  sessionsChanged(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.broadcast({ type: 'sessions/update', sessions: this.summaries() });
    }, SUMMARY_COALESCE_MS);
  }

  /** Every page lets go of the session, then the registry drops it. */
  forget(id: string): void {
    for (const m of this.members) m.dropSession(id);
    this.registry.forget(id);
    this.sessionsChanged();
  }

  stop(): void {
    this.offRegistry();
    this.offTaps?.();
    this.taps?.stop();
    for (const off of this.watched.values()) off();
    this.watched.clear();
    clearTimeout(this.timer);
  }

  private watch(sessions: LiveSession[]): void {
    const live = new Set(sessions.map((s) => s.id));
    for (const [id, off] of this.watched) {
      if (!live.has(id)) {
        off();
        this.watched.delete(id);
      }
    }
    for (const s of sessions) {
      if (!this.watched.has(s.id))
        this.watched.set(
          s.id,
          s.on('summary', () => this.sessionsChanged()),
        );
    }
  }
}
