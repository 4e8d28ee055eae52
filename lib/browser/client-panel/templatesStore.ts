/**
 * What this page is filling in for a session's resource templates: the template picked and the
 * values of each template's variables. Kept per session (a client tab switch keeps them), in this
 * browser tab across a reload, and the values per connection and template in localStorage, so a
 * later session of the same connection starts where the last one ended.
 */
import { memoryKey, recall, remember } from '../../client/arg-memory';
import { useLoupe } from '../store';
import { keepInTab } from './keepInTab';
import { createPerSession } from './perSession';
import { browserStorage } from './storage';

export interface TemplatesInput {
  picked?: string;
  /** Variable values by URI template. */
  values: Record<string, Record<string, string>>;
}

export const useTemplates = createPerSession<TemplatesInput>(() => ({ values: {} }));

const connectionOf = (sessionId: string) => useLoupe.getState().sessions.find((s) => s.id === sessionId)?.connectionId ?? sessionId;

const strings = (o: Record<string, unknown> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(o ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));

export function pickTemplate(sessionId: string, uriTemplate: string | undefined): void {
  useTemplates.getState().patch(sessionId, (s) => {
    if (uriTemplate === undefined || s.values[uriTemplate]) return { picked: uriTemplate };
    const remembered = strings(recall(browserStorage(), memoryKey(connectionOf(sessionId), 'template', uriTemplate)));
    return { picked: uriTemplate, values: { ...s.values, [uriTemplate]: remembered } };
  });
}

export function setTemplateValue(sessionId: string, uriTemplate: string, name: string, value: string): void {
  const cur = useTemplates.getState().get(sessionId).values[uriTemplate] ?? {};
  const next = { ...cur, [name]: value };
  useTemplates.getState().patch(sessionId, (s) => ({ values: { ...s.values, [uriTemplate]: next } }));
  remember(browserStorage(), memoryKey(connectionOf(sessionId), 'template', uriTemplate), next);
}

function parseInput(v: unknown): TemplatesInput | undefined {
  const t = v as Partial<TemplatesInput> | undefined;
  if (typeof t !== 'object' || t === null || typeof t.values !== 'object' || t.values === null) return undefined;
  const values = Object.fromEntries(Object.entries(t.values).map(([k, o]) => [k, strings(o as Record<string, unknown>)]));
  return { picked: typeof t.picked === 'string' ? t.picked : undefined, values };
}

/** Brings back this browser tab's template inputs, then keeps them; called once the page runs. */
export function restoreTemplates(): void {
  keepInTab(useTemplates, 'loupe.templates', parseInput);
}
