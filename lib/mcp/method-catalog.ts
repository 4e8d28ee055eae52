/**
 * Which side may send each method, since which version, and which capability it needs (of the
 * receiver for a request, of the sender for a notification; basic/lifecycle, Capability Negotiation).
 */
import type { KnownVersion } from './versions';
import type { Side } from './capability-catalog';

export interface MethodDef {
  method: string;
  kind: 'request' | 'notification';
  /** The sides allowed to send it. */
  from: Side[];
  since: KnownVersion;
  /** The capability path that must be declared, and by whom. */
  needs?: { side: Side; path: string };
}

const C: Side[] = ['client'];
const S: Side[] = ['server'];
const B: Side[] = ['client', 'server'];

function req(method: string, from: Side[], since: KnownVersion, needs?: MethodDef['needs']): MethodDef {
  return { method, kind: 'request', from, since, needs };
}
function note(method: string, from: Side[], since: KnownVersion, needs?: MethodDef['needs']): MethodDef {
  return { method, kind: 'notification', from, since, needs };
}

const METHODS: MethodDef[] = [
  req('initialize', C, '2024-11-05'),
  req('ping', B, '2024-11-05'),
  req('tools/list', C, '2024-11-05', { side: 'server', path: 'tools' }),
  req('tools/call', C, '2024-11-05', { side: 'server', path: 'tools' }),
  req('resources/list', C, '2024-11-05', { side: 'server', path: 'resources' }),
  req('resources/templates/list', C, '2024-11-05', { side: 'server', path: 'resources' }),
  req('resources/read', C, '2024-11-05', { side: 'server', path: 'resources' }),
  req('resources/subscribe', C, '2024-11-05', { side: 'server', path: 'resources.subscribe' }),
  req('resources/unsubscribe', C, '2024-11-05', { side: 'server', path: 'resources.subscribe' }),
  req('prompts/list', C, '2024-11-05', { side: 'server', path: 'prompts' }),
  req('prompts/get', C, '2024-11-05', { side: 'server', path: 'prompts' }),
  req('logging/setLevel', C, '2024-11-05', { side: 'server', path: 'logging' }),
  req('completion/complete', C, '2024-11-05'),
  req('sampling/createMessage', S, '2024-11-05', { side: 'client', path: 'sampling' }),
  req('roots/list', S, '2024-11-05', { side: 'client', path: 'roots' }),
  req('elicitation/create', S, '2025-06-18', { side: 'client', path: 'elicitation' }),
  req('tasks/get', B, '2025-11-25'),
  req('tasks/result', B, '2025-11-25'),
  req('tasks/list', B, '2025-11-25'),
  req('tasks/cancel', B, '2025-11-25'),
  req('server/discover', C, '2026-07-28'),
  note('notifications/initialized', C, '2024-11-05'),
  note('notifications/cancelled', B, '2024-11-05'),
  note('notifications/progress', B, '2024-11-05'),
  note('notifications/roots/list_changed', C, '2024-11-05', { side: 'client', path: 'roots.listChanged' }),
  note('notifications/message', S, '2024-11-05', { side: 'server', path: 'logging' }),
  note('notifications/resources/updated', S, '2024-11-05', { side: 'server', path: 'resources.subscribe' }),
  note('notifications/resources/list_changed', S, '2024-11-05', { side: 'server', path: 'resources.listChanged' }),
  note('notifications/tools/list_changed', S, '2024-11-05', { side: 'server', path: 'tools.listChanged' }),
  note('notifications/prompts/list_changed', S, '2024-11-05', { side: 'server', path: 'prompts.listChanged' }),
  note('notifications/elicitation/complete', S, '2025-11-25'),
  note('notifications/tasks/status', B, '2025-11-25'),
];

const BY_NAME = new Map(METHODS.map((m) => [m.method, m]));

/** The method's definition when the given version defines it. */
export function methodDef(method: string, version: KnownVersion): MethodDef | undefined {
  const def = BY_NAME.get(method);
  if (!def || def.since > version) return undefined;
  // completion/complete needs the `completions` capability once the version defines it.
  if (method === 'completion/complete' && version >= '2025-03-26') return { ...def, needs: { side: 'server', path: 'completions' } };
  return def;
}
