/**
 * subscriptions/listen streams (basic/patterns/subscriptions): a long-lived request whose
 * acknowledgement and notifications carry its JSON-RPC id as
 * `_meta["io.modelcontextprotocol/subscriptionId"]`. A stream ends when the person stops it
 * (notifications/cancelled; over HTTP its response stream is closed too), when the server
 * answers the request (a graceful close), or with the session.
 */
import { META_KEYS } from '../../../lib/mcp/modern';
import { LISTEN_KEEP, type Listen } from '../../../lib/wire/client-state';
import type { RequestOptions } from '../types';
import { REQUEST_CANCELLED, RequestError } from '../request-error';
import type { ClientStateHolder } from './state-holder';

type Request = (method: string, params: Record<string, unknown>, opts: RequestOptions) => Promise<unknown>;
type Obj = Record<string, unknown>;

/** A listen waits for as long as the person keeps it open; a day bounds a forgotten one. */
const LISTEN_TIMEOUT_MS = 24 * 60 * 60_000;

export class Listens {
  private next = 1;
  private readonly controllers = new Map<string, AbortController>();

  constructor(
    private readonly holder: ClientStateHolder,
    private readonly request: Request,
  ) {}

  /** Opens a stream with this filter (toolsListChanged, resourceSubscriptions, ...); answers its name. */
  start(filter: Obj): string {
    const id = `l${this.next++}`;
    const controller = new AbortController();
    this.controllers.set(id, controller);
    this.put({ id, filter, status: 'opening', notifications: [], count: 0, startedAt: Date.now() });
    this.request(
      'subscriptions/listen',
      { notifications: filter },
      {
        timeoutMs: LISTEN_TIMEOUT_MS,
        signal: controller.signal,
        onSent: (requestId) => this.patch(id, (l) => ({ ...l, requestId })),
      },
    )
      .then(
        () => this.patch(id, (l) => ({ ...l, status: 'closed' })),
        (e: unknown) => {
          const stopped = e instanceof RequestError && e.code === REQUEST_CANCELLED;
          this.patch(id, (l) => ({ ...l, status: stopped ? 'closed' : 'failed', ...(stopped ? {} : { error: (e as Error).message }) }));
        },
      )
      .finally(() => this.controllers.delete(id));
    return id;
  }

  stop(id: string): void {
    const controller = this.controllers.get(id);
    if (!controller) throw new Error(`no listen "${id}" is open: it has ended, or it never existed`);
    controller.abort();
  }

  /** A notification from the server: true when it belongs to one of our listens. */
  notification(method: string, params: Obj, seq: number): boolean {
    const sub = (params._meta as Obj | undefined)?.[META_KEYS.subscriptionId];
    const listen = (this.holder.get().listens ?? []).find((l) => l.requestId !== undefined && l.requestId === sub);
    if (!listen) return false;
    if (method === 'notifications/subscriptions/acknowledged') {
      const acknowledged = params.notifications && typeof params.notifications === 'object' ? (params.notifications as Obj) : {};
      this.patch(listen.id, (l) => ({ ...l, status: l.status === 'opening' ? 'open' : l.status, acknowledged, ackSeq: seq }));
      return true;
    }
    const { _meta: _m, ...rest } = params;
    this.patch(listen.id, (l) => ({ ...l, count: l.count + 1, notifications: [...l.notifications, { method, params: rest, seq }].slice(-LISTEN_KEEP) }));
    return true;
  }

  private put(l: Listen): void {
    this.holder.set('listens', (ls) => [...(ls ?? []), l]);
  }

  private patch(id: string, fn: (l: Listen) => Listen): void {
    this.holder.set('listens', (ls) => (ls ?? []).map((l) => (l.id === id ? fn(l) : l)));
  }
}
