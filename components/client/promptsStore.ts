/** A session's prompts (server/prompts): the listing, the picked prompt, its arguments, the last get. */
import { memoryKey, recall, remember } from '../../lib/client/arg-memory';
import { useLoupe } from '../../lib/browser/store';
import { createPerSession } from './perSession';
import { browserStorage, clientRequest, failureOf, type RpcFailure } from './request';

export interface PromptInfo {
  name: string;
  title?: string;
  description?: string;
  arguments?: { name: string; title?: string; description?: string; required?: boolean }[];
}

export interface PromptsState {
  prompts?: PromptInfo[];
  nextCursor?: string;
  listError?: string;
  picked?: string;
  args: Record<string, string>;
  outcome?: { result?: Record<string, unknown>; error?: RpcFailure };
  getting: boolean;
}

export const usePrompts = createPerSession<PromptsState>(() => ({ args: {}, getting: false }));

const connectionOf = (sessionId: string) => useLoupe.getState().sessions.find((s) => s.id === sessionId)?.connectionId ?? sessionId;

export async function listPrompts(sessionId: string, more = false): Promise<void> {
  const store = usePrompts.getState();
  const cursor = store.get(sessionId).nextCursor;
  try {
    const r = (await clientRequest(sessionId, 'prompts/list', more && cursor ? { cursor } : {})) as { prompts?: unknown; nextCursor?: unknown };
    const page = Array.isArray(r?.prompts) ? r.prompts.filter((p): p is PromptInfo => typeof p === 'object' && p !== null && typeof (p as PromptInfo).name === 'string') : [];
    store.patch(sessionId, (s) => ({ prompts: more ? [...(s.prompts ?? []), ...page] : page, nextCursor: typeof r?.nextCursor === 'string' ? r.nextCursor : undefined, listError: undefined }));
    const st = usePrompts.getState().get(sessionId);
    if (!st.prompts?.some((p) => p.name === st.picked) && st.prompts?.[0]) pickPrompt(sessionId, st.prompts[0].name);
  } catch (e) {
    store.patch(sessionId, { listError: `prompts/list failed: ${failureOf(e).message}` });
  }
}

export function pickPrompt(sessionId: string, name: string): void {
  const remembered = recall(browserStorage(), memoryKey(connectionOf(sessionId), 'prompt', name));
  const args = Object.fromEntries(Object.entries(remembered ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
  usePrompts.getState().patch(sessionId, { picked: name, args, outcome: undefined });
}

export async function getPrompt(sessionId: string): Promise<void> {
  const store = usePrompts.getState();
  const st = store.get(sessionId);
  if (!st.picked) return;
  remember(browserStorage(), memoryKey(connectionOf(sessionId), 'prompt', st.picked), st.args);
  // Empty optional arguments are left out rather than sent as "".
  const args = Object.fromEntries(Object.entries(st.args).filter(([, v]) => v !== ''));
  store.patch(sessionId, { getting: true, outcome: undefined });
  try {
    const result = (await clientRequest(sessionId, 'prompts/get', { name: st.picked, arguments: args })) as Record<string, unknown>;
    store.patch(sessionId, { getting: false, outcome: { result } });
  } catch (e) {
    store.patch(sessionId, { getting: false, outcome: { error: failureOf(e) } });
  }
}
