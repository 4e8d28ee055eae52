/**
 * One piece of client text in, the replay's messages out: parsing is the transport's job here so
 * that stdio and HTTP answer malformed input the same way (a JSON-RPC parse error).
 */
import type { JsonObject } from '../../lib/replay/script';
import type { ReplayMatcher } from '../../lib/replay/matcher';

export function answerText(matcher: ReplayMatcher, text: string): JsonObject[] {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch (e) {
    return [{ jsonrpc: '2.0', id: null, error: { code: -32700, message: `Loupe replay: not JSON (${(e as Error).message})` } }];
  }
  return matcher.receive(message);
}
