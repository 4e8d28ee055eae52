/**
 * The tasks a client created in a session, read from its frames: every client response whose
 * result is a CreateTaskResult. Each page attached to a session sees them, so a page can tell a
 * task another page runs (leave its tasks/* requests to that page) from a task nobody created
 * (answer -32602 at once).
 */
import type { ClassifiedLike, FrameLike } from './notifications';

export interface TaskIdState {
  upTo: number;
  ids: Record<string, true>;
}

export const emptyTaskIds: TaskIdState = { upTo: 0, ids: {} };


const obj = (v: unknown): Record<string, unknown> | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

/** Reads frames[state.upTo..] into a new state (unchanged when there is nothing new). */
export function trackClientTaskIds(state: TaskIdState, frames: readonly Pick<FrameLike, 'dir' | 'lane'>[], classified: readonly ClassifiedLike[]): TaskIdState {
  if (frames.length <= state.upTo) return state;
  const ids = { ...state.ids };
  for (let i = state.upTo; i < frames.length; i++) {
    const f = frames[i];
    const c = classified[i];
    if (f.dir !== 'c2s' || f.lane !== 'message' || !c) continue;
    const messages = c.kind === 'batch' && Array.isArray(c.json) ? c.json : [c.json];
    for (const m of messages) {
      const o = obj(m);
      const taskId = o && o.method === undefined ? obj(obj(obj(o.result)?.task))?.taskId : undefined;
      if (typeof taskId === 'string') ids[taskId] = true;
    }
  }
  return { upTo: frames.length, ids };
}
