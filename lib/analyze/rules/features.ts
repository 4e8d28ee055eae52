/** elicitation.*, roots.*, completion.*, sampling.*: the client features and completion. */
import { validateJsonSchema } from '../json-schema';
import type { RuleModule } from '../types';
import { arrAt, isObj, objAt, own, show, strAt, type Obj } from '../util';

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

/** Why a form's requestedSchema is not a flat object of primitives, or undefined. */
function notFlat(schema: unknown): string | undefined {
  if (!isObj(schema)) return `requestedSchema is ${show(schema, 30)}`;
  if (own(schema, 'type') !== 'object') return `requestedSchema has type ${show(own(schema, 'type'), 20)}, not "object"`;
  const props = objAt(schema, 'properties');
  if (!props) return 'requestedSchema has no "properties" object';
  for (const [name, p] of Object.entries(props)) {
    if (!isObj(p)) return `property "${name}" is not a schema`;
    const type = own(p, 'type');
    // Multi-select enums (2025-11-25) are arrays whose items are an enum of strings.
    const items = objAt(p, 'items');
    const enumArray = type === 'array' && items && (Array.isArray(own(items, 'enum')) || Array.isArray(own(items, 'anyOf')));
    if (!(typeof type === 'string' && PRIMITIVES.has(type)) && !enumArray)
      return `property "${name}" has type ${show(type, 20)}; only string, number, integer, boolean and enum arrays are allowed`;
  }
  return undefined;
}

/** Sampling messages: tool_result must stand alone in its message, and every tool_use be answered. */
function toolResultProblem(messages: unknown[]): string | undefined {
  const contents = messages.map((m) => (isObj(m) ? own(m, 'content') : undefined)).map((c) => (Array.isArray(c) ? c : c === undefined ? [] : [c]));
  for (let i = 0; i < contents.length; i++) {
    const types = contents[i].map((b) => strAt(b, 'type'));
    if (types.includes('tool_result') && types.some((t) => t !== 'tool_result'))
      return `messages[${i}] mixes tool_result with ${types.find((t) => t !== 'tool_result')} content`;
    const uses = contents[i].filter((b) => strAt(b, 'type') === 'tool_use').map((b) => strAt(b, 'id'));
    if (uses.length === 0) continue;
    const answered = new Set((contents[i + 1] ?? []).filter((b) => strAt(b, 'type') === 'tool_result').map((b) => strAt(b, 'toolUseId')));
    const open = uses.filter((id) => !answered.has(id));
    if (open.length && i + 1 < contents.length)
      return `tool_use ${open.map((id) => show(id)).join(', ')} in messages[${i}] is not answered by a tool_result in the next message`;
  }
  return undefined;
}

export const featureRules: RuleModule = {
  rules: {
    'elicitation.schema-not-flat': { severity: 'error', layer: 'tool', section: 'client/elicitation#requested-schema' },
    'elicitation.url-fields': { severity: 'error', layer: 'tool', section: 'client/elicitation#url-mode-elicitation-requests' },
    'elicitation.content-invalid': { severity: 'warning', layer: 'tool', section: 'client/elicitation#security-considerations' },
    'roots.non-file-uri': { severity: 'error', layer: 'tool', section: 'client/roots#root' },
    'completion.too-many-values': { severity: 'error', layer: 'tool', section: 'server/utilities/completion#completion-results' },
    'sampling.tool-result-mixed': { severity: 'error', layer: 'tool', section: 'client/sampling#tool-use' },
  },

  onMessage({ msg, state, request, report }) {
    if (state.era === 'modern') return;
    if (msg.kind === 'request' && msg.dir === 's2c') {
      const params: Obj = isObj(msg.params) ? msg.params : {};
      if (msg.method === 'elicitation/create') {
        const mode = strAt(params, 'mode');
        if (mode === 'url') {
          const missing = ['url', 'elicitationId'].filter((k) => typeof own(params, k) !== 'string');
          if (missing.length) report('elicitation.url-fields', [msg.seq], `URL-mode elicitation without ${missing.join(' and ')}`);
        } else if (mode === undefined || mode === 'form') {
          const why = notFlat(own(params, 'requestedSchema'));
          if (why) report('elicitation.schema-not-flat', [msg.seq], `form elicitation: ${why}`);
        }
      }
      if (msg.method === 'sampling/createMessage') {
        const why = toolResultProblem(arrAt(params, 'messages') ?? []);
        if (why) report('sampling.tool-result-mixed', [msg.seq], why);
      }
      return;
    }
    if (msg.kind !== 'response' || !request || request.responseSeq !== undefined) return;
    const at = [msg.seq, request.seq];
    if (
      request.method === 'elicitation/create' &&
      strAt(request.params, 'mode') === 'url' &&
      strAt(msg.result, 'action') === 'accept' &&
      own(isObj(msg.result) ? msg.result : {}, 'content') !== undefined
    ) {
      report('elicitation.url-fields', at, 'an accepted URL-mode elicitation must not carry "content"');
    }
    if (request.method === 'elicitation/create' && strAt(request.params, 'mode') !== 'url' && strAt(msg.result, 'action') === 'accept') {
      // "Clients SHOULD validate all responses against the provided schema."
      const content = own(isObj(msg.result) ? msg.result : {}, 'content');
      const problem = content === undefined ? undefined : validateJsonSchema(own(isObj(request.params) ? request.params : {}, 'requestedSchema'), content);
      if (problem) report('elicitation.content-invalid', at, `the accepted elicitation content does not match the requestedSchema: ${problem}`);
    }
    if (request.method === 'roots/list') {
      const bad = (arrAt(msg.result, 'roots') ?? []).map((r) => strAt(r, 'uri')).filter((u) => u !== undefined && !u.startsWith('file://'));
      if (bad.length)
        report(
          'roots.non-file-uri',
          at,
          `root uri ${bad
            .slice(0, 3)
            .map((u) => show(u, 50))
            .join(', ')} is not a file:// URI`,
        );
    }
    if (request.method === 'completion/complete') {
      const values = arrAt(objAt(msg.result, 'completion'), 'values');
      if (values && values.length > 100) report('completion.too-many-values', at, `${values.length} completion values; at most 100 are allowed`);
    }
  },
};
