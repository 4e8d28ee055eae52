/** What this page is editing for a session's prompts: the picked prompt and its arguments. The
 *  listing and the last prompts/get are the session's (client state in the proxy). */
import { memoryKey, recall, remember } from '../../client/arg-memory';
import { startCall } from '../actions';
import { useLoupe } from '../store';
import { createPerSession } from './perSession';
import { browserStorage } from './storage';

export interface PromptInfo {
  name: string;
  title?: string;
  description?: string;
  arguments?: { name: string; title?: string; description?: string; required?: boolean }[];
}

export interface PromptsInput {
  picked?: string;
  args: Record<string, string>;
  startError?: string;
}

export const usePrompts = createPerSession<PromptsInput>(() => ({ args: {} }));

const connectionOf = (sessionId: string) => useLoupe.getState().sessions.find((s) => s.id === sessionId)?.connectionId ?? sessionId;

export function pickPrompt(sessionId: string, name: string): void {
  const remembered = recall(browserStorage(), memoryKey(connectionOf(sessionId), 'prompt', name));
  const args = Object.fromEntries(Object.entries(remembered ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
  usePrompts.getState().patch(sessionId, { picked: name, args, startError: undefined });
}

export async function getPrompt(sessionId: string, name: string): Promise<void> {
  const st = usePrompts.getState().get(sessionId);
  remember(browserStorage(), memoryKey(connectionOf(sessionId), 'prompt', name), st.args);
  // Empty optional arguments are left out rather than sent as "".
  const args = Object.fromEntries(Object.entries(st.args).filter(([, v]) => v !== ''));
  try {
    await startCall(sessionId, 'prompts/get', { name, arguments: args });
    usePrompts.getState().patch(sessionId, { startError: undefined });
  } catch (e) {
    usePrompts.getState().patch(sessionId, { startError: (e as Error).message });
  }
}
