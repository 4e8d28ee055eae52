/**
 * The page's actions of the 2026-07-28 era (see actions.ts for the rest): answering a
 * multi-round-trip call's inputRequests, the per-request log level, subscriptions/listen streams
 * and the tasks extension. Each sends one message; the session's client state shows the outcome.
 */
import { getSocket } from './socket';

type Obj = Record<string, unknown>;

/** The person's answers to a call waiting for input; the session retries the call with them. */
export async function answerInputRequests(sessionId: string, callId: string, inputResponses: Obj): Promise<void> {
  await getSocket().call({ type: 'client/input-answer', sessionId, callId, inputResponses });
}

/** The logLevel every request of a modern session carries (undefined: none, so no log messages). */
export async function setModernLogLevel(sessionId: string, level: string | undefined): Promise<void> {
  await getSocket().call({ type: 'client/set-log-level', sessionId, ...(level ? { level } : {}) });
}

/** Opens a subscriptions/listen stream with this filter; resolves with its name. */
export async function startListen(sessionId: string, notifications: Obj): Promise<string> {
  const reply = await getSocket().call({ type: 'client/listen', sessionId, notifications });
  if (reply.type !== 'ack' || !reply.listenId) throw new Error('The proxy opened no listen (its reply carried no listen id).');
  return reply.listenId;
}

export async function stopListen(sessionId: string, listenId: string): Promise<void> {
  await getSocket().call({ type: 'client/listen-stop', sessionId, listenId });
}

/** A task of the tasks extension: tasks/get, tasks/cancel, or tasks/update with the answers. */
export async function modernTaskAction(sessionId: string, taskId: string, action: 'get' | 'cancel' | 'update', inputResponses?: Obj): Promise<void> {
  await getSocket().call({ type: 'client/modern-task', sessionId, taskId, action, ...(inputResponses ? { inputResponses } : {}) });
}
