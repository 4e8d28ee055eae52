/**
 * The client capabilities a person picks with checkboxes, as the JSON sent in `initialize`.
 * The choices decide which server requests the page offers to answer (client/sampling,
 * client/elicitation, client/roots, basic/utilities/tasks). Keys the person typed by hand that
 * no checkbox covers are kept as they are.
 */
import { APPS_CLIENT_SETTINGS, APPS_EXTENSION } from '../mcp/apps';
import { asObject } from '../mcp/json';

export type CapabilityChoice =
  | 'sampling'
  | 'sampling.tools'
  | 'elicitation.form'
  | 'elicitation.url'
  | 'roots'
  | 'roots.listChanged'
  | 'tasks'
  | 'tasks.sampling'
  | 'tasks.elicitation'
  | 'apps';

export const CAPABILITY_CHOICES: { id: CapabilityChoice; label: string }[] = [
  { id: 'sampling', label: 'sampling' },
  { id: 'sampling.tools', label: 'sampling: tools' },
  { id: 'elicitation.form', label: 'elicitation: form' },
  { id: 'elicitation.url', label: 'elicitation: url' },
  { id: 'roots', label: 'roots' },
  { id: 'roots.listChanged', label: 'roots: listChanged' },
  { id: 'tasks', label: 'tasks (list, cancel)' },
  { id: 'tasks.sampling', label: 'tasks: sampling' },
  { id: 'tasks.elicitation', label: 'tasks: elicitation' },
  // The MCP Apps extension: a server lists its UI tools only to a host that renders them.
  { id: 'apps', label: 'apps (MCP Apps UI)' },
];

/** Where each task-augmentable request is declared (basic/utilities/tasks, Client Capabilities). */
const TASK_REQUESTS = { 'tasks.sampling': ['sampling', 'createMessage'], 'tasks.elicitation': ['elicitation', 'create'] } as const;

type Caps = Record<string, unknown>;

export function hasChoice(caps: Caps, id: CapabilityChoice): boolean {
  switch (id) {
    case 'sampling':
      return asObject(caps.sampling) !== undefined;
    case 'sampling.tools':
      return asObject(asObject(caps.sampling)?.tools) !== undefined;
    case 'elicitation.form': {
      const e = asObject(caps.elicitation);
      // An empty `elicitation: {}` means form mode (client/elicitation, backwards compatibility).
      return e !== undefined && (asObject(e.form) !== undefined || (e.form === undefined && e.url === undefined));
    }
    case 'elicitation.url':
      return asObject(asObject(caps.elicitation)?.url) !== undefined;
    case 'roots':
      return asObject(caps.roots) !== undefined;
    case 'roots.listChanged':
      return asObject(caps.roots)?.listChanged === true;
    case 'tasks':
      return asObject(caps.tasks) !== undefined;
    case 'tasks.sampling':
    case 'tasks.elicitation': {
      const [group, method] = TASK_REQUESTS[id];
      return asObject(asObject(asObject(asObject(caps.tasks)?.requests)?.[group])?.[method]) !== undefined;
    }
    case 'apps':
      return asObject(asObject(caps.extensions)?.[APPS_EXTENSION]) !== undefined;
  }
}

function without(o: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _drop, ...rest } = o;
  return rest;
}

/** Turns one choice on or off, keeping everything else in the object. */
export function withChoice(caps: Caps, id: CapabilityChoice, on: boolean): Caps {
  const next: Caps = { ...caps };
  switch (id) {
    case 'sampling':
      return on ? { ...next, sampling: asObject(caps.sampling) ?? {} } : without(next, 'sampling');
    case 'sampling.tools': {
      // Tools in sampling only mean something with sampling itself declared.
      const sampling = asObject(caps.sampling) ?? {};
      return { ...next, sampling: on ? { ...sampling, tools: asObject(sampling.tools) ?? {} } : without(sampling, 'tools') };
    }
    case 'elicitation.form':
    case 'elicitation.url': {
      const form = id === 'elicitation.form' ? on : hasChoice(caps, 'elicitation.form');
      const url = id === 'elicitation.url' ? on : hasChoice(caps, 'elicitation.url');
      if (!form && !url) return without(next, 'elicitation');
      const e: Record<string, unknown> = {};
      if (form) e.form = asObject(asObject(caps.elicitation)?.form) ?? {};
      if (url) e.url = asObject(asObject(caps.elicitation)?.url) ?? {};
      return { ...next, elicitation: e };
    }
    case 'roots':
      return on ? { ...next, roots: asObject(caps.roots) ?? {} } : without(next, 'roots');
    case 'roots.listChanged': {
      const roots = asObject(caps.roots) ?? {};
      return { ...next, roots: on ? { ...roots, listChanged: true } : without(roots, 'listChanged') };
    }
    case 'tasks':
      return on ? { ...next, tasks: asObject(caps.tasks) ?? { list: {}, cancel: {} } } : without(next, 'tasks');
    case 'tasks.sampling':
    case 'tasks.elicitation': {
      const [group, method] = TASK_REQUESTS[id];
      const tasks = asObject(caps.tasks) ?? { list: {}, cancel: {} };
      const requests = asObject(tasks.requests) ?? {};
      const groupCaps = asObject(requests[group]) ?? {};
      const nextGroup = on ? { ...groupCaps, [method]: asObject(groupCaps[method]) ?? {} } : without(groupCaps, method);
      const nextRequests = Object.keys(nextGroup).length > 0 ? { ...requests, [group]: nextGroup } : without(requests, group);
      const nextTasks = Object.keys(nextRequests).length > 0 ? { ...tasks, requests: nextRequests } : without(tasks, 'requests');
      return { ...next, tasks: nextTasks };
    }
    case 'apps': {
      const extensions = asObject(caps.extensions) ?? {};
      const nextExtensions = on
        ? { ...extensions, [APPS_EXTENSION]: asObject(extensions[APPS_EXTENSION]) ?? APPS_CLIENT_SETTINGS }
        : without(extensions, APPS_EXTENSION);
      return Object.keys(nextExtensions).length > 0 ? { ...next, extensions: nextExtensions } : without(next, 'extensions');
    }
  }
}

/**
 * Every capability the page can answer, declared by default on Connect so a server shows all it
 * offers (server-everything hides its sampling, elicitation, roots and task tools otherwise).
 */
export const FULL_CLIENT_CAPABILITIES: Caps = CAPABILITY_CHOICES.reduce<Caps>((caps, c) => withChoice(caps, c.id, true), {});

/** The top-level capabilities an object declares, with form/url for elicitation: a short summary. */
export function declaredCapabilities(caps: Caps): string[] {
  return Object.keys(caps).map((k) => {
    const inner = asObject(caps[k]);
    if (k === 'elicitation' && inner) {
      const modes = ['form', 'url'].filter((m) => hasChoice(caps, `elicitation.${m}` as CapabilityChoice));
      return `elicitation(${modes.join('+')})`;
    }
    return k;
  });
}

/**
 * The default capabilities for an era: the 2026-07-28 tasks extension is declared in
 * `extensions` (SEP-2663) instead of the 2025 `tasks` capability, which a modern server does not
 * read; `auto` declares both, as it may end up in either era. Idempotent.
 */
export function capabilitiesForEra(caps: Caps, era: 'legacy' | 'modern' | 'auto' | undefined): Caps {
  if (era === undefined || era === 'legacy') return caps;
  const extensions = { ...asObject(caps.extensions), 'io.modelcontextprotocol/tasks': {} };
  const { tasks, ...rest } = caps;
  return era === 'modern' ? { ...rest, extensions } : { ...rest, ...(tasks !== undefined ? { tasks } : {}), extensions };
}
