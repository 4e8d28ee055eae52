/**
 * The one table of MCP methods: who may send each, whether it is a request or a notification,
 * which versions define it, which capability it needs (basic/lifecycle, Capability Negotiation),
 * whether it pages, and the SDK schema its result is checked against. The analyser's rules, the
 * capabilities view and the client all read it; nothing keeps a second list.
 */
import type * as SdkTypes from '@modelcontextprotocol/sdk/types.js';
import type { KnownVersion } from './versions';
import { MODERN_VERSION, TASKS_EXTENSION } from './modern';

export type Side = 'client' | 'server';

export interface MethodDef {
  method: string;
  kind: 'request' | 'notification';
  /** Who may send it. */
  from: Side | 'both';
  since: KnownVersion;
  /** The first version without it (2026-07-28 drops the handshake and its companions). */
  until?: KnownVersion;
  /** A request: the capability its receiver must have declared (a dotted path), from `needsSince`. */
  receiverNeeds?: string;
  needsSince?: KnownVersion;
  /** A request run as a task (`params.task`): the receiver capability that allows it. */
  taskNeeds?: string;
  /** A notification: the capability its sender must have declared. */
  senderNeeds?: string;
  /** The result carries `nextCursor` and the request accepts `cursor`. */
  paginated?: boolean;
  /** The SDK schema (in @modelcontextprotocol/sdk/types.js) the result must match. */
  result?: keyof typeof SdkTypes;
  /** Defined by an official extension rather than the core protocol (its capability key). */
  extension?: string;
}

/** Which era defines a method (docs/eras.md): only the handshake era, only the modern one, or both. */
export type MethodEra = 'legacy' | 'modern' | 'both';

export function eraOfMethod(def: MethodDef): MethodEra {
  if (def.until !== undefined && def.until <= STATELESS) return 'legacy';
  return def.since >= STATELESS ? 'modern' : 'both';
}

type Extra = Partial<Omit<MethodDef, 'method' | 'kind' | 'from'>>;
const V1: KnownVersion = '2024-11-05';
const STATELESS: KnownVersion = MODERN_VERSION;

/** Every row has every field (undefined where the method has none): one object shape for the
 *  whole table, so the rules that read rows for every message read them at monomorphic sites. */
const row = (method: string, kind: MethodDef['kind'], from: MethodDef['from'], extra: Extra): MethodDef => ({
  method,
  kind,
  from,
  since: V1,
  until: undefined,
  receiverNeeds: undefined,
  needsSince: undefined,
  taskNeeds: undefined,
  senderNeeds: undefined,
  paginated: undefined,
  result: undefined,
  extension: undefined,
  ...extra,
});
const req = (method: string, from: MethodDef['from'], extra: Extra = {}): MethodDef => row(method, 'request', from, extra);
const note = (method: string, from: MethodDef['from'], extra: Extra = {}): MethodDef => row(method, 'notification', from, extra);
const TASKS = '2025-11-25';

export const METHOD_LIST: readonly MethodDef[] = [
  req('initialize', 'client', { until: STATELESS, result: 'InitializeResultSchema' }),
  req('ping', 'both', { until: STATELESS, result: 'EmptyResultSchema' }),
  req('server/discover', 'client', { since: STATELESS }),
  // Replaces resources/subscribe and the HTTP GET stream (basic/patterns/subscriptions).
  req('subscriptions/listen', 'client', { since: STATELESS }),
  req('resources/list', 'client', { receiverNeeds: 'resources', paginated: true, result: 'ListResourcesResultSchema' }),
  req('resources/templates/list', 'client', { receiverNeeds: 'resources', paginated: true, result: 'ListResourceTemplatesResultSchema' }),
  req('resources/read', 'client', { receiverNeeds: 'resources', result: 'ReadResourceResultSchema' }),
  req('resources/subscribe', 'client', { until: STATELESS, receiverNeeds: 'resources.subscribe', result: 'EmptyResultSchema' }),
  req('resources/unsubscribe', 'client', { until: STATELESS, receiverNeeds: 'resources.subscribe', result: 'EmptyResultSchema' }),
  req('prompts/list', 'client', { receiverNeeds: 'prompts', paginated: true, result: 'ListPromptsResultSchema' }),
  req('prompts/get', 'client', { receiverNeeds: 'prompts', result: 'GetPromptResultSchema' }),
  req('tools/list', 'client', { receiverNeeds: 'tools', paginated: true, result: 'ListToolsResultSchema' }),
  req('tools/call', 'client', { receiverNeeds: 'tools', taskNeeds: 'tasks.requests.tools.call', result: 'CallToolResultSchema' }),
  req('logging/setLevel', 'client', { until: STATELESS, receiverNeeds: 'logging', result: 'EmptyResultSchema' }),
  // 2024-11-05 had completion/complete before it had a capability.
  req('completion/complete', 'client', { receiverNeeds: 'completions', needsSince: '2025-03-26', result: 'CompleteResultSchema' }),
  // In the modern era these travel inside an InputRequiredResult, never as requests (basic/patterns/mrtr).
  req('sampling/createMessage', 'server', {
    until: STATELESS,
    receiverNeeds: 'sampling',
    taskNeeds: 'tasks.requests.sampling.createMessage',
    result: 'CreateMessageResultSchema',
  }),
  req('roots/list', 'server', { until: STATELESS, receiverNeeds: 'roots', result: 'ListRootsResultSchema' }),
  req('elicitation/create', 'server', {
    since: '2025-06-18',
    until: STATELESS,
    receiverNeeds: 'elicitation',
    taskNeeds: 'tasks.requests.elicitation.create',
    result: 'ElicitResultSchema',
  }),
  req('tasks/get', 'both', { since: TASKS, receiverNeeds: 'tasks', result: 'GetTaskResultSchema' }),
  // 2026-07-28 moved tasks into an extension: tasks/get and tasks/cancel stay (client only in
  // practice), tasks/update is new, tasks/result and tasks/list are gone.
  req('tasks/result', 'both', { since: TASKS, until: STATELESS, receiverNeeds: 'tasks', result: 'GetTaskPayloadResultSchema' }),
  req('tasks/list', 'both', { since: TASKS, until: STATELESS, receiverNeeds: 'tasks.list', paginated: true, result: 'ListTasksResultSchema' }),
  req('tasks/cancel', 'both', { since: TASKS, receiverNeeds: 'tasks.cancel', result: 'CancelTaskResultSchema' }),
  req('tasks/update', 'client', { since: STATELESS, extension: TASKS_EXTENSION }),
  note('notifications/initialized', 'client', { until: STATELESS }),
  note('notifications/cancelled', 'both'),
  note('notifications/progress', 'both'),
  note('notifications/roots/list_changed', 'client', { until: STATELESS, senderNeeds: 'roots.listChanged' }),
  note('notifications/message', 'server', { senderNeeds: 'logging' }),
  // Sending updates needs no capability of its own: the client subscribed (capability.unsubscribed-update).
  note('notifications/resources/updated', 'server'),
  note('notifications/resources/list_changed', 'server', { senderNeeds: 'resources.listChanged' }),
  note('notifications/tools/list_changed', 'server', { senderNeeds: 'tools.listChanged' }),
  note('notifications/prompts/list_changed', 'server', { senderNeeds: 'prompts.listChanged' }),
  note('notifications/elicitation/complete', 'server', { since: TASKS, until: STATELESS }),
  note('notifications/tasks/status', 'both', { since: TASKS, until: STATELESS }),
  note('notifications/subscriptions/acknowledged', 'server', { since: STATELESS }),
  note('notifications/tasks', 'server', { since: STATELESS, extension: TASKS_EXTENSION }),
];

const BY_NAME = new Map(METHOD_LIST.map((m) => [m.method, m]));

/** The method's row, whatever the version. */
export function methodInfo(method: string): MethodDef | undefined {
  return BY_NAME.get(method);
}

export function definedIn(def: MethodDef, version: string): boolean {
  return version >= def.since && (def.until === undefined || version < def.until);
}

/** The method's row when `version` defines it. */
export function methodDef(method: string, version: string): MethodDef | undefined {
  const def = BY_NAME.get(method);
  return def && definedIn(def, version) ? def : undefined;
}

export function mayBeSentBy(def: MethodDef, side: Side): boolean {
  return def.from === 'both' || def.from === side;
}

/** The capability a request needs on its receiver in `version`, if any. */
export function receiverNeeds(def: MethodDef, version: string): string | undefined {
  return def.receiverNeeds !== undefined && (def.needsSince === undefined || version >= def.needsSince) ? def.receiverNeeds : undefined;
}

/** Methods whose results carry `nextCursor` and whose requests accept `cursor`. */
export const PAGINATED: ReadonlySet<string> = new Set(METHOD_LIST.filter((m) => m.paginated).map((m) => m.method));
