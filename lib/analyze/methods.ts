/**
 * The methods each protocol version defines, who may send them, and whether they are requests or
 * notifications (basic/index and each feature's section). Used for direction, unknown-method and
 * version checks.
 */
import type { KnownVersion } from '../mcp/versions';

export interface MethodInfo {
  /** Who may send it. */
  from: 'client' | 'server' | 'both';
  kind: 'request' | 'notification';
  since: KnownVersion;
  /** The first version without it. */
  until?: KnownVersion;
}

const c = (since: KnownVersion = '2024-11-05', until?: KnownVersion): MethodInfo => ({ from: 'client', kind: 'request', since, until });
const s = (since: KnownVersion = '2024-11-05'): MethodInfo => ({ from: 'server', kind: 'request', since });
const b = (since: KnownVersion = '2024-11-05', until?: KnownVersion): MethodInfo => ({ from: 'both', kind: 'request', since, until });
const n = (from: MethodInfo['from'], since: KnownVersion = '2024-11-05', until?: KnownVersion): MethodInfo => ({ from, kind: 'notification', since, until });

export const METHODS: Readonly<Record<string, MethodInfo>> = {
  initialize: c('2024-11-05', '2026-07-28'),
  ping: b('2024-11-05', '2026-07-28'),
  'server/discover': c('2026-07-28'),
  'resources/list': c(),
  'resources/templates/list': c(),
  'resources/read': c(),
  'resources/subscribe': c(),
  'resources/unsubscribe': c(),
  'prompts/list': c(),
  'prompts/get': c(),
  'tools/list': c(),
  'tools/call': c(),
  'logging/setLevel': c('2024-11-05', '2026-07-28'),
  'completion/complete': c(),
  'sampling/createMessage': s(),
  'roots/list': s(),
  'elicitation/create': s('2025-06-18'),
  'tasks/get': b('2025-11-25'),
  'tasks/result': b('2025-11-25'),
  'tasks/list': b('2025-11-25'),
  'tasks/cancel': b('2025-11-25'),
  'notifications/initialized': n('client', '2024-11-05', '2026-07-28'),
  'notifications/cancelled': n('both'),
  'notifications/progress': n('both'),
  'notifications/roots/list_changed': n('client', '2024-11-05', '2026-07-28'),
  'notifications/message': n('server'),
  'notifications/resources/updated': n('server'),
  'notifications/resources/list_changed': n('server'),
  'notifications/tools/list_changed': n('server'),
  'notifications/prompts/list_changed': n('server'),
  'notifications/elicitation/complete': n('server', '2025-11-25'),
  'notifications/tasks/status': n('both', '2025-11-25'),
};

export function methodInfo(method: string): MethodInfo | undefined {
  return Object.prototype.hasOwnProperty.call(METHODS, method) ? METHODS[method] : undefined;
}

export function definedIn(info: MethodInfo, version: string): boolean {
  return version >= info.since && (info.until === undefined || version < info.until);
}

/** Methods whose results carry `nextCursor` and whose requests accept `cursor`. */
export const PAGINATED = new Set(['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list', 'tasks/list']);
