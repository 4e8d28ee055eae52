/**
 * What the page answers without a person, whenever the server's pending requests change:
 * roots/list from the roots list, the tasks/* requests about tasks the page runs, a
 * task-augmented sampling or elicitation request with its CreateTaskResult (the person answers
 * the task later), and sampling when the automatic reply is switched on.
 */
import { runsAsTask, TASK_METHODS } from '../../lib/client/received-tasks';
import type { PendingServerRequest } from '../../lib/wire/protocol';
import { acceptAsTask, answerTaskRequest, finishReceivedTask } from './receivedTasksStore';
import { rootsResult, useRoots } from './rootsStore';
import { answer, samplingResult, useServerRequests } from './serverRequestsStore';

/** Requests the page answers by itself: no card is shown for them. */
export function answeredWithoutPerson(p: PendingServerRequest, clientCapabilities: Record<string, unknown> | undefined): boolean {
  return TASK_METHODS.includes(p.method) || runsAsTask(p.method, p.params, clientCapabilities);
}

export function autoAnswer(sessionId: string, connectionId: string, pending: PendingServerRequest[], clientCapabilities: Record<string, unknown> | undefined): void {
  const st = useServerRequests.getState().get(sessionId);
  const automatic = () => ({ result: samplingResult(st.samplingText, 'loupe-automatic') });
  for (const p of pending) {
    if (st.answered.includes(p.key)) continue;
    if (p.method === 'roots/list') void answer(sessionId, p.key, { result: rootsResult(useRoots.getState().roots(connectionId)) }, true);
    else if (TASK_METHODS.includes(p.method)) answerTaskRequest(sessionId, p, clientCapabilities);
    else if (runsAsTask(p.method, p.params, clientCapabilities)) {
      const taskId = acceptAsTask(sessionId, p);
      if (p.method === 'sampling/createMessage' && st.samplingAuto) finishReceivedTask(sessionId, taskId, automatic());
    } else if (p.method === 'sampling/createMessage' && st.samplingAuto) void answer(sessionId, p.key, automatic(), true);
  }
}
