/** schema.*: params and results against the SDK's schemas for the method. */
import { methodInfo, definedIn } from '../methods';
import { CREATE_TASK_RESULT, describeIssues, PARAMS, RESULTS, SAMPLING_WITH_TOOLS_RESULT } from '../schemas';
import type { RuleModule } from '../types';
import { hasOwn, isObj } from '../util';

export const schemaRules: RuleModule = {
  rules: {
    'schema.params': { severity: 'error', section: 'basic/index#messages' },
    'schema.result': { severity: 'error', section: 'basic/index#responses' },
  },

  onMessage({ msg, state, request, version, report }) {
    if (state.era === 'stateless') return;
    if ((msg.kind === 'request' || msg.kind === 'notification') && msg.method) {
      const info = methodInfo(msg.method);
      const schema = PARAMS.get(msg.method);
      if (!info || !schema || !definedIn(info, version) || info.kind !== (msg.kind === 'request' ? 'request' : 'notification')) return;
      const r = schema.safeParse(msg.params);
      if (!r.success) report('schema.params', [msg.seq], `${msg.method} params do not match the ${version} schema: ${describeIssues(r.error)}`);
      return;
    }
    if (msg.kind !== 'response' || !request || request.responseSeq !== undefined || !isObj(msg.result)) return;
    const info = methodInfo(request.method);
    if (!info || !definedIn(info, version)) return;
    let schema = RESULTS.get(request.method);
    if (isObj(request.params) && hasOwn(request.params, 'task')) schema = CREATE_TASK_RESULT;
    else if (request.method === 'sampling/createMessage' && isObj(request.params) && hasOwn(request.params, 'tools')) schema = SAMPLING_WITH_TOOLS_RESULT;
    if (!schema) return;
    const r = schema.safeParse(msg.result);
    if (!r.success) report('schema.result', [msg.seq, request.seq], `result of ${request.method} does not match the ${version} schema: ${describeIssues(r.error)}`);
  },
};
