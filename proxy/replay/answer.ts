/**
 * One piece of client text in, the replay's messages out: parsing is the transport's job here so
 * that stdio and HTTP answer malformed input the same way (a JSON-RPC parse error).
 */
import type { JsonObject } from '../../lib/replay/script';
import type { ReplayMatcher } from '../../lib/replay/matcher';
import { isObject } from '../../lib/mcp/json';
import { nestsDeeperThan, tooDeep } from '../../lib/mcp/json-depth';

const INVALID_REQUEST = -32600;

export function answerText(matcher: ReplayMatcher, text: string): JsonObject[] {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch (e) {
    return [{ jsonrpc: '2.0', id: null, error: { code: -32700, message: `Loupe replay: not JSON (${(e as Error).message})` } }];
  }
  // Matching walks the params recursively: a message nested past the limit would overflow the
  // stack there, so it is refused first, answering its id when it has one at the top.
  if (nestsDeeperThan(message)) {
    const id = isObject(message) && (typeof message.id === 'string' || typeof message.id === 'number') ? message.id : null;
    return [{ jsonrpc: '2.0', id, error: { code: INVALID_REQUEST, message: `Loupe replay: the message is ${tooDeep()}` } }];
  }
  return matcher.receive(message);
}
