/**
 * Multi-round-trip requests (basic/patterns/mrtr): a `tools/call`, `prompts/get` or
 * `resources/read` answered `resultType: "input_required"` is retried by the client as a new
 * request (a new id, `inputResponses`, the `requestState` echoed). The rounds are separate
 * JSON-RPC calls but one logical call: the diagram and the timing show them as one, nested, with
 * the total and per-round latency. A retry is matched to the newest InputRequiredResult for the
 * same method and target (tool or prompt name, resource URI).
 */
import { own } from './json';

/** The methods that may answer `input_required` and the field that names their target. */
export const MRTR_TARGET: Readonly<Record<string, string>> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

/** What a retry must match: the method and its target. Undefined for other methods. */
export function roundKey(method: string, params: unknown): string | undefined {
  const field = Object.prototype.hasOwnProperty.call(MRTR_TARGET, method) ? MRTR_TARGET[method] : undefined;
  if (field === undefined) return undefined;
  const target = own(params, field);
  return `${method}|${typeof target === 'string' ? target : ''}`;
}

/** A request that carries an answer to an earlier round. */
export function isRetry(params: unknown): boolean {
  return own(params, 'inputResponses') !== undefined || own(params, 'requestState') !== undefined;
}

/** An InputRequiredResult waiting for its retry. */
export interface OpenRound {
  /** The request that was answered `input_required`, and its id. */
  requestSeq: number;
  id: unknown;
  /** The result's frame. */
  resultSeq: number;
  /** The `requestState` the retry must echo (undefined: it must send none). */
  requestState?: unknown;
  inputRequestKeys: string[];
}

export interface LogicalCall {
  /** The request seq of every round, first to last. */
  rounds: number[];
}

export class RoundIndex {
  private readonly open = new Map<string, OpenRound>();
  private readonly bySeq = new Map<number, LogicalCall>();

  /** The InputRequiredResult a retry of `method`/`params` answers, if one waits. */
  openFor(method: string, params: unknown): OpenRound | undefined {
    const key = roundKey(method, params);
    return key === undefined ? undefined : this.open.get(key);
  }

  /** Request `requestSeq` was answered `input_required` by the result on `resultSeq`. */
  inputRequired(method: string, params: unknown, round: OpenRound): void {
    const key = roundKey(method, params);
    if (key === undefined) return;
    this.open.set(key, round);
    if (!this.bySeq.has(round.requestSeq)) this.bySeq.set(round.requestSeq, { rounds: [round.requestSeq] });
  }

  /** Request `seq` retries the open round of its method and target: one more round of that call. */
  retry(method: string, params: unknown, seq: number): LogicalCall | undefined {
    const key = roundKey(method, params);
    const round = key === undefined ? undefined : this.open.get(key);
    if (!round || key === undefined) return undefined;
    this.open.delete(key);
    const call = this.bySeq.get(round.requestSeq) ?? { rounds: [round.requestSeq] };
    call.rounds.push(seq);
    this.bySeq.set(seq, call);
    return call;
  }

  /** The logical call a request belongs to, when it took more than one round (or is waiting for one). */
  logicalCallOf(requestSeq: number): LogicalCall | undefined {
    return this.bySeq.get(requestSeq);
  }
}
