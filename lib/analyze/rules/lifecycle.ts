/** lifecycle.*: the stateful handshake (basic/lifecycle). Hand-written; silent on modern-era messages. */
import type { RuleModule } from '../types';
import { isObj, own, show } from '../util';

const S = 'basic/lifecycle#';

export const lifecycleRules: RuleModule = {
  rules: {
    'lifecycle.initialize-not-first': { severity: 'error', layer: 'lifecycle', section: `${S}initialization` },
    'lifecycle.duplicate-initialize': { severity: 'error', layer: 'lifecycle', section: `${S}initialization` },
    'lifecycle.request-before-init-response': { severity: 'warning', layer: 'lifecycle', section: `${S}initialization` },
    'lifecycle.missing-initialized': { severity: 'error', layer: 'lifecycle', section: `${S}initialization` },
    'lifecycle.duplicate-initialized': { severity: 'warning', layer: 'lifecycle', section: `${S}initialization` },
    'lifecycle.server-request-before-initialized': { severity: 'warning', layer: 'lifecycle', section: `${S}initialization` },
    'lifecycle.initialize-cancelled': { severity: 'error', layer: 'lifecycle', section: `${S}initialization` },
    'lifecycle.initialize-failed': { severity: 'error', layer: 'lifecycle', section: `${S}initialization` },
  },

  onMessage({ msg, state, request, report }) {
    if (state.era === 'modern') return;
    // Part of a session (a partial export): the handshake happened before these frames.
    const joinedLate = (state.firstSeq ?? 1) > 1;
    const at = [msg.seq];
    const clientSent = msg.dir === 'c2s';
    const isInit = msg.kind === 'request' && msg.method === 'initialize';
    if (clientSent && msg.kind !== 'response' && msg.kind !== 'error') {
      const firstFromClient = state.methods.c2s.size === 0 && state.initializeSeq === undefined;
      if (firstFromClient && !isInit && !joinedLate)
        report('lifecycle.initialize-not-first', at, `the client's first message is ${msg.method ?? 'not a request'}, not initialize`);
      if (isInit && state.initializeSeq !== undefined)
        report('lifecycle.duplicate-initialize', [msg.seq, state.initializeSeq], `a second initialize (the first was frame ${state.initializeSeq})`);
    }
    if (clientSent && msg.kind === 'request' && !isInit && msg.method !== 'ping') {
      if (state.phase === 'initializing') {
        report('lifecycle.request-before-init-response', at, `${msg.method} sent before the server answered initialize (frame ${state.initializeSeq})`);
      } else if (state.phase === 'awaiting-initialized' && state.initializedSeq === undefined && !state.once.has('lifecycle.missing-initialized')) {
        state.once.add('lifecycle.missing-initialized');
        report('lifecycle.missing-initialized', at, `${msg.method} sent after the initialize result without notifications/initialized`);
      }
    }
    if (clientSent && msg.kind === 'notification' && msg.method === 'notifications/initialized' && state.initializedSeq !== undefined) {
      report(
        'lifecycle.duplicate-initialized',
        [msg.seq, state.initializedSeq],
        `notifications/initialized sent again (first in frame ${state.initializedSeq})`,
      );
    }
    if (!clientSent && msg.kind === 'request' && msg.method !== 'ping' && state.initializedSeq === undefined && !joinedLate) {
      report('lifecycle.server-request-before-initialized', at, `the server sent ${msg.method} before it received notifications/initialized`);
    }
    if (msg.kind === 'notification' && msg.method === 'notifications/cancelled' && clientSent) {
      const req = state.calls.cancelTarget('c2s', own(isObj(msg.params) ? msg.params : {}, 'requestId'));
      if (req?.method === 'initialize')
        report(
          'lifecycle.initialize-cancelled',
          [msg.seq, req.seq],
          `notifications/cancelled names the initialize request (id ${show(req.id)}); initialize must not be cancelled`,
        );
    }
    if (msg.kind === 'error' && !clientSent && request?.method === 'initialize' && request.responseSeq === undefined) {
      const e = isObj(msg.error) ? msg.error : {};
      report('lifecycle.initialize-failed', [msg.seq, request.seq], `initialize failed with error ${show(own(e, 'code'))}: ${show(own(e, 'message'), 100)}`);
    }
  },
};
