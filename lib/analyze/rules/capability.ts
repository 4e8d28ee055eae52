/** capability.*: requests and notifications against what each side declared at initialize. */
import type { RuleModule } from '../types';
import { hasOwn, isObj, path, strAt, type Obj } from '../util';

const S = 'basic/lifecycle#capability-negotiation';

/** The receiver capability a request needs, as a dotted path (method -> path). */
const SERVER_NEEDS: Record<string, string> = {
  'tools/list': 'tools', 'tools/call': 'tools',
  'resources/list': 'resources', 'resources/templates/list': 'resources', 'resources/read': 'resources',
  'resources/subscribe': 'resources.subscribe', 'resources/unsubscribe': 'resources.subscribe',
  'prompts/list': 'prompts', 'prompts/get': 'prompts',
  'logging/setLevel': 'logging', 'completion/complete': 'completions',
  'tasks/get': 'tasks', 'tasks/result': 'tasks', 'tasks/list': 'tasks.list', 'tasks/cancel': 'tasks.cancel',
};
const CLIENT_NEEDS: Record<string, string> = {
  'sampling/createMessage': 'sampling', 'roots/list': 'roots', 'elicitation/create': 'elicitation',
  'tasks/get': 'tasks', 'tasks/result': 'tasks', 'tasks/list': 'tasks.list', 'tasks/cancel': 'tasks.cancel',
};
/** Task-augmented requests need `tasks.requests.<...>` on the receiver. */
const TASK_NEEDS: Record<string, string> = {
  'tools/call': 'tasks.requests.tools.call',
  'sampling/createMessage': 'tasks.requests.sampling.createMessage',
  'elicitation/create': 'tasks.requests.elicitation.create',
};
const SENDER_NEEDS: Record<string, string> = {
  'notifications/tools/list_changed': 'tools.listChanged',
  'notifications/prompts/list_changed': 'prompts.listChanged',
  'notifications/resources/list_changed': 'resources.listChanged',
  'notifications/message': 'logging',
  'notifications/roots/list_changed': 'roots.listChanged',
};

function declared(caps: Obj, dotted: string): boolean {
  const v = path(caps, dotted);
  return v !== undefined && v !== null && v !== false;
}

/** Every capability path the request needs on its receiver. */
function needs(method: string, params: unknown, toServer: boolean, version: string): string[] {
  const base = (toServer ? SERVER_NEEDS : CLIENT_NEEDS)[method];
  // 2024-11-05 had completion/complete without a capability.
  if (base === undefined || (method === 'completion/complete' && version < '2025-03-26')) return [];
  const out = [base];
  if (isObj(params) && hasOwn(params, 'task') && TASK_NEEDS[method]) out.push(TASK_NEEDS[method]);
  if (method === 'sampling/createMessage' && isObj(params) && hasOwn(params, 'tools')) out.push('sampling.tools');
  if (method === 'elicitation/create' && strAt(params, 'mode') === 'url') out.push('elicitation.url');
  return out;
}

export const capabilityRules: RuleModule = {
  rules: {
    'capability.receiver-undeclared': { severity: 'error', section: S },
    'capability.sender-undeclared': { severity: 'error', section: S },
    'capability.unsubscribed-update': { severity: 'error', section: 'server/resources#subscriptions' },
  },

  onMessage({ msg, state, version, report }) {
    if (state.era === 'stateless' || !msg.method || state.initializeSeq === undefined) return;
    const toServer = msg.dir === 'c2s';
    const receiverCaps = toServer ? state.serverCapabilities : state.clientCapabilities;
    const senderCaps = toServer ? state.clientCapabilities : state.serverCapabilities;
    const receiver = toServer ? 'server' : 'client';
    if (msg.kind === 'request' && receiverCaps) {
      const missing = needs(msg.method, msg.params, toServer, version).filter((p) => !declared(receiverCaps, p));
      // 2025-11-25: an empty `elicitation` means form mode; one that lists modes must list `form`.
      const elicitation = isObj(receiverCaps.elicitation) ? receiverCaps.elicitation : undefined;
      if (msg.method === 'elicitation/create' && strAt(msg.params, 'mode') !== 'url' && elicitation && Object.keys(elicitation).length > 0 && !declared(elicitation, 'form')) missing.push('elicitation.form');
      if (missing.length) report('capability.receiver-undeclared', [msg.seq], `${msg.method} needs the ${receiver} capability ${missing.map((p) => `\`${p}\``).join(' and ')}, which the ${receiver} did not declare`);
    }
    if (msg.kind === 'notification' && senderCaps) {
      const need = SENDER_NEEDS[msg.method];
      const fromRightSide = need !== undefined && (msg.method === 'notifications/roots/list_changed') === toServer;
      if (fromRightSide && !declared(senderCaps, need)) report('capability.sender-undeclared', [msg.seq], `${msg.method} sent without declaring the ${toServer ? 'client' : 'server'} capability \`${need}\``);
    }
    if (msg.kind === 'notification' && msg.method === 'notifications/resources/updated' && !toServer) {
      const uri = strAt(msg.params, 'uri');
      if (uri !== undefined && !state.subscriptions.has(uri)) report('capability.unsubscribed-update', [msg.seq], `resources/updated for ${uri}, which the client is not subscribed to`);
    }
  },
};

