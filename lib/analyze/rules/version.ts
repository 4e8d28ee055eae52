/** version.*: negotiation (basic/lifecycle, Version Negotiation) and features the version lacks. */
import { isKnownVersion, KNOWN_VERSIONS } from '../../mcp/versions';
import { statelessSignal } from '../era';
import { methodInfo } from '../../mcp/methods';
import type { Message } from '../message';
import type { RuleModule } from '../types';
import { arrAt, hasOwn, isObj, objAt, strAt } from '../util';

const S = 'basic/lifecycle#version-negotiation';

/** Fields that appeared in a given version, looked for where they live. */
function newFields(msg: Message, method: string | undefined): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  if (msg.kind === 'request' && isObj(msg.params) && hasOwn(msg.params, 'task')) found.push(['`task` in request params', '2025-11-25']);
  if (msg.method === 'sampling/createMessage' && isObj(msg.params) && hasOwn(msg.params, 'tools')) found.push(['`tools` in sampling/createMessage', '2025-11-25']);
  if (msg.kind !== 'response') return found;
  if (method === 'tools/list') {
    for (const t of arrAt(msg.result, 'tools') ?? []) {
      if (!isObj(t)) continue;
      if (hasOwn(t, 'outputSchema')) found.push([`outputSchema on tool "${strAt(t, 'name')}"`, '2025-06-18']);
      if (hasOwn(t, 'annotations')) found.push([`annotations on tool "${strAt(t, 'name')}"`, '2025-03-26']);
      if (hasOwn(t, 'title')) found.push([`title on tool "${strAt(t, 'name')}"`, '2025-06-18']);
      if (hasOwn(t, 'icons')) found.push([`icons on tool "${strAt(t, 'name')}"`, '2025-11-25']);
    }
  }
  if (method === 'tools/call' && isObj(msg.result) && hasOwn(msg.result, 'structuredContent')) found.push(['structuredContent in a tool result', '2025-06-18']);
  if (method === 'initialize' && hasOwn(objAt(msg.result, 'serverInfo') ?? {}, 'icons')) found.push(['icons in serverInfo', '2025-11-25']);
  return found;
}

export const versionRules: RuleModule = {
  rules: {
    'version.unknown-requested': { severity: 'warning', section: S },
    'version.unknown-selected': { severity: 'error', section: S },
    'version.downgraded': { severity: 'info', section: S },
    'version.unsupported-continued': { severity: 'warning', section: S },
    'version.feature-not-in-version': { severity: 'error', section: 'basic/index' },
    'version.stateless-era': { severity: 'info', section: 'basic/index' },
  },

  onMessage({ msg, state, request, version, report }) {
    const at = [msg.seq];
    if (state.era === 'stateful') {
      const signal = statelessSignal(msg);
      if (signal) {
        report('version.stateless-era', at, `stateless 2026-07-28 era traffic (${signal}${state.initializeSeq === undefined ? ', no initialize' : ''}): the stateful rules are not applied`);
        return;
      }
    } else return;

    if (msg.kind === 'request' && msg.method === 'initialize' && msg.dir === 'c2s' && state.initializeSeq === undefined) {
      const asked = strAt(msg.params, 'protocolVersion');
      if (asked !== undefined && !isKnownVersion(asked)) report('version.unknown-requested', at, `the client asks for protocol version ${JSON.stringify(asked)}; known versions are ${KNOWN_VERSIONS.join(', ')}`);
    }
    if (msg.kind === 'response' && request?.method === 'initialize' && request.dir === 'c2s' && request.responseSeq === undefined) {
      const selected = strAt(msg.result, 'protocolVersion');
      const asked = strAt(request.params, 'protocolVersion');
      if (selected !== undefined && !isKnownVersion(selected)) report('version.unknown-selected', [msg.seq, request.seq], `the server selected protocol version ${JSON.stringify(selected)}, which is not a known version`);
      if (selected !== undefined && asked !== undefined && selected !== asked) report('version.downgraded', [msg.seq, request.seq], `the client asked for ${asked}; the server selected ${selected}`);
    }
    const selected = state.negotiatedVersion;
    if (msg.dir === 'c2s' && (msg.kind === 'request' || msg.kind === 'notification') && selected !== undefined && selected !== state.requestedVersion
      && !isKnownVersion(selected) && !state.once.has('version.unsupported-continued')) {
      state.once.add('version.unsupported-continued');
      report('version.unsupported-continued', at, `the client sent ${msg.method} although the server selected ${JSON.stringify(selected)}, a version it did not offer: it should disconnect`);
    }

    if (msg.method !== undefined && (msg.kind === 'request' || msg.kind === 'notification')) {
      const info = methodInfo(msg.method);
      if (info && version < info.since) report('version.feature-not-in-version', at, `${msg.method} exists only from ${info.since}; this session uses ${version}`);
    }
    const missing = newFields(msg, request?.method).filter(([, since]) => version < since);
    if (missing.length) {
      const list = missing.slice(0, 4).map(([what, since]) => `${what} (from ${since})`).join(', ');
      report('version.feature-not-in-version', at, `${list}${missing.length > 4 ? ', …' : ''}: not in ${version}, the version of this session`);
    }
  },
};
