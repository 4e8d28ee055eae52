/** tools.*: listings and calls (server/tools). */
import { schemaProblem, validateJsonSchema } from '../json-schema';
import type { RuleModule } from '../types';
import { arrAt, isObj, own, show, strAt } from '../util';

const S = 'server/tools';
const NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** How a finding names a tool: built only for a finding, since most tools of a listing have none. */
function toolLabel(name: string | undefined): string {
  return name === undefined ? 'a tool without a name' : `tool "${name}"`;
}

export const toolRules: RuleModule = {
  rules: {
    'tools.input-schema': { severity: 'error', layer: 'tool', section: `${S}#tool` },
    'tools.name': { severity: 'warning', layer: 'tool', section: `${S}#tool-names` },
    'tools.duplicate-name': { severity: 'warning', layer: 'tool', section: `${S}#listing-tools` },
    'tools.structured-content-missing': { severity: 'error', layer: 'tool', section: `${S}#structured-content` },
    'tools.structured-content-invalid': { severity: 'error', layer: 'tool', section: `${S}#output-schema` },
    'tools.output-schema': { severity: 'error', layer: 'tool', section: `${S}#output-schema` },
    'tools.unknown-tool-as-result': { severity: 'warning', layer: 'tool', section: `${S}#error-handling` },
  },

  onMessage({ msg, state, request, version, report }) {
    if (state.era === 'modern' || msg.kind !== 'response' || !request || request.responseSeq !== undefined || request.dir !== 'c2s') return;
    const at = [msg.seq, request.seq];
    if (request.method === 'tools/list') {
      const seen = new Set<string>();
      for (const t of arrAt(msg.result, 'tools') ?? []) {
        if (!isObj(t)) continue;
        const name = strAt(t, 'name');
        const schema = own(t, 'inputSchema');
        if (!isObj(schema))
          report(
            'tools.input-schema',
            at,
            `${toolLabel(name)} has ${schema === undefined ? 'no inputSchema' : `inputSchema ${show(schema, 30)}`}; it must be a JSON Schema object`,
          );
        else if (own(schema, 'type') !== 'object')
          report('tools.input-schema', at, `${toolLabel(name)} has inputSchema of type ${show(own(schema, 'type'), 30)}; it must be "object"`);
        else {
          const problem = schemaProblem(schema);
          if (problem) report('tools.input-schema', at, `${toolLabel(name)} has an inputSchema no client can apply: ${problem}`);
        }
        const output = own(t, 'outputSchema');
        const outputProblem = isObj(output) ? schemaProblem(output) : undefined;
        if (outputProblem) report('tools.output-schema', at, `${toolLabel(name)} has an outputSchema no client can apply: ${outputProblem}`);
        if (name === undefined) continue;
        if (version >= '2025-11-25' && !NAME.test(name))
          report('tools.name', at, `tool name ${show(name, 40)} should be 1-128 characters of A-Z a-z 0-9 _ - .`);
        if (seen.has(name)) report('tools.duplicate-name', at, `two tools in this listing are named "${name}"`);
        seen.add(name);
      }
      return;
    }
    if (request.method !== 'tools/call') return;
    const name = strAt(request.params, 'name');
    const result = isObj(msg.result) ? msg.result : undefined;
    if (name === undefined || !result) return;
    const tool = state.tools.get(name);
    const isError = own(result, 'isError') === true;
    if (!tool) {
      if (isError && state.methods.c2s.has('tools/list'))
        report(
          'tools.unknown-tool-as-result',
          at,
          `tools/call for "${name}", a tool never listed, was answered with an isError result; an unknown tool should get a JSON-RPC error (-32602)`,
        );
      return;
    }
    if (isError || !isObj(tool.outputSchema) || version < '2025-06-18') return;
    const structured = own(result, 'structuredContent');
    if (structured === undefined) {
      report('tools.structured-content-missing', at, `tool "${name}" declares an outputSchema but its result has no structuredContent`);
      return;
    }
    const problem = validateJsonSchema(tool.outputSchema, structured);
    if (problem) report('tools.structured-content-invalid', at, `structuredContent of tool "${name}" does not match its outputSchema: ${problem}`);
  },
};
