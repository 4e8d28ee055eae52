/** Each session's client-created task ids, read from its frames (lib/client/task-ids). */
import { emptyTaskIds, trackClientTaskIds, type TaskIdState } from '../../lib/client/task-ids';
import { createPerSession } from './perSession';

export const useTaskIds = createPerSession<TaskIdState>(() => emptyTaskIds);

type Args = Parameters<typeof trackClientTaskIds>;

/** Reads the frames not read yet; a trace that shrank (replaced) is read again from the start. */
export function followTaskIds(sessionId: string, frames: Args[1], classified: Args[2]): void {
  const store = useTaskIds.getState();
  const cur = store.get(sessionId);
  const next = trackClientTaskIds(frames.length < cur.upTo ? emptyTaskIds : cur, frames, classified);
  if (next !== cur) store.patch(sessionId, next);
}

/** True when some page of this session created the task (this one or another). */
export function createdInSession(sessionId: string, taskId: string): boolean {
  return useTaskIds.getState().get(sessionId).ids[taskId] === true;
}
