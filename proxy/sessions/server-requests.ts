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

export class ServerRequestQueue {
  private readonly waiting = new Map<string, Waiting>();
  private counter = 0;

  constructor(private readonly sessionId: string) {}

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
