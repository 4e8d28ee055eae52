/**
 * A WebSocket client that speaks to the proxy exactly as the page does (lib/wire/protocol), for
 * measurements: requests carry a `rid` and their replies are awaited by it; frames of a session
 * are counted as they arrive.
 */
import WebSocket from 'ws';
import type { PageMessage, ProxyMessage } from '../../lib/wire/protocol';

type Reply = Extract<ProxyMessage, { type: 'ack' | 'request/result' }>;
type Hello = Extract<ProxyMessage, { type: 'hello' }>;
/** Omit applied to each member of the union, so the discriminant still narrows. */
type WithoutRid<T> = T extends unknown ? Omit<T, 'rid'> : never;

export class PageClient {
  private nextRid = 1;
  private readonly replies = new Map<string, (m: ProxyMessage) => void>();
  private frameListeners = new Set<(sessionId: string, count: number, lastSeq: number) => void>();
  private summaryListeners = new Set<(m: Extract<ProxyMessage, { type: 'sessions/update' }>) => void>();
  readonly hello: Promise<Hello>;
  private readonly snapshotEnd = new Map<string, number>();
  private snapshotWaiters: Array<() => void> = [];
  /** The latest summary of each session, from `sessions/update`. */
  private readonly summaries = new Map<string, Extract<ProxyMessage, { type: 'sessions/update' }>['sessions'][number]>();

  private constructor(private readonly ws: WebSocket) {
    let gotHello!: (h: Hello) => void;
    this.hello = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the proxy sent no hello within 30 s')), 30_000);
      timer.unref();
      gotHello = (h) => {
        clearTimeout(timer);
        resolve(h);
      };
    });
    // Nobody may be waiting on hello yet; a late rejection must not crash the process.
    this.hello.catch(() => undefined);
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as ProxyMessage;
      switch (m.type) {
        case 'hello':
          return gotHello(m);
        case 'ack':
        case 'request/result': {
          const waiter = this.replies.get(m.rid);
          this.replies.delete(m.rid);
          return waiter?.(m);
        }
        case 'frames/snapshot':
          // The snapshot is whole with its last chunk.
          if (!m.more) {
            this.snapshotEnd.set(m.sessionId, m.endSeq);
            for (const fn of this.snapshotWaiters.splice(0)) fn();
          }
          return this.frames(m.sessionId, m.frames);
        case 'frames/append':
          return this.frames(m.sessionId, m.frames);
        case 'sessions/update':
          for (const s of m.sessions) this.summaries.set(s.id, s);
          for (const fn of this.summaryListeners) fn(m);
          return;
        default: {
          // Any other answer to a request (`history/window`, an `error` naming its rid, …).
          const rid = 'rid' in m && typeof m.rid === 'string' ? m.rid : undefined;
          const waiter = rid === undefined ? undefined : this.replies.get(rid);
          if (!waiter || rid === undefined) return;
          this.replies.delete(rid);
          return waiter(m);
        }
      }
    });
  }

  /** `url` is the one `loupe start` prints (it carries the token). */
  static async connect(url: string): Promise<PageClient> {
    const page = new URL(url);
    const ws = new WebSocket(`ws://${page.host}/ws?token=${page.searchParams.get('token')}`, { headers: { Origin: page.origin } });
    // Listen before the socket opens: `hello` can arrive in the same read as the upgrade.
    const client = new PageClient(ws);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no WebSocket connection to ${page.host} within 30 s`)), 30_000);
      ws.once('open', () => {
        clearTimeout(timer);
        resolve();
      });
      ws.once('error', reject);
    });
    return client;
  }

  /** Sends a page message with a fresh rid and resolves with its ack or result. */
  call(msg: WithoutRid<PageMessage>, timeoutMs = 60_000): Promise<Reply> {
    return this.ask(msg, timeoutMs) as Promise<Reply>;
  }

  /** Sends a page message with a fresh rid and resolves with whatever answers it by that rid. */
  ask(msg: WithoutRid<PageMessage>, timeoutMs = 60_000): Promise<ProxyMessage> {
    const rid = `b${this.nextRid++}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.replies.delete(rid);
        reject(new Error(`no reply to ${msg.type} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.replies.set(rid, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
      this.ws.send(JSON.stringify({ ...msg, rid }));
    });
  }

  private frames(sessionId: string, frames: Array<{ seq: number }>): void {
    const last = frames.at(-1)?.seq ?? 0;
    for (const fn of this.frameListeners) fn(sessionId, frames.length, last);
  }

  /** Attaches to a session and resolves with the last seq of its snapshot, once all of it came. */
  async attach(sessionId: string): Promise<number> {
    this.snapshotEnd.delete(sessionId);
    await this.call({ type: 'session/attach', sessionId });
    const deadline = Date.now() + 30_000;
    while (!this.snapshotEnd.has(sessionId)) {
      if (Date.now() > deadline) throw new Error(`no snapshot of session ${sessionId} within 30 s`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, 1000);
        this.snapshotWaiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
    return this.snapshotEnd.get(sessionId)!;
  }

  onFrames(fn: (sessionId: string, count: number, lastSeq: number) => void): () => void {
    this.frameListeners.add(fn);
    return () => this.frameListeners.delete(fn);
  }

  /** Resolves once the session reports `ready` (or rejects when it failed). */
  ready(sessionId: string, timeoutMs = 30_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`session ${sessionId} not ready within ${timeoutMs} ms`)), timeoutMs);
      const done = (err?: Error) => {
        clearTimeout(timer);
        this.summaryListeners.delete(listener);
        if (err) reject(err);
        else resolve();
      };
      const check = () => {
        const s = this.summaries.get(sessionId);
        if (s?.status === 'ready') done();
        else if (s && (s.status === 'failed' || s.status === 'closed')) done(new Error(`session ${sessionId} ${s.status}: ${s.error ?? ''}`));
      };
      const listener = () => check();
      this.summaryListeners.add(listener);
      check();
    });
  }

  /** The session's status as its latest summary says (`ready`, `closed`, `failed`…). */
  statusOf(sessionId: string): string | undefined {
    return this.summaries.get(sessionId)?.status;
  }

  close(): void {
    this.ws.close();
  }
}
