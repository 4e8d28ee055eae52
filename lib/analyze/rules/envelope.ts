/** jsonrpc.*: the JSON-RPC envelope, hand-written (the SDK's parsers reject what we must show). */
import { startsLikeJson } from '../lines';
import type { RuleModule } from '../types';
import { hasOwn, isObj, own, show } from '../util';

const S = 'basic/index#';
const ENVELOPE_FIELDS = new Set(['jsonrpc', 'id', 'method', 'params', 'result', 'error']);
/** JSON-RPC's own codes; -32099..-32000 is its block for implementation-defined server errors. */
const JSONRPC_CODES = new Set([-32700, -32600, -32601, -32602, -32603]);

function describeId(id: unknown): string | undefined {
  if (id === null) return 'null';
  if (typeof id === 'boolean') return `the boolean ${id}`;
  if (typeof id === 'number' && !Number.isInteger(id)) return `the fractional number ${id}`;
  if (Array.isArray(id)) return 'an array';
  if (typeof id === 'object') return 'an object';
  return undefined;
}

export const envelopeRules: RuleModule = {
  rules: {
    'jsonrpc.invalid-json': { severity: 'error', layer: 'framing', section: `${S}messages` },
    'jsonrpc.not-object': { severity: 'error', layer: 'jsonrpc', section: `${S}messages` },
    'jsonrpc.version': { severity: 'error', layer: 'jsonrpc', section: `${S}messages` },
    'jsonrpc.id-type': { severity: 'error', layer: 'jsonrpc', section: `${S}requests` },
    'jsonrpc.response-without-id': { severity: 'error', layer: 'jsonrpc', section: `${S}responses` },
    'jsonrpc.id-reused': { severity: 'error', layer: 'jsonrpc', section: `${S}requests` },
    'jsonrpc.notification-with-id': { severity: 'error', layer: 'jsonrpc', section: `${S}notifications` },
    'jsonrpc.result-and-error': { severity: 'error', layer: 'jsonrpc', section: `${S}responses` },
    'jsonrpc.result-not-object': { severity: 'error', layer: 'jsonrpc', section: `${S}responses` },
    'jsonrpc.error-shape': { severity: 'error', layer: 'jsonrpc', section: `${S}responses` },
    'jsonrpc.error-code-reserved': { severity: 'warning', layer: 'jsonrpc', section: `${S}responses` },
    'jsonrpc.unknown-response': { severity: 'error', layer: 'jsonrpc', section: `${S}responses` },
    'jsonrpc.duplicate-response': { severity: 'error', layer: 'jsonrpc', section: `${S}responses` },
    'jsonrpc.duplicate-key': { severity: 'warning', layer: 'jsonrpc', section: `${S}messages` },
    'jsonrpc.unknown-field': { severity: 'warning', layer: 'jsonrpc', section: `${S}messages` },
  },

  onText({ unit, stdio, version, report }) {
    const first = unit.frames[0];
    const p = unit.parsed;
    if (first.truncated) return; // only the start was kept: nothing can be judged
    // Most messages are valid single objects: the frame list is built only for a finding.
    if (p.ok && p.duplicates.length === 0 && isObj(p.value) && (stdio || !first.invalidUtf8)) return;
    const seqs = unit.frames.map((f) => f.seq);
    // On stdio the line itself is the fault (stdio.invalid-utf8); elsewhere the message is.
    if (!stdio && first.invalidUtf8) report('jsonrpc.invalid-json', seqs, 'the message is not valid UTF-8 (undecodable bytes shown as U+FFFD)');
    if (!p.ok) {
      // On stdio a line that does not even start like JSON is stdio.non-json-line.
      if (stdio && p.value === undefined && !startsLikeJson(first.raw)) return;
      const e = p.error;
      report('jsonrpc.invalid-json', seqs, `not valid JSON at line ${e?.line}, column ${e?.column}: ${e?.message}`);
      return;
    }
    if (p.duplicates.length > 0) {
      const list = p.duplicates
        .slice(0, 5)
        .map((d) => `"${d.key}" in ${d.path || 'the top level'}`)
        .join(', ');
      report(
        'jsonrpc.duplicate-key',
        seqs,
        `repeated key${p.duplicates.length > 1 ? 's' : ''} ${list}${p.duplicates.length > 5 ? ', …' : ''}: JSON.parse keeps only the last one`,
      );
    }
    if (Array.isArray(p.value)) {
      // The catalog counts a batch outside 2025-03-26 here too (and as jsonrpc.batch-not-allowed).
      if (version !== '2025-03-26')
        report('jsonrpc.not-object', seqs, `the message is a JSON array of ${p.value.length}; outside 2025-03-26 every message must be a single object`);
      p.value.forEach((el, i) => {
        if (!isObj(el)) report('jsonrpc.not-object', seqs, `batch element ${i} is ${show(el, 30)}, not a JSON-RPC object`);
      });
    } else if (!isObj(p.value)) {
      report('jsonrpc.not-object', seqs, `the message is ${show(p.value, 40)}, not a JSON object`);
    }
  },

  onMessage({ msg, state, request, report }) {
    const o = msg.obj;
    if (!o) return;
    const at = [msg.seq];
    if (own(o, 'jsonrpc') !== '2.0')
      report('jsonrpc.version', at, `"jsonrpc" is ${hasOwn(o, 'jsonrpc') ? show(o.jsonrpc, 30) : 'missing'}; it must be exactly "2.0"`);
    let extra: string[] | undefined;
    for (const k in o) if (hasOwn(o, k) && !ENVELOPE_FIELDS.has(k)) (extra ??= []).push(k);
    if (extra)
      report(
        'jsonrpc.unknown-field',
        at,
        `unexpected envelope field${extra.length > 1 ? 's' : ''} ${extra
          .slice(0, 5)
          .map((k) => `"${k}"`)
          .join(', ')}`,
      );
    // JSON-RPC lets an error answer a message whose id could not be read with `id: null`.
    const nullIdError = msg.kind === 'error' && msg.id === null;
    const bad = msg.hasId ? describeId(msg.id) : undefined;
    if (bad && !nullIdError) report('jsonrpc.id-type', at, `the id is ${bad}; MCP ids must be a string or an integer`);

    const prev = msg.kind === 'request' ? state.calls.latest(msg.dir, msg.id) : undefined;
    if (prev) report('jsonrpc.id-reused', [msg.seq, prev.seq], `request id ${show(msg.id)} was already used by ${prev.method} (frame ${prev.seq})`);
    if (msg.kind === 'notification' || msg.kind === 'request') return;

    if (msg.kind === 'unknown' || (msg.kind === 'error' && hasOwn(o, 'result'))) {
      report(
        'jsonrpc.result-and-error',
        at,
        msg.kind === 'error' ? 'the response carries both "result" and "error"' : 'the message has no "method", "result" or "error"',
      );
    }
    if (hasOwn(o, 'result') && !isObj(o.result)) report('jsonrpc.result-not-object', at, `"result" is ${show(o.result, 30)}; it must be an object`);
    if (msg.kind === 'error') {
      const e = msg.error;
      const code = isObj(e) ? own(e, 'code') : undefined;
      if (!isObj(e) || typeof code !== 'number' || !Number.isInteger(code) || typeof own(e, 'message') !== 'string') {
        report('jsonrpc.error-shape', at, `"error" must have an integer "code" and a string "message"; got ${show(e)}`);
      } else if (code >= -32768 && code <= -32100 && !JSONRPC_CODES.has(code)) {
        report('jsonrpc.error-code-reserved', at, `error code ${code} is in JSON-RPC's reserved range but defined by neither JSON-RPC nor MCP`);
      }
    }
    // JSON-RPC 2.0 section 5: "id" is REQUIRED on every response; an error that answers a message
    // whose id could not be read carries `id: null`, never no id at all.
    if ((msg.kind === 'response' || msg.kind === 'error') && !msg.hasId) {
      report(
        'jsonrpc.response-without-id',
        at,
        msg.kind === 'error'
          ? 'an error response has no "id"; it must repeat the request\'s id, or be null when that id could not be read'
          : 'a response has no "id"; it must repeat the id of the request it answers, so nothing can pair it',
      );
    }
    if (msg.kind === 'unknown' || nullIdError || !msg.hasId) return;
    if (!request) {
      report('jsonrpc.unknown-response', at, `response id ${show(msg.id)} matches no request the ${msg.dir === 'c2s' ? 'server' : 'client'} sent`);
    } else if (request.responseSeq !== undefined) {
      report(
        'jsonrpc.duplicate-response',
        [msg.seq, request.responseSeq],
        `a second response to ${request.method} id ${show(msg.id)} (first in frame ${request.responseSeq})`,
      );
    }
  },
};
