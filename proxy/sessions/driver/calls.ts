/**
 * The calls a page asked Loupe's client to make, held in the session: each has an id the page
 * can name to cancel it, its progress as it arrives, and its outcome. Whoever watches, and after
 * a reload, sees the same calls; Cancel works from any page.
 */
import { pruneCalls } from '../../../lib/client/client-state';
import { inputRequiredOf, retryParams, type InputRequired } from '../../../lib/client/mrtr';
import type { CallError, CallState, InputRound } from '../../../lib/wire/client-state';
import type { CallPolicy, RequestOptions } from '../types';
import type { ClientStateHolder } from './state-holder';

export type { CallPolicy };

export type Requester = (method: string, params: Record<string, unknown> | undefined, opts: RequestOptions) => Promise<unknown>;
/** Gets the answers to a round's inputRequests (from the session or a person). */
export type InputSource = (callId: string, asked: InputRequired, signal: AbortSignal) => Promise<Record<string, unknown>>;

/** More rounds than any real exchange needs: past it a call fails rather than loop. */
const MAX_ROUNDS = 50;

export class Calls {
  private next = 1;
  private readonly controllers = new Map<string, AbortController>();

  constructor(
    private readonly holder: ClientStateHolder,
    private readonly request: Requester,
    private readonly onDone: (call: CallState) => void,
    private readonly inputs?: InputSource,
  ) {}

  /** Starts a call; `done` settles with its final state (never rejects). */
  start(method: string, params: Record<string, unknown> | undefined, policy: CallPolicy = {}): { id: string; done: Promise<CallState> } {
    const id = `c${this.next++}`;
    const startedAt = Date.now();
    const controller = new AbortController();
    this.controllers.set(id, controller);
    this.put({ id, method, ...(params ? { params } : {}), startedAt, status: 'running' });
    const done = this.inRounds(id, method, params, {
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

  /**
   * One request, or (basic/patterns/mrtr) as many rounds as the server asks for: each interim
   * `input_required` result is answered, then the request is sent again with a new id, the answers
   * and the requestState unchanged. The rounds are kept in the call's state.
   */
  private async inRounds(id: string, method: string, params: Record<string, unknown> | undefined, opts: RequestOptions): Promise<unknown> {
    const rounds: InputRound[] = [];
    let sent = params;
    for (;;) {
      const startedAt = Date.now();
      let requestId: number | undefined;
      const round = (r: Partial<InputRound>): InputRound =>
        defined({
          requestId,
          sentResponses: rounds.length > 0 ? (sent?.inputResponses as Record<string, unknown>) : undefined,
          outcome: 'running' as const,
          ...r,
        });
      if (rounds.length > 0) this.setRounds(id, [...rounds, round({})]);
      let result: unknown;
      try {
        result = await this.request(method, sent, {
          ...opts,
          onSent: (rid) => {
            requestId = rid;
            this.update(id, (c) => ({ ...c, requestId: rid }));
          },
        });
      } catch (e) {
        if (rounds.length > 0) this.setRounds(id, [...rounds, round({ outcome: 'error', ms: Date.now() - startedAt })]);
        throw e;
      }
      const asked = this.inputs ? inputRequiredOf(result) : undefined;
      const ms = Date.now() - startedAt;
      if (!asked) {
        if (rounds.length > 0) this.setRounds(id, [...rounds, round({ outcome: 'complete', ms })]);
        return result;
      }
      rounds.push(round({ outcome: 'input_required', inputRequests: asked.inputRequests, requestState: asked.requestState, ms }));
      this.setRounds(id, rounds);
      if (rounds.length >= MAX_ROUNDS) throw new Error(`the server asked for input ${rounds.length} times: Loupe stopped the call`);
      const answers = await this.inputs!(id, asked, opts.signal!);
      sent = retryParams(params, asked, answers);
    }
  }

  private setRounds(id: string, rounds: InputRound[]): void {
    this.update(id, (c) => ({ ...c, rounds: [...rounds] }));
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
