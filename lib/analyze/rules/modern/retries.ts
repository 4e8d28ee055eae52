/**
 * modern.*: the client's retry of a multi-round-trip request (basic/patterns/mrtr, Client
 * Requirements): a new JSON-RPC id, and the InputRequiredResult's `requestState` echoed exactly
 * (or none at all when it carried none). The rounds are linked in lib/mcp/rounds.ts.
 */
import { idKey } from '../../../mcp/calls';
import { isRetry } from '../../../mcp/rounds';
import type { RuleModule } from '../../types';
import { isObj, own, show } from '../../util';
import { MRTR } from './shared';

const S = `${MRTR}client-requirements-basic-workflow`;

export const modernRetryRules: RuleModule = {
  rules: {
    'modern.request-state-changed': { severity: 'error', layer: 'capabilities', section: S },
    'modern.retry-id-reused': { severity: 'error', layer: 'jsonrpc', section: S },
  },

  onMessage({ msg, state, report }) {
    if (state.era !== 'modern' || msg.dir !== 'c2s' || msg.kind !== 'request' || msg.method === undefined || !isRetry(msg.params)) return;
    const round = state.rounds.openFor(msg.method, msg.params);
    if (!round) return;
    const at = [msg.seq, round.resultSeq];
    if (idKey(msg.id) !== undefined && idKey(msg.id) === idKey(round.id)) {
      report(
        'modern.retry-id-reused',
        [msg.seq, round.requestSeq],
        `the retry of ${msg.method} reuses id ${show(msg.id)} of the round it answers (frame ${round.requestSeq}); a retry is a new request with a new id`,
      );
    }
    const params = isObj(msg.params) ? msg.params : {};
    const sent = own(params, 'requestState');
    if (round.requestState === undefined && sent !== undefined) {
      report(
        'modern.request-state-changed',
        at,
        `the retry sends requestState ${show(sent)}, but the input_required result (frame ${round.resultSeq}) carried none`,
      );
    } else if (round.requestState !== undefined && sent !== round.requestState) {
      report(
        'modern.request-state-changed',
        at,
        sent === undefined
          ? `the retry omits the requestState ${show(round.requestState)} of the input_required result (frame ${round.resultSeq}); it must echo it unchanged`
          : `the retry's requestState ${show(sent)} differs from ${show(round.requestState)}, sent in frame ${round.resultSeq}; it must be echoed unchanged`,
      );
    }
  },
};
