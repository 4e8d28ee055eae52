/**
 * Loupe's own JSON-RPC client side: ids, the pending map, timeouts, progress and cancellation.
 *
 * Why not the MCP SDK's `Client`: it negotiates only the protocol versions it knows and drops
 * messages that fail its schemas, while an inspector must ask for any version (even a made-up one,
 * to see how a server reacts) and keep working with a server that sends broken frames. So this
 * small correlator sits on top of the recorder: every byte is recorded first, and the correlator
 * only reads the messages that parsed. Responses it does not own (to requests typed in the raw
 * composer, or stray ids from a buggy server) are left alone: they are in the trace, and the
 * analyser pairs and judges them there.
 */
import type { RequestOptions } from './types';
import { CONNECTION_CLOSED, REQUEST_CANCELLED, REQUEST_TIMEOUT, RequestError } from './request-error';
import { isObject } from '../../lib/mcp/json';
import { Deadlines } from './deadlines';
import { DEFAULT_TIMEOUT_MS } from '../../lib/mcp/calls';

/** The analyser's default too (lib/mcp/calls.ts): a call is "no response" when the client gives up. */
export const DEFAULT_REQUEST_TIMEOUT_MS = DEFAULT_TIMEOUT_MS;
export const DEFAULT_MAX_TOTAL_MS = 10 * 60_000;

type Id = string | number;

/**
 * A request in flight. Its timeout is a deadline watched by the correlator's one timer
 * (deadlines.ts), and its abort calls back through a function made once per correlator: a request
 * costs no timer and no closure beyond its promise's, which matters on the path of every ping.
 */
/**
 * Date.now() counts whole milliseconds; the wire clock that stamps the request's frame counts
 * microseconds, a moment after the wait began. One more millisecond of waiting keeps Loupe from
 * giving up before the wire says the timeout passed, so a session that failed on a timeout always
 * shows the analyser's timing.no-response for the same request (page and trace alike).
 */
const WIRE_MARGIN_MS = 1;

class Pending {
  /** When Loupe gives up waiting (Date.now() milliseconds). */
  deadline: number;
  private startedAt = Date.now();
  readonly progressToken?: Id;
  private readonly onAbort?: () => void;

  constructor(
    readonly id: number,
    readonly method: string,
    readonly resolve: (result: unknown) => void,
    readonly reject: (err: RequestError) => void,
    private readonly opts: RequestOptions,
    readonly timeoutMs: number,
    private readonly maxTotalMs: number,
    aborted: (p: Pending) => void,
  ) {
    this.deadline = this.startedAt + timeoutMs + WIRE_MARGIN_MS;
    if (opts.onProgress) this.progressToken = id;
    if (opts.signal) {
      this.onAbort = () => aborted(this);
      opts.signal.addEventListener('abort', this.onAbort, { once: true });
    }
  }

  get onProgress(): RequestOptions['onProgress'] {
    return this.opts.onProgress;
  }

  /** basic/utilities/progress: progress may restart the timeout, but a maximum still holds. */
  restartTimer(): void {
    if (this.opts.resetTimeoutOnProgress === false) return;
    const now = Date.now();
    if (now - this.startedAt + this.timeoutMs > Math.max(this.timeoutMs, this.opts.maxTotalMs ?? this.maxTotalMs)) return;
    this.deadline = now + this.timeoutMs + WIRE_MARGIN_MS;
  }

  /** The wait starts again now: the request has just been handed to the transport, which stamped its frame. */
  startNow(): void {
    this.startedAt = Date.now();
    this.deadline = this.startedAt + this.timeoutMs + WIRE_MARGIN_MS;
  }

  cleanup(): void {
    if (this.onAbort) this.opts.signal?.removeEventListener('abort', this.onAbort);
  }

  /** The outcome, to the caller's onSettled first (in this turn), then to the promise. */
  settle(err: RequestError | undefined, result: unknown): void {
    try {
      this.opts.onSettled?.(err, result);
    } finally {
      if (err) this.reject(err);
      else this.resolve(result);
    }
  }
}

/** A request that is never sent: its caller hears why the same two ways as of any outcome. */
function refused(opts: RequestOptions, err: RequestError): Promise<never> {
  opts.onSettled?.(err);
  return Promise.reject(err);
}

export interface CorrelatorHooks {
  /** Writes one message; the transport records it exactly as written. `request` is set when the
   *  message is one of our requests (with the options it was made with). */
  write(text: string, request?: { message: Record<string, unknown>; signal?: AbortSignal; onUnanswerable?: (reason: string) => void }): Promise<void>;
  /** The params a request is sent with (a modern session adds its `_meta` envelope here). */
  prepare?(method: string, params: Record<string, unknown> | undefined): Record<string, unknown> | undefined;
  /** A request from the server (it has an id and a method). */
  onServerRequest(id: Id, method: string, params: unknown): void;
  /** A notification from the server other than progress for one of our requests. */
  onNotification?(method: string, params: unknown): void;
}

export class Correlator {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly byToken = new Map<Id, number>();
  /** Ids that the raw composer used; ours skip them so no id is sent twice in a session. */
  private readonly rawIds = new Set<Id>();
  private closedReason?: string;
  private readonly timedOut = (p: Pending) =>
    this.giveUp(
      p.id,
      new RequestError(`no response to ${p.method} (id ${p.id}) within ${p.timeoutMs} ms`, REQUEST_TIMEOUT, undefined, true),
      `timed out after ${p.timeoutMs} ms`,
    );
  private readonly deadlines = new Deadlines<Pending>(() => this.pending.values(), this.timedOut);
  private readonly aborted = (p: Pending) =>
    this.giveUp(p.id, new RequestError(`${p.method} (id ${p.id}) was cancelled`, REQUEST_CANCELLED, undefined, true), 'cancelled by the user');

  /**
   * @param defaultTimeoutMs for requests that give no timeout; progress restarts it
   * @param maxTotalMs the longest a request may run however much progress it reports
   */
  constructor(
    private readonly hooks: CorrelatorHooks,
    private readonly defaultTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
    private readonly maxTotalMs = DEFAULT_MAX_TOTAL_MS,
  ) {}

  request(method: string, params: Record<string, unknown> | undefined, opts: RequestOptions = {}): Promise<unknown> {
    if (this.closedReason) return refused(opts, new RequestError(this.closedReason, CONNECTION_CLOSED, undefined, true));
    if (opts.signal?.aborted) return refused(opts, new RequestError(`${method} was cancelled before it was sent`, REQUEST_CANCELLED, undefined, true));
    const id = this.allocateId();
    let sendParams = this.hooks.prepare ? this.hooks.prepare(method, params) : params;
    if (opts.onProgress) {
      const meta = isObject(sendParams?._meta) ? sendParams._meta : {};
      sendParams = { ...sendParams, _meta: { ...meta, progressToken: id } };
    }
    const message: Record<string, unknown> = { jsonrpc: '2.0', id, method };
    if (sendParams !== undefined) message.params = sendParams;
    const timeoutMs = opts.timeoutMs ?? this.defaultTimeoutMs;

    return new Promise<unknown>((resolve, reject) => {
      const entry = new Pending(id, method, resolve, reject, opts, timeoutMs, this.maxTotalMs, this.aborted);
      this.pending.set(id, entry);
      if (entry.progressToken !== undefined) this.byToken.set(entry.progressToken, id);
      opts.onSent?.(id);
      // The transport may know before the deadline that no answer can come (an HTTP response
      // stream that ended without it): the request then fails at once, with that reason.
      const onUnanswerable = (reason: string) =>
        this.settle(id, new RequestError(`no answer to ${method} (id ${id}): ${reason}`, CONNECTION_CLOSED, undefined, true));
      const written = this.hooks.write(JSON.stringify(message), { message, signal: opts.signal, onUnanswerable });
      // Serialising and handing over took a moment (long, on a busy machine): the wait counts from
      // the frame the transport has just stamped, not from before it.
      entry.startNow();
      this.deadlines.watch(entry.deadline);
      written.catch((err: Error) => this.settle(id, new RequestError(err.message, CONNECTION_CLOSED, undefined, true)));
    });
  }

  async notify(method: string, params?: Record<string, unknown>): Promise<void> {
    const message: Record<string, unknown> = { jsonrpc: '2.0', method };
    if (params !== undefined) message.params = params;
    await this.hooks.write(JSON.stringify(message));
  }

  /** Sends a response to a server request, keeping the id exactly as the server sent it. */
  async respond(id: Id, answer: { result?: unknown; error?: { code: number; message: string; data?: unknown } }): Promise<void> {
    const message = answer.error ? { jsonrpc: '2.0', id, error: answer.error } : { jsonrpc: '2.0', id, result: answer.result ?? {} };
    await this.hooks.write(JSON.stringify(message));
  }

  /** Notes the ids in text the raw composer is about to send. */
  noteRaw(text: string): void {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    for (const m of Array.isArray(json) ? json : [json]) {
      if (isObject(m) && typeof m.method === 'string' && (typeof m.id === 'number' || typeof m.id === 'string')) this.rawIds.add(m.id);
    }
  }

  /** Every parsed message from the server, in wire order. A batch is read element by element. */
  handle(json: unknown): void {
    if (Array.isArray(json)) {
      for (const m of json) this.handle(m);
      return;
    }
    if (!isObject(json)) return;
    const { id, method } = json;
    if (typeof method === 'string') {
      if (id !== undefined && id !== null) {
        if (typeof id === 'string' || typeof id === 'number') this.hooks.onServerRequest(id, method, json.params);
        return;
      }
      if (method === 'notifications/progress' && this.progress(json.params)) return;
      this.hooks.onNotification?.(method, json.params);
      return;
    }
    // A response: only ours are settled; a string "1" does not match our 1 (that is a server bug to show, not to hide).
    if (typeof id !== 'number' || !this.pending.has(id)) return;
    if (isObject(json.error)) {
      const e = json.error;
      const message = typeof e.message === 'string' ? e.message : 'the server answered with an error without a message';
      this.settle(id, new RequestError(message, typeof e.code === 'number' ? e.code : undefined, e.data));
    } else {
      this.settle(id, undefined, json.result);
    }
  }

  /** Rejects everything in flight; later requests fail at once with the same reason. */
  close(reason: string): void {
    this.closedReason = reason;
    for (const [id, p] of [...this.pending])
      this.settle(id, new RequestError(`${reason} before ${p.method} (id ${id}) was answered`, CONNECTION_CLOSED, undefined, true));
    this.deadlines.stop();
  }

  get inFlight(): number {
    return this.pending.size;
  }

  private progress(params: unknown): boolean {
    if (!isObject(params)) return false;
    const token = params.progressToken as Id;
    const id = this.byToken.get(token);
    const p = id === undefined ? undefined : this.pending.get(id);
    if (!p?.onProgress || typeof params.progress !== 'number') return false;
    p.restartTimer();
    p.onProgress({
      progress: params.progress,
      total: typeof params.total === 'number' ? params.total : undefined,
      message: typeof params.message === 'string' ? params.message : undefined,
    });
    return true;
  }

  /** Stops waiting and tells the server, as basic/utilities/cancellation asks. */
  private giveUp(id: number, err: RequestError, reason: string): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.settle(id, err);
    // The spec forbids cancelling initialize.
    if (p.method !== 'initialize' && !this.closedReason) {
      this.notify('notifications/cancelled', { requestId: id, reason }).catch(() => {});
    }
  }

  private settle(id: number, err?: RequestError, result?: unknown): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    p.cleanup();
    if (p.progressToken !== undefined) this.byToken.delete(p.progressToken);
    p.settle(err, result);
  }

  private allocateId(): number {
    while (this.rawIds.has(this.nextId)) this.nextId++;
    return this.nextId++;
  }
}
