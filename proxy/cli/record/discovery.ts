/**
 * The standard discovery `loupe record` runs after the handshake: every list the server's
 * capabilities allow, following `nextCursor` to the end, then the scripted requests. A failing
 * request is recorded like any other and does not stop the rest: the trace is the product.
 */
import type { LiveSession } from '../../sessions/types';
import type { ScriptStep } from '../shared/client-options';

/** Each list method and the server capability it needs. */
export const DISCOVERY: ReadonlyArray<{ method: string; capability: string }> = [
  { method: 'tools/list', capability: 'tools' },
  { method: 'resources/list', capability: 'resources' },
  { method: 'resources/templates/list', capability: 'resources' },
  { method: 'prompts/list', capability: 'prompts' },
];

/** A server that keeps returning cursors would otherwise keep us here forever. */
export const MAX_PAGES = 100;

export interface StepOutcome {
  method: string;
  ok: boolean;
  /** Why it failed, in words. */
  error?: string;
  pages?: number;
}

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

async function listAll(session: LiveSession, method: string, timeoutMs: number): Promise<StepOutcome> {
  let cursor: string | undefined;
  const seen = new Set<string>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    let result: unknown;
    try {
      result = await session.request(method, cursor === undefined ? undefined : { cursor }, { timeoutMs });
    } catch (e) {
      return { method, ok: false, error: describe(e), pages: page - 1 };
    }
    const next = (result as { nextCursor?: unknown } | null)?.nextCursor;
    if (typeof next !== 'string') return { method, ok: true, pages: page };
    if (seen.has(next)) return { method, ok: false, error: `the server repeated the cursor ${JSON.stringify(next)}: stopped paging`, pages: page };
    seen.add(next);
    cursor = next;
  }
  return { method, ok: false, error: `stopped after ${MAX_PAGES} pages`, pages: MAX_PAGES };
}

export async function discover(session: LiveSession, serverCapabilities: Record<string, unknown>, timeoutMs: number): Promise<StepOutcome[]> {
  const outcomes: StepOutcome[] = [];
  for (const { method, capability } of DISCOVERY) {
    if (serverCapabilities[capability] === undefined) continue;
    outcomes.push(await listAll(session, method, timeoutMs));
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
