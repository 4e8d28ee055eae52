/**
 * Requests the server sends to the client. `ping` is answered at once; sampling, elicitation and
 * roots wait for the person in the page; the tasks/* requests go to the page too when the client
 * declared `tasks` (the page runs the tasks it accepted); anything else gets -32601 (JSON-RPC
 * "method not found").
 */
import type { PendingServerRequest } from '../../lib/wire/protocol';

export const ASKS_THE_PERSON = new Set(['sampling/createMessage', 'elicitation/create', 'roots/list']);

const TASK_REQUESTS = new Set(['tasks/get', 'tasks/result', 'tasks/list', 'tasks/cancel']);

/** Whether the page answers this server request (otherwise the proxy does). */
export function answeredInPage(method: string, clientCapabilities: Record<string, unknown>): boolean {
  const tasks = clientCapabilities.tasks;
  return ASKS_THE_PERSON.has(method) || (TASK_REQUESTS.has(method) && typeof tasks === 'object' && tasks !== null);
}

export type Id = string | number;

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
