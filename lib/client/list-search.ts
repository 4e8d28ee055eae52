/**
 * Finding an item in a long listing (tools, resources, prompts) and reading a tool's annotations
 * as badges. Pure, so the client panel and any other view agree on what matches.
 */

export interface Searchable {
  name?: unknown;
  title?: unknown;
  description?: unknown;
  uri?: unknown;
}

/** Every whitespace-separated term must occur (case-insensitive) in the name, title, description or URI. */
export function matchesSearch(item: Searchable, query: string): boolean {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const hay = [item.name, item.title, item.description, item.uri]
    .filter((v): v is string => typeof v === 'string')
    .join('\n')
    .toLowerCase();
  return terms.every((t) => hay.includes(t));
}

export function searchItems<T extends Searchable>(items: readonly T[], query: string): T[] {
  return items.filter((i) => matchesSearch(i, query));
}

export type ToolHint = 'read-only' | 'destructive' | 'idempotent' | 'open-world';

export interface ToolBadge {
  hint: ToolHint;
  /** false: the tool did not say, and the spec's default applies (a hint, never a guarantee). */
  declared: boolean;
  /** Why the badge is there, for a tooltip. */
  why: string;
}

/**
 * The behaviour hints of a tool's `annotations` (schema ToolAnnotations). The spec's defaults count:
 * a tool that says nothing is assumed destructive and open-world, and destructive/idempotent mean
 * something only when the tool is not read-only, so those are left out for a read-only tool.
 */
export function toolBadges(annotations: unknown): ToolBadge[] {
  const a = (annotations && typeof annotations === 'object' ? annotations : {}) as Record<string, unknown>;
  const flag = (key: string, fallback: boolean) => ({
    on: typeof a[key] === 'boolean' ? (a[key] as boolean) : fallback,
    declared: typeof a[key] === 'boolean',
  });
  const badges: ToolBadge[] = [];
  const readOnly = flag('readOnlyHint', false);
  if (readOnly.on) badges.push({ hint: 'read-only', declared: true, why: 'readOnlyHint: true: the tool does not modify its environment' });
  if (!readOnly.on) {
    const destructive = flag('destructiveHint', true);
    if (destructive.on)
      badges.push({
        hint: 'destructive',
        declared: destructive.declared,
        why: destructive.declared
          ? 'destructiveHint: true: the tool may perform destructive updates'
          : 'no destructiveHint: the spec assumes a tool that is not read-only may be destructive',
      });
    const idempotent = flag('idempotentHint', false);
    if (idempotent.on)
      badges.push({ hint: 'idempotent', declared: true, why: 'idempotentHint: true: calling it again with the same arguments has no further effect' });
  }
  const openWorld = flag('openWorldHint', true);
  if (openWorld.on)
    badges.push({
      hint: 'open-world',
      declared: openWorld.declared,
      why: openWorld.declared
        ? 'openWorldHint: true: the tool interacts with external entities'
        : 'no openWorldHint: the spec assumes the tool may reach the outside world',
    });
  return badges;
}
