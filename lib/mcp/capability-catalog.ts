/**
 * Every capability and sub-capability each protocol version defines, from the spec's schema.ts of
 * that version (ClientCapabilities / ServerCapabilities). Paths are dotted: `resources.subscribe`.
 * A table can then show what a side could have declared, not only what it did.
 */
import { isKnownVersion, DEFAULT_PROTOCOL_VERSION, type KnownVersion } from './versions';

export type Side = 'client' | 'server';

export interface CapabilityDef {
  path: string;
  /** What declaring it promises, in a few words. */
  meaning: string;
  /** The first version that defines it. */
  since: KnownVersion;
}

const CLIENT: CapabilityDef[] = [
  { path: 'experimental', meaning: 'non-standard capabilities', since: '2024-11-05' },
  { path: 'roots', meaning: 'can list roots (roots/list)', since: '2024-11-05' },
  { path: 'roots.listChanged', meaning: 'notifies when roots change', since: '2024-11-05' },
  { path: 'sampling', meaning: 'can sample an LLM (sampling/createMessage)', since: '2024-11-05' },
  { path: 'sampling.context', meaning: 'honours includeContext', since: '2025-11-25' },
  { path: 'sampling.tools', meaning: 'sampling with tools and toolChoice', since: '2025-11-25' },
  { path: 'elicitation', meaning: 'can ask the user (elicitation/create)', since: '2025-06-18' },
  { path: 'elicitation.form', meaning: 'form-mode elicitation', since: '2025-11-25' },
  { path: 'elicitation.url', meaning: 'URL-mode elicitation', since: '2025-11-25' },
  { path: 'tasks', meaning: 'runs requests as tasks', since: '2025-11-25' },
  { path: 'tasks.list', meaning: 'tasks/list', since: '2025-11-25' },
  { path: 'tasks.cancel', meaning: 'tasks/cancel', since: '2025-11-25' },
  { path: 'tasks.requests', meaning: 'requests it accepts as tasks', since: '2025-11-25' },
  { path: 'tasks.requests.sampling', meaning: 'sampling requests', since: '2025-11-25' },
  { path: 'tasks.requests.sampling.createMessage', meaning: 'sampling as a task', since: '2025-11-25' },
  { path: 'tasks.requests.elicitation', meaning: 'elicitation requests', since: '2025-11-25' },
  { path: 'tasks.requests.elicitation.create', meaning: 'elicitation as a task', since: '2025-11-25' },
  { path: 'extensions', meaning: 'named protocol extensions', since: '2026-07-28' },
];

const SERVER: CapabilityDef[] = [
  { path: 'experimental', meaning: 'non-standard capabilities', since: '2024-11-05' },
  { path: 'logging', meaning: 'sends log messages (notifications/message)', since: '2024-11-05' },
  { path: 'completions', meaning: 'argument completion (completion/complete)', since: '2025-03-26' },
  { path: 'prompts', meaning: 'offers prompts', since: '2024-11-05' },
  { path: 'prompts.listChanged', meaning: 'notifies when prompts change', since: '2024-11-05' },
  { path: 'resources', meaning: 'offers resources', since: '2024-11-05' },
  { path: 'resources.subscribe', meaning: 'resource subscriptions', since: '2024-11-05' },
  { path: 'resources.listChanged', meaning: 'notifies when resources change', since: '2024-11-05' },
  { path: 'tools', meaning: 'offers tools', since: '2024-11-05' },
  { path: 'tools.listChanged', meaning: 'notifies when tools change', since: '2024-11-05' },
  { path: 'tasks', meaning: 'runs requests as tasks', since: '2025-11-25' },
  { path: 'tasks.list', meaning: 'tasks/list', since: '2025-11-25' },
  { path: 'tasks.cancel', meaning: 'tasks/cancel', since: '2025-11-25' },
  { path: 'tasks.requests', meaning: 'requests it accepts as tasks', since: '2025-11-25' },
  { path: 'tasks.requests.tools', meaning: 'tool requests', since: '2025-11-25' },
  { path: 'tasks.requests.tools.call', meaning: 'tools/call as a task', since: '2025-11-25' },
  { path: 'extensions', meaning: 'named protocol extensions', since: '2026-07-28' },
];

/** The version whose catalog applies: an unknown version reads as the default one. */
export function catalogVersion(version: string | undefined): KnownVersion {
  return isKnownVersion(version) ? version : DEFAULT_PROTOCOL_VERSION;
}

export function capabilityCatalog(side: Side, version: string | undefined): CapabilityDef[] {
  const v = catalogVersion(version);
  return (side === 'client' ? CLIENT : SERVER).filter((d) => d.since <= v);
}

/** Reads a dotted path out of a capabilities object; `undefined` when any step is missing. */
export function capabilityAt(caps: unknown, path: string): unknown {
  let cur: unknown = caps;
  for (const part of path.split('.')) {
    if (typeof cur !== 'object' || cur === null || Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** Declared means present and not `false` (`listChanged: false` is present but promises nothing). */
export function isDeclared(caps: unknown, path: string): boolean {
  const v = capabilityAt(caps, path);
  return v !== undefined && v !== null && v !== false;
}
