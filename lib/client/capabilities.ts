/**
 * The client capabilities a person picks with checkboxes, as the JSON sent in `initialize`.
 * The choices decide which server requests the page offers to answer (client/sampling,
 * client/elicitation, client/roots, basic/utilities/tasks). Keys the person typed by hand that
 * no checkbox covers are kept as they are.
 */

export type CapabilityChoice = 'sampling' | 'elicitation.form' | 'elicitation.url' | 'roots' | 'roots.listChanged' | 'tasks';

export const CAPABILITY_CHOICES: { id: CapabilityChoice; label: string }[] = [
  { id: 'sampling', label: 'sampling' },
  { id: 'elicitation.form', label: 'elicitation: form' },
  { id: 'elicitation.url', label: 'elicitation: url' },
  { id: 'roots', label: 'roots' },
  { id: 'roots.listChanged', label: 'roots: listChanged' },
  { id: 'tasks', label: 'tasks (list, cancel)' },
];

type Caps = Record<string, unknown>;

function obj(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

export function hasChoice(caps: Caps, id: CapabilityChoice): boolean {
  switch (id) {
    case 'sampling':
      return obj(caps.sampling) !== undefined;
    case 'elicitation.form': {
      const e = obj(caps.elicitation);
      // An empty `elicitation: {}` means form mode (client/elicitation, backwards compatibility).
      return e !== undefined && (obj(e.form) !== undefined || (e.form === undefined && e.url === undefined));
    }
    case 'elicitation.url':
      return obj(obj(caps.elicitation)?.url) !== undefined;
    case 'roots':
      return obj(caps.roots) !== undefined;
    case 'roots.listChanged':
      return obj(caps.roots)?.listChanged === true;
    case 'tasks':
      return obj(caps.tasks) !== undefined;
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
      return on ? { ...next, sampling: obj(caps.sampling) ?? {} } : without(next, 'sampling');
    case 'elicitation.form':
    case 'elicitation.url': {
      const form = id === 'elicitation.form' ? on : hasChoice(caps, 'elicitation.form');
      const url = id === 'elicitation.url' ? on : hasChoice(caps, 'elicitation.url');
      if (!form && !url) return without(next, 'elicitation');
      const e: Record<string, unknown> = {};
      if (form) e.form = obj(obj(caps.elicitation)?.form) ?? {};
      if (url) e.url = obj(obj(caps.elicitation)?.url) ?? {};
      return { ...next, elicitation: e };
    }
    case 'roots':
      return on ? { ...next, roots: obj(caps.roots) ?? {} } : without(next, 'roots');
    case 'roots.listChanged': {
      const roots = obj(caps.roots) ?? {};
      return { ...next, roots: on ? { ...roots, listChanged: true } : without(roots, 'listChanged') };
    }
    case 'tasks':
      return on ? { ...next, tasks: obj(caps.tasks) ?? { list: {}, cancel: {} } } : without(next, 'tasks');
  }
}
