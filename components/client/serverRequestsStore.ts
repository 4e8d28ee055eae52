/**
 * How the page answers requests the server sends: roots/list from the roots list at once,
 * sampling by a person (or by an automatic reply a person switched on, for tests), elicitation by
 * a person. Keys already answered are remembered so an answer is never sent twice.
 */
import { createPerSession } from './perSession';
import { answerServerRequest } from './request';

export interface AutoReplyState {
  samplingAuto: boolean;
  samplingText: string;
  answered: string[];
  error?: string;
}

export const useServerRequests = createPerSession<AutoReplyState>(() => ({ samplingAuto: false, samplingText: 'An automatic reply from Loupe.', answered: [] }));

/** A sampling reply (client/sampling, CreateMessageResult) with the person's text. */
export function samplingResult(text: string, model: string, stopReason = 'endTurn'): Record<string, unknown> {
  return { role: 'assistant', content: { type: 'text', text }, model, stopReason };
}

/** A reply to a server request: a result, or a JSON-RPC error. */
export type ServerAnswer = Parameters<typeof answerServerRequest>[2];

/**
 * Sends an answer once; false when it could not be sent. An automatic answer that fails says
 * nothing: every page attached to the session answers those, and only the first one lands.
 */
export async function answer(sessionId: string, key: string, a: ServerAnswer, automatic = false): Promise<boolean> {
  const store = useServerRequests.getState();
  if (store.get(sessionId).answered.includes(key)) return false;
  store.patch(sessionId, (s) => ({ answered: [...s.answered.slice(-200), key], error: undefined }));
  try {
    await answerServerRequest(sessionId, key, a);
    return true;
  } catch (e) {
    if (!automatic) store.patch(sessionId, { error: `Could not answer: ${(e as Error).message}` });
    return false;
  }
}
