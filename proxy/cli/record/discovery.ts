/**
 * The standard discovery `loupe record` runs after the handshake: every list the server's
 * capabilities allow, following `nextCursor` to the end, then the scripted requests. A failing
 * request is recorded like any other and does not stop the rest: the trace is the product.
 */
import type { LiveSession } from '../../sessions/types';
import type { ScriptStep } from '../shared/client-options';
import { fetchAll, LISTS, type ListName } from '../../../lib/client/paged-list';
import { uiResourceUris } from '../../../lib/mcp/apps';

/** Each list and the server capability it needs. */
export const DISCOVERY: ReadonlyArray<{ list: ListName; capability: string }> = [
  { list: 'tools', capability: 'tools' },
  { list: 'resources', capability: 'resources' },
  { list: 'templates', capability: 'resources' },
  { list: 'prompts', capability: 'prompts' },
];

export interface StepOutcome {
  method: string;
  ok: boolean;
  /** Why it failed, in words. */
  error?: string;
  pages?: number;
  /** What a list step listed (every page's items). */
  items?: Record<string, unknown>[];
}

/** A server with more UI resources than this is checked on its first ones. */
export const MAX_APP_READS = 50;

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

async function listAll(session: LiveSession, list: ListName, timeoutMs: number): Promise<StepOutcome> {
  const spec = LISTS[list];
  const done = await fetchAll((method, params) => session.request(method, params, { timeoutMs }), spec);
  return { method: spec.method, ok: done.error === undefined, pages: done.pages, items: done.items, ...(done.error ? { error: done.error } : {}) };
}

export async function discover(session: LiveSession, serverCapabilities: Record<string, unknown>, timeoutMs: number): Promise<StepOutcome[]> {
  const outcomes: StepOutcome[] = [];
  for (const { list, capability } of DISCOVERY) {
    if (serverCapabilities[capability] === undefined) continue;
    outcomes.push(await listAll(session, list, timeoutMs));
  }
  return outcomes;
}

/**
 * Reads the resource each UI tool of the listing points at (MCP Apps: `_meta.ui.resourceUri`), as
 * a host does before it renders one, so the apps.* rules judge the HTML and its CSP. Nothing is
 * read from a server without the resources capability (apps.resource-missing says why).
 */
export async function readAppResources(
  session: LiveSession,
  tools: readonly unknown[],
  serverCapabilities: Record<string, unknown>,
  timeoutMs: number,
): Promise<StepOutcome[]> {
  if (serverCapabilities.resources === undefined) return [];
  const outcomes: StepOutcome[] = [];
  for (const uri of uiResourceUris(tools).slice(0, MAX_APP_READS)) {
    const method = `resources/read ${uri}`;
    try {
      await session.request('resources/read', { uri }, { timeoutMs });
      outcomes.push({ method, ok: true });
    } catch (e) {
      outcomes.push({ method, ok: false, error: describe(e) });
    }
  }
  return outcomes;
}

export async function runScript(session: LiveSession, steps: ScriptStep[], timeoutMs: number): Promise<StepOutcome[]> {
  const outcomes: StepOutcome[] = [];
  for (const step of steps) {
    try {
      if (step.method.startsWith('notifications/')) await session.notify(step.method, step.params);
      else await session.request(step.method, step.params, { timeoutMs });
      outcomes.push({ method: step.method, ok: true });
    } catch (e) {
      outcomes.push({ method: step.method, ok: false, error: describe(e) });
    }
  }
  return outcomes;
}
