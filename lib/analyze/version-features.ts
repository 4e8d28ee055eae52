/**
 * Fields and capabilities each protocol version added, looked for where they live in a message.
 * Built from the spec's schema/<version>/schema.ts of every stateful version (the interfaces of
 * one version compared with the previous one); methods are in methods.ts, content block types in
 * rules/content.ts, capabilities in lib/mcp/capability-catalog.ts.
 */
import { capabilityAt, capabilityCatalog, catalogVersion, type CapabilityDef, type Side } from '../mcp/capability-catalog';
import { KNOWN_VERSIONS, type KnownVersion } from '../mcp/versions';
import type { Message } from './message';
import { arrAt, hasOwn, isObj, objAt, own, show, strAt } from './util';

/** A field of an object kind and the first version that defines it (dotted: one level down). */
type FieldSince = readonly [field: string, since: KnownVersion];

const META_0618: FieldSince = ['_meta', '2025-06-18'];
const TITLE_0618: FieldSince = ['title', '2025-06-18'];
const ICONS_1125: FieldSince = ['icons', '2025-11-25'];
const LAST_MODIFIED: FieldSince = ['annotations.lastModified', '2025-06-18'];

/** Per kind of object: the fields a later version added (schema.ts, interface by interface). */
const FIELDS = {
  implementation: [TITLE_0618, ICONS_1125, ['description', '2025-11-25'], ['websiteUrl', '2025-11-25']],
  tool: [['annotations', '2025-03-26'], TITLE_0618, ['outputSchema', '2025-06-18'], META_0618, ICONS_1125, ['execution', '2025-11-25']],
  resource: [TITLE_0618, META_0618, ICONS_1125, LAST_MODIFIED],
  prompt: [TITLE_0618, META_0618, ICONS_1125],
  promptArgument: [TITLE_0618],
  resourceContents: [META_0618],
  content: [META_0618, LAST_MODIFIED],
  root: [META_0618],
  samplingMessage: [['_meta', '2025-11-25']],
  toolResult: [['structuredContent', '2025-06-18']],
  progress: [['message', '2025-03-26']],
  complete: [['context', '2025-06-18']],
  sampling: [
    ['tools', '2025-11-25'],
    ['toolChoice', '2025-11-25'],
  ],
  elicitation: [
    ['mode', '2025-11-25'],
    ['url', '2025-11-25'],
    ['elicitationId', '2025-11-25'],
  ],
  requestParams: [['task', '2025-11-25']],
} satisfies Record<string, readonly FieldSince[]>;

type Kind = keyof typeof FIELDS;

/** Per kind, the newest version that added one of its fields: a session at or past it has nothing
 *  to find there, and most sessions are (so no label is built for them). */
const NEWEST_FIELD = Object.fromEntries(
  Object.entries(FIELDS).map(([kind, list]) => [kind, list.reduce((newest, [, since]) => (since > newest ? since : newest), '')]),
) as Record<Kind, string>;

/** One feature the message uses, named for a person: what, where, and since when. */
export interface VersionFeature {
  what: string;
  since: KnownVersion;
}

function has(o: unknown, dotted: string): boolean {
  const [first, second] = dotted.split('.');
  if (!isObj(o) || !hasOwn(o, first)) return false;
  return second === undefined || (isObj(own(o, first)) && hasOwn(own(o, first) as Record<string, unknown>, second));
}

function fieldsOf(kind: Kind, o: unknown, label: string, version: string, out: VersionFeature[]): void {
  if (version >= NEWEST_FIELD[kind]) return;
  for (const [field, since] of FIELDS[kind]) if (version < since && has(o, field)) out.push({ what: `\`${field}\` on ${label}`, since });
}

/** The capabilities a version lacks that are worth naming: only the outermost new path (tasks,
 *  not tasks.list). Built once per side and catalog version (a handful), not per handshake. */
const LACKED = new Map<string, CapabilityDef[]>();

function lackedIn(side: Side, version: string): CapabilityDef[] {
  const key = `${side} ${catalogVersion(version)}`;
  let lacked = LACKED.get(key);
  if (!lacked) {
    const known = new Set(capabilityCatalog(side, version).map((d) => d.path));
    lacked = capabilityCatalog(side, KNOWN_VERSIONS[KNOWN_VERSIONS.length - 1]).filter((def) => {
      const parent = def.path.includes('.') ? def.path.slice(0, def.path.lastIndexOf('.')) : undefined;
      return !known.has(def.path) && (parent === undefined || known.has(parent));
    });
    LACKED.set(key, lacked);
  }
  return lacked;
}

/**
 * Capabilities are an open set: a key a version does not define is no violation. What is judged is
 * a known feature of a later version (elicitation in 2025-03-26), which promises methods and fields
 * the session's version lacks. `extensions` is not one: it is where named extensions, versioned on
 * their own, are declared (every MCP Apps host declares `io.modelcontextprotocol/ui` there in a
 * 2025-11-25 session), so declaring one uses nothing of a later protocol version.
 */
const OPEN_SETS = new Set(['extensions']);

/** Known capabilities of a later version that this one does not define. */
function capabilitiesOf(side: Side, caps: unknown, version: string, out: VersionFeature[]): void {
  if (!isObj(caps)) return;
  for (const def of lackedIn(side, version)) {
    if (OPEN_SETS.has(def.path.split('.')[0])) continue;
    if (capabilityAt(caps, def.path) !== undefined) out.push({ what: `the \`${def.path}\` ${side} capability`, since: def.since });
  }
}

function named(o: unknown, noun: string, i: number): string {
  const name = strAt(o, 'name') ?? strAt(o, 'uri');
  return name === undefined ? `${noun} ${i}` : `${noun} ${show(name, 40)}`;
}

function each(list: unknown[] | undefined, kind: Kind, noun: string, version: string, out: VersionFeature[]): void {
  if (version >= NEWEST_FIELD[kind]) return;
  list?.forEach((o, i) => fieldsOf(kind, o, named(o, noun, i), version, out));
}

function contentBlocks(blocks: unknown, where: string, version: string, out: VersionFeature[]): void {
  // Most sessions are past every version that added a block field: no label to build then.
  if (version >= NEWEST_FIELD.content && version >= NEWEST_FIELD.resource && version >= NEWEST_FIELD.resourceContents) return;
  const list = Array.isArray(blocks) ? blocks : blocks === undefined ? [] : [blocks];
  list.forEach((b, i) => {
    const at = Array.isArray(blocks) ? `${where}[${i}]` : where;
    if (strAt(b, 'type') === 'resource_link') fieldsOf('resource', b, at, version, out);
    else fieldsOf('content', b, at, version, out);
    if (strAt(b, 'type') === 'resource') fieldsOf('resourceContents', objAt(b, 'resource'), `${at}.resource`, version, out);
  });
}

function inRequest(msg: Message, version: string, out: VersionFeature[]): void {
  const p = msg.params;
  if (msg.kind === 'request' && version < NEWEST_FIELD.requestParams) fieldsOf('requestParams', p, `${msg.method} params`, version, out);
  switch (msg.method) {
    case 'initialize':
      fieldsOf('implementation', objAt(p, 'clientInfo'), 'clientInfo', version, out);
      capabilitiesOf('client', objAt(p, 'capabilities'), version, out);
      break;
    case 'notifications/progress':
      fieldsOf('progress', p, 'notifications/progress params', version, out);
      break;
    case 'completion/complete':
      fieldsOf('complete', p, 'completion/complete params', version, out);
      break;
    case 'elicitation/create':
      fieldsOf('elicitation', p, 'elicitation/create params', version, out);
      break;
    case 'sampling/createMessage':
      fieldsOf('sampling', p, 'sampling/createMessage params', version, out);
      arrAt(p, 'messages')?.forEach((m, i) => {
        fieldsOf('samplingMessage', m, `messages[${i}]`, version, out);
        contentBlocks(isObj(m) ? own(m, 'content') : undefined, `messages[${i}].content`, version, out);
      });
      break;
  }
}

function inResult(method: string, r: unknown, version: string, out: VersionFeature[]): void {
  switch (method) {
    case 'initialize':
      fieldsOf('implementation', objAt(r, 'serverInfo'), 'serverInfo', version, out);
      capabilitiesOf('server', objAt(r, 'capabilities'), version, out);
      break;
    case 'tools/list':
      each(arrAt(r, 'tools'), 'tool', 'tool', version, out);
      break;
    case 'resources/list':
      each(arrAt(r, 'resources'), 'resource', 'resource', version, out);
      break;
    case 'resources/templates/list':
      each(arrAt(r, 'resourceTemplates'), 'resource', 'resource template', version, out);
      break;
    case 'prompts/list':
      if (version >= NEWEST_FIELD.prompt && version >= NEWEST_FIELD.promptArgument) break;
      arrAt(r, 'prompts')?.forEach((pr, i) => {
        const label = named(pr, 'prompt', i);
        fieldsOf('prompt', pr, label, version, out);
        each(arrAt(pr, 'arguments'), 'promptArgument', `${label}, argument`, version, out);
      });
      break;
    case 'resources/read':
      each(arrAt(r, 'contents'), 'resourceContents', 'contents of', version, out);
      break;
    case 'roots/list':
      each(arrAt(r, 'roots'), 'root', 'root', version, out);
      break;
    case 'tools/call':
      fieldsOf('toolResult', r, 'the tool result', version, out);
      contentBlocks(own(isObj(r) ? r : {}, 'content'), 'content', version, out);
      break;
    case 'prompts/get':
      arrAt(r, 'messages')?.forEach((m, i) => contentBlocks(isObj(m) ? own(m, 'content') : undefined, `messages[${i}].content`, version, out));
      break;
    case 'sampling/createMessage':
      contentBlocks(own(isObj(r) ? r : {}, 'content'), 'content', version, out);
      break;
  }
}

/** Every field and capability in this message that `version` does not define. */
export function featuresNotIn(msg: Message, requestMethod: string | undefined, version: string): VersionFeature[] {
  const out: VersionFeature[] = [];
  if (msg.kind === 'request' || msg.kind === 'notification') inRequest(msg, version, out);
  else if (msg.kind === 'response' && requestMethod !== undefined) inResult(requestMethod, msg.result, version, out);
  return out;
}
