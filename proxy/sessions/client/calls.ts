/**
 * The calls a page asked Loupe's client to make, held in the session: each has an id the page
 * can name to cancel it, its progress as it arrives, and its outcome. Whoever watches, and after
 * a reload, sees the same calls; Cancel works from any page.
 */
import { pruneCalls } from '../../../lib/client/client-state';
import type { CallError, CallState } from '../../../lib/wire/client-state';
import type { CallPolicy, RequestOptions } from '../types';
import type { ClientStateHolder } from './state-holder';

export type { CallPolicy };

export type Requester = (method: string, params: Record<string, unknown> | undefined, opts: RequestOptions) => Promise<unknown>;

export class Calls {
  private next = 1;
  private readonly controllers = new Map<string, AbortController>();

  constructor(private readonly holder: ClientStateHolder, private readonly request: Requester, private readonly onDone: (call: CallState) => void) {}

  /** Starts a call; `done` settles with its final state (never rejects). */
  start(method: string, params: Record<string, unknown> | undefined, policy: CallPolicy = {}): { id: string; done: Promise<CallState> } {
    const id = `c${this.next++}`;
    const startedAt = Date.now();
    const controller = new AbortController();
    this.controllers.set(id, controller);
    this.put({ id, method, ...(params ? { params } : {}), startedAt, status: 'running' });
    const done = this.request(method, params, {
      ...policy,
      signal: controller.signal,
      onProgress: (progress) => this.update(id, (c) => ({ ...c, progress: defined(progress) })),
    }).then(
      (result) => this.finish(id, { status: 'done', result, ms: Date.now() - startedAt }),
      (e: unknown) => this.finish(id, { status: 'failed', error: callError(e), ms: Date.now() - startedAt }),
    );
    return { id, done };
  }

  /** Stops waiting for a running call and tells the server (notifications/cancelled). */
  cancel(id: string): void {
    const controller = this.controllers.get(id);
    if (!controller) throw new Error(`no call "${id}" is running: it has ended, or it never existed`);
    controller.abort();
  }

  private finish(id: string, outcome: Pick<CallState, 'status' | 'result' | 'error' | 'ms'>): CallState {
    this.controllers.delete(id);
    let final: CallState | undefined;
    this.update(id, (c) => (final = { ...c, ...defined(outcome) }));
    this.holder.set('calls', (calls) => pruneCalls(calls));
    if (final) this.onDone(final);
    return final!;
  }

  private put(call: CallState): void {
    this.holder.set('calls', (calls) => [...calls, call]);
  }

  private update(id: string, fn: (c: CallState) => CallState): void {
    this.holder.set('calls', (calls) => calls.map((c) => (c.id === id ? fn(c) : c)));
  }
}

/** A JSON-RPC error from the server, or Loupe's own failure (`local`). */
export function callError(e: unknown): CallError {
  const err = e as { code?: unknown; message?: unknown; data?: unknown; local?: unknown } | undefined;
  return {
    message: typeof err?.message === 'string' ? err.message : String(e),
    ...(typeof err?.code === 'number' ? { code: err.code } : {}),
    ...(err?.data !== undefined ? { data: err.data } : {}),
    ...(err?.local === true ? { local: true } : {}),
  };
}

function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
