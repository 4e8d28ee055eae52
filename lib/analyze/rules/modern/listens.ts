/**
 * modern.*: change notifications travel on `subscriptions/listen` streams only, acknowledged
 * first and tagged with the subscription id, and only the kinds the client opted in to
 * (basic/patterns/subscriptions); log messages only for a request that set a log level, and
 * never on a listen stream (server/utilities/logging).
 */
import { META_LOG_LEVEL, META_SUBSCRIPTION, metaValue } from '../../../mcp/era';
import type { RuleModule } from '../../types';
import { arrAt, isObj, own, show, strAt } from '../../util';
import { SUBS } from './shared';

/** Each change notification and the filter field that opts in to it. */
const OPT_IN: Readonly<Record<string, string>> = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
  'notifications/resources/updated': 'resourceSubscriptions',
};
const ACK = 'notifications/subscriptions/acknowledged';

/** Open requests that asked for log messages, by seq, per analysis. */
const logAsked = new WeakMap<object, Set<number>>();

export const modernListenRules: RuleModule = {
  rules: {
    'modern.listen-not-acknowledged': { severity: 'error', layer: 'capabilities', section: `${SUBS}acknowledgment` },
    'modern.notification-untagged': { severity: 'error', layer: 'capabilities', section: `${SUBS}receiving-notifications` },
    'modern.notification-not-requested': { severity: 'error', layer: 'capabilities', section: `${SUBS}opening-a-stream` },
    'modern.log-without-level': { severity: 'error', layer: 'capabilities', section: 'server/utilities/logging#per-request-log-level' },
  },

  onMessage({ msg, state, report }) {
    if (state.era !== 'modern' || msg.method === undefined) return;
    let asked = logAsked.get(state);
    if (!asked) logAsked.set(state, (asked = new Set()));
    if (msg.dir === 'c2s' && msg.kind === 'request' && metaValue(msg.params, META_LOG_LEVEL) !== undefined) asked.add(msg.seq);
    if (msg.dir !== 's2c' || msg.kind !== 'notification') return;
    const at = [msg.seq];
    const tag = metaValue(msg.params, META_SUBSCRIPTION);
    if (msg.method === 'notifications/message') {
      for (const seq of asked) {
        const call = state.calls.callAt(seq);
        if (!call || call.responseSeq !== undefined || call.cancelledSeq !== undefined) asked.delete(seq);
      }
      if (tag !== undefined)
        report(
          'modern.log-without-level',
          at,
          `a log message on the subscriptions/listen stream ${show(tag)}; log messages belong to the response stream of the request that asked for them`,
        );
      else if (asked.size === 0)
        report(
          'modern.log-without-level',
          at,
          `a log message (level ${show(strAt(msg.params, 'level'))}) while no open request set _meta["${META_LOG_LEVEL}"]: the server must not send it`,
        );
      return;
    }
    const isChange = msg.method === ACK || Object.prototype.hasOwnProperty.call(OPT_IN, msg.method);
    if (!isChange) return;
    if (tag === undefined) {
      report(
        'modern.notification-untagged',
        at,
        `${msg.method} carries no _meta["${META_SUBSCRIPTION}"]; in 2026-07-28 it travels only on a subscriptions/listen stream, tagged with that request's id`,
      );
      return;
    }
    const stream = state.listens.byTag(tag);
    if (!stream) {
      report('modern.notification-untagged', at, `${msg.method} is tagged with subscription ${show(tag)}, but no subscriptions/listen request has that id`);
      return;
    }
    if (msg.method === ACK) return;
    if (stream.ackSeq === undefined) {
      report(
        'modern.listen-not-acknowledged',
        [msg.seq, stream.requestSeq],
        `${msg.method} on subscription ${show(tag)} before ${ACK}; the acknowledgement must come first`,
      );
    }
    const field = OPT_IN[msg.method];
    const filter = isObj(stream.requested) ? stream.requested : {};
    const uri = strAt(msg.params, 'uri');
    const optedIn = field === 'resourceSubscriptions' ? (arrAt(filter, field) ?? []).includes(uri) : own(filter, field) === true;
    if (!optedIn) {
      report(
        'modern.notification-not-requested',
        [msg.seq, stream.requestSeq],
        field === 'resourceSubscriptions'
          ? `notifications/resources/updated for ${show(uri)}, which subscription ${show(tag)} did not list in resourceSubscriptions`
          : `${msg.method} on subscription ${show(tag)}, which did not opt in to ${field}`,
      );
    }
  },
};
