/**
 * Signs of the stateless 2026-07-28 era: `server/discover`, or a request that carries its protocol
 * version in `_meta` instead of negotiating it with `initialize`.
 */
import type { Message } from './message';
import { objAt, own } from './util';

export const STATELESS_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

export function statelessSignal(msg: Message): string | undefined {
  if (msg.dir !== 'c2s' || msg.kind !== 'request') return undefined;
  if (msg.method === 'server/discover') return '`server/discover`';
  const meta = objAt(msg.params, '_meta');
  const v = meta ? own(meta, STATELESS_VERSION_KEY) : undefined;
  return typeof v === 'string' ? `\`_meta["${STATELESS_VERSION_KEY}"]\` = ${JSON.stringify(v)}` : undefined;
}
