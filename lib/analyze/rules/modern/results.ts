/**
 * modern.*: the results of the 2026-07-28 era: `resultType` on every result and only where it is
 * allowed (basic/index#resulttype, basic/patterns/mrtr#supported-requests, the tasks extension),
 * what an InputRequiredResult must hold, caching hints (server/utilities/caching), serverInfo.
 */
import { META_SERVER_INFO, metaValue } from '../../../mcp/era';
import { MRTR_TARGET } from '../../../mcp/rounds';
import type { RuleModule } from '../../types';
import { isObj, own, path, show, type Obj } from '../../util';
import { deprecatedInputs } from './requests';
import { declaredCapabilities, declaresTasks, MRTR, once, serverOffersTasks } from './shared';

const CACHEABLE = new Set(['server/discover', 'tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'resources/read']);
/** The capability each kind of input request needs the client to have declared. */
const INPUT_NEEDS: Readonly<Record<string, string>> = { 'elicitation/create': 'elicitation', 'sampling/createMessage': 'sampling', 'roots/list': 'roots' };

export const modernResultRules: RuleModule = {
  rules: {
    'modern.result-type': { severity: 'error', layer: 'capabilities', section: 'basic/index#resulttype' },
    'modern.result-type-not-allowed': { severity: 'error', layer: 'capabilities', section: `${MRTR}supported-requests` },
    'modern.input-required-empty': { severity: 'error', layer: 'capabilities', section: `${MRTR}server-requirements-basic-workflow` },
    'modern.input-request-invalid': { severity: 'error', layer: 'capabilities', section: `${MRTR}server-requirements-basic-workflow` },
    'modern.cache-hints-missing': { severity: 'error', layer: 'capabilities', section: 'server/utilities/caching#cacheable-results' },
    'modern.server-info-missing': { severity: 'warning', layer: 'lifecycle', section: 'basic/index#meta' },
  },

  onMessage({ msg, state, request, report }) {
    if (state.era !== 'modern' || msg.kind !== 'response' || msg.dir !== 's2c' || !request || request.responseSeq !== undefined || !isObj(msg.result)) return;
    const result = msg.result;
    const at = [msg.seq, request.seq];
    const type = own(result, 'resultType');
    const caps = declaredCapabilities(request.params);
    const tasks = declaresTasks(caps) || serverOffersTasks(state);
    if (type === undefined) {
      report('modern.result-type', at, `the ${request.method} result has no resultType; every 2026-07-28 result must say "complete" or "input_required"`);
    } else if (type !== 'complete' && type !== 'input_required' && !(type === 'task' && tasks)) {
      report(
        'modern.result-type',
        at,
        `the ${request.method} result has resultType ${show(type)}, which neither the core protocol nor an advertised extension defines`,
      );
    }
    if (type === 'input_required' && !Object.prototype.hasOwnProperty.call(MRTR_TARGET, request.method)) {
      report(
        'modern.result-type-not-allowed',
        at,
        `${request.method} was answered input_required; only tools/call, resources/read and prompts/get may ask for input`,
      );
    } else if (type === 'task' && (request.method !== 'tools/call' || !declaresTasks(caps))) {
      report(
        'modern.result-type-not-allowed',
        at,
        request.method !== 'tools/call'
          ? `${request.method} was answered with a task; the tasks extension allows it only on tools/call`
          : 'tools/call was answered with a task, but the request did not declare the io.modelcontextprotocol/tasks extension in its clientCapabilities',
      );
    }
    if (type === 'input_required') judgeInputRequired(result, caps, at, state, report);
    if ((type === 'complete' || type === undefined) && CACHEABLE.has(request.method)) {
      const ttl = own(result, 'ttlMs');
      const scope = own(result, 'cacheScope');
      const wrong = [
        ...(typeof ttl === 'number' && Number.isInteger(ttl) && ttl >= 0 ? [] : [`ttlMs ${show(ttl)} (an integer >= 0)`]),
        ...(scope === 'public' || scope === 'private' ? [] : [`cacheScope ${show(scope)} ("public" or "private")`]),
      ];
      if (wrong.length) report('modern.cache-hints-missing', at, `the ${request.method} result needs caching hints: ${wrong.join(', ')}`);
    }
    if (!isObj(metaValue(result, META_SERVER_INFO)) && once(state, 'modern.server-info-missing')) {
      report(
        'modern.server-info-missing',
        at,
        `the ${request.method} result carries no _meta["${META_SERVER_INFO}"]; servers should name themselves on every result (said once per session)`,
      );
    }
  },
};

function judgeInputRequired(
  result: Obj,
  caps: Obj | undefined,
  at: number[],
  state: Parameters<NonNullable<RuleModule['onMessage']>>[0]['state'],
  report: (rule: string, frames: number[], message: string) => void,
): void {
  const inputs = own(result, 'inputRequests');
  if (inputs === undefined && own(result, 'requestState') === undefined) {
    report(
      'modern.input-required-empty',
      at,
      'an input_required result with neither inputRequests nor requestState: the client has nothing to answer and nothing to echo',
    );
  }
  if (inputs !== undefined && !isObj(inputs)) {
    report('modern.input-request-invalid', at, `inputRequests must be an object of requests by key; got ${show(inputs)}`);
    return;
  }
  for (const [key, r] of Object.entries(inputs ?? {})) {
    const method = own(isObj(r) ? r : {}, 'method');
    const need = typeof method === 'string' && Object.prototype.hasOwnProperty.call(INPUT_NEEDS, method) ? INPUT_NEEDS[method] : undefined;
    if (need === undefined) {
      report(
        'modern.input-request-invalid',
        at,
        `inputRequests["${key}"] is ${show(method)}; only elicitation/create, sampling/createMessage and roots/list may be asked for`,
      );
    } else if (!caps || own(caps, need) === undefined) {
      report('modern.input-request-invalid', at, `inputRequests["${key}"] asks for ${method}, but the request did not declare the ${need} capability`);
    } else if (method === 'elicitation/create' && path(r, 'params.mode') === 'url' && path(caps, 'elicitation.url') === undefined) {
      report('modern.input-request-invalid', at, `inputRequests["${key}"] is a URL elicitation, but the client declared no elicitation.url`);
    }
  }
  for (const feature of deprecatedInputs(inputs)) {
    if (once(state, `modern.deprecated-feature|${feature}`))
      report('modern.deprecated-feature', at, `the server asks for ${feature} input: ${feature} is deprecated in 2026-07-28`);
  }
}
