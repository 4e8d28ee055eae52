/** resources.*: reading resources (server/resources). */
import type { RuleModule } from '../types';
import { isObj, own, show, strAt } from '../util';

/**
 * The code each version says a missing resource SHOULD get (server/resources, Error Handling):
 * -32002 in every stateful version. 2026-07-28 moved it to -32602 (a MUST), but that era is not
 * judged message by message.
 */
const NOT_FOUND_CODE: Record<string, number> = { '2024-11-05': -32002, '2025-03-26': -32002, '2025-06-18': -32002, '2025-11-25': -32002 };

/** What servers write when a resource does not exist (the SDKs, and the spec's own example). */
const SAYS_NOT_FOUND = /not[\s_-]*found|no such|does ?n[o']t exist|non-?existent|unknown resource/i;

export const resourceRules: RuleModule = {
  rules: {
    'resources.not-found-code': { severity: 'warning', layer: 'tool', section: 'server/resources#error-handling' },
  },

  onMessage({ msg, state, request, version, report }) {
    if (state.era === 'modern' || msg.kind !== 'error' || request?.method !== 'resources/read' || request.responseSeq !== undefined) return;
    const expected = NOT_FOUND_CODE[version];
    const error = isObj(msg.error) ? msg.error : undefined;
    const code = error ? own(error, 'code') : undefined;
    const text = error ? strAt(error, 'message') : undefined;
    if (expected === undefined || typeof code !== 'number' || code === expected || text === undefined || !SAYS_NOT_FOUND.test(text)) return;
    const uri = strAt(request.params, 'uri');
    report(
      'resources.not-found-code',
      [msg.seq, request.seq],
      `resources/read${uri === undefined ? '' : ` of ${show(uri, 60)}`} was answered ${show(text, 60)} with code ${code}; in ${version} a missing resource should get ${expected}`,
    );
  },
};
