/**
 * The server's requests that wait for a person (sampling, elicitation), keyed so any page can
 * answer one. Which requests wait here is decided by client/routing.ts.
 */
import type { PendingServerRequest } from '../../lib/wire/protocol';

export type Id = string | number;

/** What the client sends back to a server request: a result or an error. */
export type Answer = { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } };

export interface Waiting extends PendingServerRequest {
  id: Id;
}

/**
 * How many of a server's requests may wait for a person at once. A person answers a few; a server
 * that sends thousands would otherwise grow the proxy's memory, and every page's list, without
 * limit. Past it a request is answered at once with an error that says why.
 */
export const MAX_WAITING = 64;

export class ServerRequestQueue {
  private readonly waiting = new Map<string, Waiting>();
  private counter = 0;

  constructor(private readonly sessionId: string) {}

  /** Whether one more request can wait; when not, the caller answers it with `fullError()`. */
  hasRoom(): boolean {
    return this.waiting.size < MAX_WAITING;
  }

  fullError(method: string): NonNullable<Answer['error']> {
    return { code: -32603, message: `Loupe already holds ${MAX_WAITING} requests waiting for a person; ${method} was not shown. Answer or cancel some first.` };
  }

  add(id: Id, method: string, params: unknown, seq: number | undefined): Waiting {
    const key = `${this.sessionId}:${++this.counter}`;
    const w: Waiting = { key, sessionId: this.sessionId, method, params: params ?? null, receivedAt: Date.now(), id };
    if (seq !== undefined) w.seq = seq;
    this.waiting.set(key, w);
    return w;
  }

  take(key: string): Waiting | undefined {
    const w = this.waiting.get(key);
    this.waiting.delete(key);
    return w;
  }

  /** The server cancelled one of its requests (notifications/cancelled): it no longer waits. */
  dropById(id: unknown): boolean {
    for (const [key, w] of this.waiting) {
      if (w.id === id) return this.waiting.delete(key);
    }
    return false;
  }

  clear(): void {
    this.waiting.clear();
  }

  list(): PendingServerRequest[] {
    return [...this.waiting.values()].map(({ id: _id, ...rest }) => rest);
  }
}
