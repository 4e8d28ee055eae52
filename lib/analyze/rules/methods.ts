/** jsonrpc.* rules that need MCP's method table: batches, direction, unknown methods, `_meta` keys. */
import { metaOf } from '../../mcp/era';
import { mayBeSentBy, methodInfo } from '../../mcp/methods';
import type { MessageContext, RuleModule } from '../types';
import { hasOwn, isObj } from '../util';

const S = 'basic/index#';
/** `_meta` keys with a reserved prefix that the spec itself defines, and since when. */
const DEFINED_META: Record<string, string> = { 'io.modelcontextprotocol/related-task': '2025-11-25' };

function reservedPrefix(key: string): boolean {
  const slash = key.indexOf('/');
  if (slash <= 0) return false;
  const labels = key.slice(0, slash).split('.');
  return labels.length >= 2 && (labels[1] === 'modelcontextprotocol' || labels[1] === 'mcp');
}

/** `_meta` keys of `holder` (params or result) under a reserved prefix the version does not define. */
function reservedMeta(holder: unknown, seq: number, version: string, report: MessageContext['report']): void {
  const meta = metaOf(holder);
  if (!meta) return;
  for (const key in meta) {
    if (!hasOwn(meta, key) || !reservedPrefix(key)) continue;
    const since = DEFINED_META[key];
    if (since !== undefined && version >= since) continue;
    report('jsonrpc.meta-reserved', [seq], `_meta key "${key}" uses the reserved MCP prefix but MCP ${version} does not define it`);
  }
}

export const methodRules: RuleModule = {
  rules: {
    'jsonrpc.batch-not-allowed': { severity: 'error', layer: 'jsonrpc', section: `${S}messages` },
    'jsonrpc.wrong-direction': { severity: 'error', layer: 'capabilities', section: `${S}messages` },
    'jsonrpc.unknown-method': { severity: 'info', layer: 'capabilities', section: `${S}messages` },
    'jsonrpc.meta-reserved': { severity: 'warning', layer: 'jsonrpc', section: `${S}meta` },
  },

  onText({ unit, version, report }) {
    const v = unit.parsed.value;
    if (!unit.parsed.ok || !Array.isArray(v)) return;
    const seqs = unit.frames.map((f) => f.seq);
    if (version !== '2025-03-26') {
      report(
        'jsonrpc.batch-not-allowed',
        seqs,
        `a JSON array batch of ${v.length} message${v.length === 1 ? '' : 's'}; only 2025-03-26 allows batches, this session uses ${version}`,
      );
    } else if (v.some((m) => isObj(m) && m.method === 'initialize')) {
      report('jsonrpc.batch-not-allowed', seqs, '`initialize` inside a batch: it must be sent alone');
    }
  },

  onMessage({ msg, state, version, report }) {
    if (state.era === 'modern') return;
    const at = [msg.seq];
    if (msg.method !== undefined && (msg.kind === 'request' || msg.kind === 'notification')) {
      const info = methodInfo(msg.method);
      if (!info) {
        report('jsonrpc.unknown-method', at, `${msg.method} is not defined by MCP ${version} (a custom method?)`);
      } else if (!mayBeSentBy(info, msg.dir === 'c2s' ? 'client' : 'server')) {
        report('jsonrpc.wrong-direction', at, `${msg.method} is sent by the ${info.from}, but here the ${msg.dir === 'c2s' ? 'client' : 'server'} sent it`);
      } else if (info.kind === 'notification' && msg.kind === 'request') {
        report('jsonrpc.notification-with-id', at, `${msg.method} is a notification but carries the id ${JSON.stringify(msg.id) ?? 'undefined'}`);
      }
    }
    reservedMeta(msg.params, msg.seq, version, report);
    reservedMeta(msg.result, msg.seq, version, report);
  },
};
