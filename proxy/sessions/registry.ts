/**
 * The proxy's sessions. A session nobody watches is closed after a keep-alive, so a page that
 * reloads or reconnects finds it again; its frames stay until forget().
 */
import { randomBytes } from 'node:crypto';
import type { Connection } from '../../lib/wire/connection';
import type { OpenOptions } from '../../lib/wire/protocol';
import type { Session } from './session';
import { createSession, sourceOf, type SessionConfig, type SessionSource } from './sources';
import type { LiveSession, SessionRegistry } from './types';

export interface RegistryOptions {
  /** How long a session with no page attached stays open. Default 10 minutes. */
  keepAliveMs?: number;
  session?: SessionConfig;
}

interface Entry {
  session: Session;
  attached: number;
  timer?: ReturnType<typeof setTimeout>;
}

export class Registry implements SessionRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<(sessions: LiveSession[]) => void>();
  private changeQueued = false;
  private readonly keepAliveMs: number;

  constructor(private readonly options: RegistryOptions = {}) {
    this.keepAliveMs = options.keepAliveMs ?? 10 * 60_000;
  }

  open(connection: Connection, options: OpenOptions): LiveSession {
    return this.openSource(sourceOf(connection, options));
  }

  /** Builds the session for any source kind (launched, url, tap) and starts it in the background. */
  openSource(source: SessionSource): Session {
    const id = `s-${randomBytes(6).toString('hex')}`;
    const session = createSession(id, source, this.options.session);
    const entry: Entry = { session, attached: 0 };
    this.entries.set(id, entry);
    session.on('summary', () => this.changed());
    this.armKeepAlive(entry);
    void session.start();
    this.changed();
    return session;
  }

  get(id: string): LiveSession | undefined {
    return this.entries.get(id)?.session;
  }

  list(): LiveSession[] {
    return [...this.entries.values()].map((e) => e.session);
  }

  attach(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    e.attached++;
    clearTimeout(e.timer);
    e.timer = undefined;
    e.session.setAttached(e.attached);
  }

  detach(id: string): void {
    const e = this.entries.get(id);
    if (!e || e.attached === 0) return;
    e.attached--;
    e.session.setAttached(e.attached);
    if (e.attached === 0) this.armKeepAlive(e);
  }

  forget(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    clearTimeout(e.timer);
    this.entries.delete(id);
    // Forgetting a running session must not leave its process behind.
    void e.session.close();
    this.changed();
  }

  async closeAll(): Promise<void> {
    for (const e of this.entries.values()) clearTimeout(e.timer);
    await Promise.all([...this.entries.values()].map((e) => e.session.close()));
  }

  onChange(fn: (sessions: LiveSession[]) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private armKeepAlive(e: Entry): void {
    clearTimeout(e.timer);
    e.timer = setTimeout(() => {
      e.timer = undefined;
      void e.session.close();
    }, this.keepAliveMs);
    // The keep-alive alone must not hold the proxy open.
    e.timer.unref?.();
  }

  /** Coalesced: one notification per turn however many summaries changed. */
  private changed(): void {
    if (this.changeQueued) return;
    this.changeQueued = true;
    setImmediate(() => {
      this.changeQueued = false;
      const sessions = this.list();
      for (const fn of this.listeners) fn(sessions);
    });
  }
}

export function createSessionRegistry(options: RegistryOptions = {}): SessionRegistry {
  return new Registry(options);
}
