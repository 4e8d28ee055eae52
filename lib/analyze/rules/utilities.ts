/** pagination.*, progress.*, cancel.*: the basic utilities. */
import { PAGINATED } from '../../mcp/methods';
import { progressKey, progressTokenOf, validProgressToken } from '../track';
import type { RuleModule } from '../types';
import { hasOwn, isObj, own, show } from '../util';

const P = 'basic/utilities/progress';

export const utilityRules: RuleModule = {
  rules: {
    'pagination.foreign-cursor': { severity: 'error', layer: 'capabilities', section: 'server/utilities/pagination' },
    'progress.token-type': { severity: 'error', layer: 'jsonrpc', section: P },
    'progress.token-duplicate': { severity: 'error', layer: 'jsonrpc', section: P },
    'progress.unknown-token': { severity: 'error', layer: 'jsonrpc', section: P },
    'progress.not-increasing': { severity: 'error', layer: 'jsonrpc', section: P },
    'progress.after-response': { severity: 'error', layer: 'jsonrpc', section: P },
    // "Progress notifications MUST only reference tokens that ... are associated with an
    // in-progress operation": a cancelled request is not one. A warning, as one already on the
    // wire when the cancellation arrived is a race the sender cannot avoid.
    'progress.after-cancel': { severity: 'warning', layer: 'jsonrpc', section: `${P}#behavior-requirements` },
    'cancel.unknown-request': { severity: 'warning', layer: 'jsonrpc', section: 'basic/utilities/cancellation' },
    'cancel.response-after-cancel': { severity: 'info', layer: 'jsonrpc', section: 'basic/utilities/cancellation' },
  },

  onMessage({ msg, state, request, report }) {
    if (state.era === 'modern') return;
    const at = [msg.seq];
    const params = isObj(msg.params) ? msg.params : undefined;
    if (msg.kind === 'request' && msg.method) {
      const cursor = params ? own(params, 'cursor') : undefined;
      if (msg.dir === 'c2s' && PAGINATED.has(msg.method) && cursor !== undefined && !state.cursors.get(msg.method)?.has(cursor as string)) {
        report(
          'pagination.foreign-cursor',
          at,
          `${msg.method} with cursor ${show(cursor, 40)}, which the server never returned as nextCursor for ${msg.method}`,
        );
      }
      const meta = params && isObj(params._meta) ? params._meta : undefined;
      if (meta && hasOwn(meta, 'progressToken')) {
        const token = progressTokenOf(params);
        if (!validProgressToken(token)) report('progress.token-type', at, `progressToken ${show(token, 30)} is neither a string nor an integer`);
        else {
          const active = state.progressTokens.get(progressKey(msg.dir, token));
          if (active)
            report(
              'progress.token-duplicate',
              [msg.seq, active.requestSeq],
              `progressToken ${show(token)} is already used by the active request in frame ${active.requestSeq}`,
            );
        }
      }
    }
    if (msg.kind === 'notification' && msg.method === 'notifications/progress' && params) {
      const token = own(params, 'progressToken');
      const progress = own(params, 'progress');
      if (!validProgressToken(token)) {
        report('progress.token-type', at, `progressToken ${show(token, 30)} is neither a string nor an integer`);
      } else {
        const requester = msg.dir === 'c2s' ? 's2c' : 'c2s';
        const active = state.progressTokens.get(progressKey(requester, token));
        if (active) {
          const cancelled = state.calls.callAt(active.requestSeq)?.cancelledSeq;
          if (cancelled !== undefined)
            report(
              'progress.after-cancel',
              [msg.seq, cancelled, active.requestSeq],
              `progress for token ${show(token)} after its request (frame ${active.requestSeq}) was cancelled in frame ${cancelled}; a cancelled operation is no longer in progress`,
            );
          if (typeof progress === 'number' && active.last !== undefined && !(progress > active.last)) {
            report(
              'progress.not-increasing',
              [msg.seq, active.requestSeq],
              `progress went from ${active.last} to ${progress} for token ${show(token)}; it must increase`,
            );
          }
        } else {
          const done = state.calls.all.findLast((r) => r.dir === requester && r.progressToken === token);
          if (done && done.responseSeq !== undefined)
            report(
              'progress.after-response',
              [msg.seq, done.responseSeq],
              `progress for token ${show(token)} after its request was answered (frame ${done.responseSeq})`,
            );
          else
            report(
              'progress.unknown-token',
              at,
              `progress for token ${show(token)}, which no active request of the ${requester === 'c2s' ? 'client' : 'server'} carries`,
            );
        }
      }
    }
    if (msg.kind === 'notification' && msg.method === 'notifications/cancelled' && params) {
      const id = own(params, 'requestId');
      if (id !== undefined && !state.calls.latest(msg.dir, id)) {
        report(
          'cancel.unknown-request',
          at,
          `notifications/cancelled names request ${show(id)}, which the ${msg.dir === 'c2s' ? 'client' : 'server'} never sent`,
        );
      }
    }
    if ((msg.kind === 'response' || msg.kind === 'error') && request?.cancelledSeq !== undefined && request.responseSeq === undefined) {
      report(
        'cancel.response-after-cancel',
        [msg.seq, request.cancelledSeq],
        `${request.method} was answered after it was cancelled in frame ${request.cancelledSeq} (a race, not a violation)`,
      );
    }
  },
};
