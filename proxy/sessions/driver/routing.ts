/**
 * Who answers a request the server sends: `ping`, `roots/list` and the tasks/* requests are
 * answered by the session at once; a task-augmented sampling or elicitation request gets its
 * CreateTaskResult at once (the person answers the task later); sampling is answered with a
 * fixed text when the automatic reply is on; sampling and elicitation otherwise wait for the
 * person; anything else gets -32601 (JSON-RPC "method not found").
 */
import { runsAsTask, TASK_METHODS } from '../../../lib/client/received-tasks';

export type Route = 'ping' | 'roots' | 'tasks' | 'accept-task' | 'auto-sampling' | 'person' | 'not-handled';

export const ASKS_THE_PERSON = new Set(['sampling/createMessage', 'elicitation/create']);

export function routeServerRequest(method: string, params: unknown, clientCapabilities: Record<string, unknown>, samplingAuto: boolean): Route {
  if (method === 'ping') return 'ping';
  if (method === 'roots/list') return 'roots';
  if (TASK_METHODS.includes(method)) return typeof clientCapabilities.tasks === 'object' && clientCapabilities.tasks !== null ? 'tasks' : 'not-handled';
  if (runsAsTask(method, params, clientCapabilities)) return 'accept-task';
  if (method === 'sampling/createMessage' && samplingAuto) return 'auto-sampling';
  return ASKS_THE_PERSON.has(method) ? 'person' : 'not-handled';
}

export { samplingResult } from '../../../lib/client/sampling';

export { rootsResult } from '../../../lib/client/roots';
