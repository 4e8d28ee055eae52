/** capability.*: requests and notifications against what each side declared at initialize. */
import { mayBeSentBy, methodInfo, receiverNeeds } from '../../mcp/methods';
import type { RuleModule } from '../types';
import { hasOwn, isObj, path, strAt, type Obj } from '../util';

const S = 'basic/lifecycle#capability-negotiation';

function declared(caps: Obj, dotted: string): boolean {
  const v = path(caps, dotted);
  return v !== undefined && v !== null && v !== false;
}

/** Every capability path the request needs on its receiver (the method table's, then the ones
 *  its params ask for). A request sent by the wrong side is jsonrpc.wrong-direction's to judge. */
function needs(method: string, params: unknown, toServer: boolean, version: string): string[] {
  const def = methodInfo(method);
  const base = def && mayBeSentBy(def, toServer ? 'client' : 'server') ? receiverNeeds(def, version) : undefined;
  if (def === undefined || base === undefined) return [];
  const out = [base];
  if (isObj(params) && hasOwn(params, 'task') && def.taskNeeds) out.push(def.taskNeeds);
  if (method === 'sampling/createMessage' && isObj(params) && hasOwn(params, 'tools')) out.push('sampling.tools');
  if (method === 'elicitation/create' && strAt(params, 'mode') === 'url') out.push('elicitation.url');
  return out;
}

export const capabilityRules: RuleModule = {
  rules: {
    'capability.receiver-undeclared': { severity: 'error', layer: 'capabilities', section: S },
    'capability.sender-undeclared': { severity: 'error', layer: 'capabilities', section: S },
    'capability.unsubscribed-update': { severity: 'error', layer: 'capabilities', section: 'server/resources#subscriptions' },
  },

  onMessage({ msg, state, version, report }) {
    if (state.era === 'modern' || !msg.method || state.initializeSeq === undefined) return;
    const toServer = msg.dir === 'c2s';
    const receiverCaps = toServer ? state.serverCapabilities : state.clientCapabilities;
    const senderCaps = toServer ? state.clientCapabilities : state.serverCapabilities;
    const receiver = toServer ? 'server' : 'client';
    if (msg.kind === 'request' && receiverCaps) {
      const missing = needs(msg.method, msg.params, toServer, version).filter((p) => !declared(receiverCaps, p));
      // 2025-11-25: an empty `elicitation` means form mode; one that lists modes must list `form`.
      const elicitation = isObj(receiverCaps.elicitation) ? receiverCaps.elicitation : undefined;
      if (
        msg.method === 'elicitation/create' &&
        strAt(msg.params, 'mode') !== 'url' &&
        elicitation &&
        Object.keys(elicitation).length > 0 &&
        !declared(elicitation, 'form')
      )
        missing.push('elicitation.form');
      if (missing.length)
        report(
          'capability.receiver-undeclared',
          [msg.seq],
          `${msg.method} needs the ${receiver} capability ${missing.map((p) => `\`${p}\``).join(' and ')}, which the ${receiver} did not declare`,
        );
    }
    if (msg.kind === 'notification' && senderCaps) {
      const def = methodInfo(msg.method);
      const need = def?.senderNeeds;
      const fromRightSide = def !== undefined && need !== undefined && mayBeSentBy(def, toServer ? 'client' : 'server');
      if (fromRightSide && !declared(senderCaps, need))
        report('capability.sender-undeclared', [msg.seq], `${msg.method} sent without declaring the ${toServer ? 'client' : 'server'} capability \`${need}\``);
    }
    if (msg.kind === 'notification' && msg.method === 'notifications/resources/updated' && !toServer) {
      const uri = strAt(msg.params, 'uri');
      if (uri !== undefined && !state.subscriptions.has(uri))
        report('capability.unsubscribed-update', [msg.seq], `resources/updated for ${uri}, which the client is not subscribed to`);
    }
  },
};
