/**
 * Answers what a client sends as a recorded server did. Pure: one message in, the messages to send
 * back out. The proxy (proxy/replay) does the transport.
 *
 * Requests are matched by method and params, ignoring ids and `_meta`; `initialize` and client
 * notifications by method alone (their params name the client, not the question). The same request
 * asked more often than recorded gets its last recorded answer again. With `strict`, every client
 * request and notification must come in the recorded order; the first that does not is answered
 * with an error and noted in `deviations`.
 */
import { closestParams } from './closest';
import { canonicalJson, matchKey, withoutMeta } from '../mcp/canonical';
import type { JsonObject, RecordedExchange, ReplayScript } from './script';
import { isObject } from '../mcp/json';

/** JSON-RPC error codes a replay answers with (the server-defined range, except method-not-found). */
export const REPLAY_ERRORS = { methodNotRecorded: -32601, paramsNotRecorded: -32001, outOfOrder: -32002 } as const;

export interface ReplayOptions {
  strict?: boolean;
}

const matchesByMethodOnly = (method: string, kind: string) => kind === 'notification' || method === 'initialize';

function keyOf(e: { kind: string; method: string; params: unknown }): string {
  return matchesByMethodOnly(e.method, e.kind) ? `${e.kind}\u0000${e.method}` : matchKey(e.method, e.params);
}

function progressToken(params: unknown): unknown {
  const meta = isObject(params) ? params._meta : undefined;
  return isObject(meta) ? meta.progressToken : undefined;
}

export class ReplayMatcher {
  private readonly byKey = new Map<string, RecordedExchange[]>();
  private readonly used = new Map<string, number>();
  private next = 0;
  readonly deviations: string[] = [];

  constructor(
    private readonly script: ReplayScript,
    private readonly options: ReplayOptions = {},
  ) {
    for (const e of script.exchanges) {
      const k = keyOf(e);
      this.byKey.set(k, [...(this.byKey.get(k) ?? []), e]);
    }
  }

  /** One parsed message from the client; returns what to send back, in order. */
  receive(message: unknown): JsonObject[] {
    if (Array.isArray(message)) return message.flatMap((m) => this.receive(m));
    if (!isObject(message) || typeof message.method !== 'string') return []; // answers to server requests
    const isRequest = 'id' in message;
    const incoming = { kind: isRequest ? 'request' : 'notification', method: message.method, params: message.params };
    const found = this.options.strict ? this.inOrder(incoming) : this.lookUp(incoming);
    if (typeof found === 'string' || found === undefined) {
      return isRequest ? [this.error(message.id, found ?? this.notRecorded(incoming))] : [];
    }
    return this.replies(found, message);
  }

  private lookUp(incoming: { kind: string; method: string; params: unknown }): RecordedExchange | undefined {
    const k = keyOf(incoming);
    const list = this.byKey.get(k);
    if (!list) return undefined;
    const n = this.used.get(k) ?? 0;
    this.used.set(k, n + 1);
    if (n < list.length) return list[n];
    // Notifications' follow-ups happen once; a repeated request gets its last answer again.
    return incoming.kind === 'request' ? list[list.length - 1] : { ...list[0], replies: [] };
  }

  private inOrder(incoming: { kind: string; method: string; params: unknown }): RecordedExchange | string {
    const expected = this.script.exchanges[this.next];
    if (expected && keyOf(expected) === keyOf(incoming)) {
      this.next++;
      return expected;
    }
    const want = expected
      ? `${expected.kind} ${expected.method} ${canonicalJson(withoutMeta(expected.params ?? {}))} (recorded frame ${expected.seq})`
      : 'nothing more (the recording has ended)';
    const message = `out of the recorded order: got ${incoming.kind} ${incoming.method} ${canonicalJson(withoutMeta(incoming.params ?? {}))}, expected ${want}`;
    this.deviations.push(message);
    return message;
  }

  private notRecorded(incoming: { method: string; params: unknown }): string {
    const same = this.script.exchanges.filter((e) => e.kind === 'request' && e.method === incoming.method);
    if (same.length === 0) {
      const methods = [...new Set(this.script.exchanges.filter((e) => e.kind === 'request').map((e) => e.method))].sort();
      return `the recording has no ${incoming.method} request; it has: ${methods.join(', ') || 'none'}`;
    }
    const closest = closestParams(
      incoming.params,
      same.map((e) => e.params),
    )!;
    return `the recording has no ${incoming.method} with these params; closest recorded params: ${canonicalJson(withoutMeta(closest.params ?? {}))} (differs at ${closest.differences.join(', ')})`;
  }

  private error(id: unknown, message: string): JsonObject {
    const code = message.startsWith('out of the recorded order')
      ? REPLAY_ERRORS.outOfOrder
      : message.includes('with these params')
        ? REPLAY_ERRORS.paramsNotRecorded
        : REPLAY_ERRORS.methodNotRecorded;
    return { jsonrpc: '2.0', id: id ?? null, error: { code, message: `Loupe replay: ${message}` } };
  }

  private replies(exchange: RecordedExchange, incoming: JsonObject): JsonObject[] {
    const recordedToken = progressToken(exchange.params);
    const askedToken = progressToken(incoming.params);
    return exchange.replies.map(({ message, isResponse }) => {
      if (isResponse) return { ...message, id: incoming.id };
      // Progress is addressed by the token the client chose: use this client's.
      if (
        message.method === 'notifications/progress' &&
        isObject(message.params) &&
        recordedToken !== undefined &&
        message.params.progressToken === recordedToken &&
        askedToken !== undefined
      ) {
        return { ...message, params: { ...message.params, progressToken: askedToken } };
      }
      return message;
    });
  }
}
