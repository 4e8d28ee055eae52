/**
 * modern.*: what a client sends and what a server may not send in the 2026-07-28 era: required
 * `_meta` (basic/index#meta), no server-sent requests (basic/patterns/mrtr), the handshake-era
 * methods a modern server no longer knows, a fallback the spec forbids, deprecated features.
 */
import { eraOfMethod, methodInfo } from '../../../mcp/methods';
import { META_CAPABILITIES, META_LOG_LEVEL, META_VERSION, metaValue } from '../../../mcp/era';
import type { RuleModule } from '../../types';
import { isObj, own, show } from '../../util';
import { once } from './shared';

export const modernRequestRules: RuleModule = {
  rules: {
    'modern.request-meta-missing': { severity: 'error', layer: 'lifecycle', section: 'basic/index#meta' },
    'modern.server-request': { severity: 'error', layer: 'capabilities', section: 'basic/patterns/mrtr' },
    'modern.legacy-method': { severity: 'warning', layer: 'lifecycle', section: 'changelog#major-changes' },
    'modern.fallback-after-modern-error': { severity: 'warning', layer: 'lifecycle', section: 'basic/transports/stdio#backward-compatibility' },
    'modern.deprecated-feature': { severity: 'info', layer: 'capabilities', section: 'deprecated' },
  },

  onMessage({ msg, state, report }) {
    const at = [msg.seq];
    const eras = state.eras;
    // Handshake-era methods sent into a modern conversation (judged before the message's own era:
    // an initialize is a legacy message, but here it is the mistake).
    if (msg.dir === 'c2s' && msg.method !== undefined && (msg.kind === 'request' || msg.kind === 'notification') && eras.current === 'modern') {
      const info = methodInfo(msg.method);
      if (info && eraOfMethod(info) === 'legacy') {
        const evidence = eras.modernEvidence;
        if (msg.method === 'initialize' && evidence?.kind === 'error') {
          report(
            'modern.fallback-after-modern-error',
            [msg.seq, evidence.seq],
            `initialize after the server answered a modern request with a modern error (frame ${evidence.seq}): the server speaks 2026-07-28; retry with a version it supports instead of falling back`,
          );
        } else if (msg.method !== 'initialize' || evidence) {
          report(
            'modern.legacy-method',
            evidence ? [msg.seq, evidence.seq] : at,
            `${msg.method} was removed in 2026-07-28, and this ${evidence ? `server answered modern requests (frame ${evidence.seq})` : 'conversation is modern'}`,
          );
        }
      }
    }
    if (state.era !== 'modern') return;
    if (msg.dir === 's2c' && msg.kind === 'request') {
      report(
        'modern.server-request',
        at,
        `the server sent ${msg.method ?? 'a request'} in a modern session; since 2026-07-28 it must ask with an InputRequiredResult (inputRequests) on the client's request instead`,
      );
      return;
    }
    if (msg.dir !== 'c2s' || msg.kind !== 'request') return;
    const missing = [META_VERSION, META_CAPABILITIES].filter((k) =>
      k === META_VERSION ? typeof metaValue(msg.params, k) !== 'string' : !isObj(metaValue(msg.params, k)),
    );
    if (missing.length)
      report(
        'modern.request-meta-missing',
        at,
        `${msg.method} lacks ${missing.map((k) => `_meta["${k}"]`).join(' and ')}; every modern request must carry them (the server must reject it with -32602)`,
      );
    const logLevel = metaValue(msg.params, META_LOG_LEVEL);
    if (logLevel !== undefined && once(state, 'modern.deprecated-feature|logging')) {
      report(
        'modern.deprecated-feature',
        at,
        `${msg.method} asks for log messages (_meta logLevel ${show(logLevel)}): logging is deprecated in 2026-07-28; log to stderr or use OpenTelemetry`,
      );
    }
  },
};

/** Deprecated features a modern result asks the client for (sampling, roots). */
export function deprecatedInputs(inputRequests: unknown): string[] {
  const out: string[] = [];
  for (const r of isObj(inputRequests) ? Object.values(inputRequests) : []) {
    const m = own(isObj(r) ? r : {}, 'method');
    if (m === 'sampling/createMessage' && !out.includes('sampling')) out.push('sampling');
    if (m === 'roots/list' && !out.includes('roots')) out.push('roots');
  }
  return out;
}
