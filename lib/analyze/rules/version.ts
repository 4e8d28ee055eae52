/** version.*: negotiation (basic/lifecycle, Version Negotiation) and features the version lacks. */
import { isKnownVersion, KNOWN_VERSIONS } from '../../mcp/versions';
import { modernSign } from '../../mcp/era';
import { methodInfo } from '../../mcp/methods';
import type { RuleModule } from '../types';
import { strAt } from '../util';
import { featuresNotIn } from '../version-features';

const S = 'basic/lifecycle#version-negotiation';

export const versionRules: RuleModule = {
  rules: {
    'version.unknown-requested': { severity: 'warning', layer: 'lifecycle', section: S },
    'version.unknown-selected': { severity: 'error', layer: 'lifecycle', section: S },
    'version.downgraded': { severity: 'info', layer: 'lifecycle', section: S },
    'version.unsupported-continued': { severity: 'warning', layer: 'lifecycle', section: S },
    // basic/lifecycle#operation: both parties "SHOULD respect the negotiated protocol version" up
    // to 2025-03-26, "MUST" from 2025-06-18.
    'version.feature-not-in-version': {
      severity: 'error',
      layer: 'capabilities',
      section: 'basic/lifecycle#operation',
      weakerBefore: { version: '2025-06-18', severity: 'warning' },
    },
    'version.stateless-era': { severity: 'info', layer: 'lifecycle', section: 'basic/index' },
  },

  onMessage({ msg, state, request, version, report }) {
    const at = [msg.seq];
    if (state.era === 'modern') {
      // Said once, where the modern traffic starts (docs/eras.md: its own rules judge it).
      const sign = modernSign(msg);
      if (sign && !state.once.has('version.stateless-era')) {
        state.once.add('version.stateless-era');
        report(
          'version.stateless-era',
          at,
          `modern 2026-07-28 era traffic (${sign}${state.initializeSeq === undefined ? ', no initialize' : ''}): judged by the modern.* rules, not the handshake's`,
        );
      }
      return;
    }

    if (msg.kind === 'request' && msg.method === 'initialize' && msg.dir === 'c2s' && state.initializeSeq === undefined) {
      const asked = strAt(msg.params, 'protocolVersion');
      if (asked !== undefined && !isKnownVersion(asked))
        report(
          'version.unknown-requested',
          at,
          `the client asks for protocol version ${JSON.stringify(asked)}; known versions are ${KNOWN_VERSIONS.join(', ')}`,
        );
    }
    if (msg.kind === 'response' && request?.method === 'initialize' && request.dir === 'c2s' && request.responseSeq === undefined) {
      const selected = strAt(msg.result, 'protocolVersion');
      const asked = strAt(request.params, 'protocolVersion');
      if (selected !== undefined && !isKnownVersion(selected))
        report(
          'version.unknown-selected',
          [msg.seq, request.seq],
          `the server selected protocol version ${JSON.stringify(selected)}, which is not a known version`,
        );
      if (selected !== undefined && asked !== undefined && selected !== asked)
        report('version.downgraded', [msg.seq, request.seq], `the client asked for ${asked}; the server selected ${selected}`);
    }
    const selected = state.negotiatedVersion;
    if (
      msg.dir === 'c2s' &&
      (msg.kind === 'request' || msg.kind === 'notification') &&
      selected !== undefined &&
      selected !== state.requestedVersion &&
      !isKnownVersion(selected) &&
      !state.once.has('version.unsupported-continued')
    ) {
      state.once.add('version.unsupported-continued');
      report(
        'version.unsupported-continued',
        at,
        `the client sent ${msg.method} although the server selected ${JSON.stringify(selected)}, a version it did not offer: it should disconnect`,
      );
    }

    if (msg.method !== undefined && (msg.kind === 'request' || msg.kind === 'notification')) {
      const info = methodInfo(msg.method);
      if (info && version < info.since)
        report('version.feature-not-in-version', at, `${msg.method} exists only from ${info.since}; this session uses ${version}`);
    }
    // A response is judged only once (a second answer is jsonrpc.duplicate-response).
    if (msg.kind === 'response' && request?.responseSeq !== undefined) return;
    const missing = featuresNotIn(msg, request?.method, version);
    if (missing.length) {
      const list = missing
        .slice(0, 4)
        .map((f) => `${f.what} (from ${f.since})`)
        .join(', ');
      const where = request ? [msg.seq, request.seq] : at;
      report(
        'version.feature-not-in-version',
        where,
        `${list}${missing.length > 4 ? `, and ${missing.length - 4} more` : ''}: not in ${version}, the version of this session`,
      );
    }
  },
};
