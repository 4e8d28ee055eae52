/**
 * URL-mode elicitations (client/elicitation, 2025-11-25) followed through a session's frames: the
 * request, the client's answer, and the server's `notifications/elicitation/complete`. Read from
 * the frames, fed incrementally, so the page shows the same thing live and after a reload.
 * A completion for an unknown or already-completed id is kept as a notice: the spec says a client
 * ignores it, and an inspector says so.
 */
import type { ClassifiedLike, FrameLike } from './notifications';
import { asObject } from '../mcp/json';

export interface UrlElicitation {
  elicitationId: string;
  url: string;
  message?: string;
  requestSeq: number;
  /** The client's `action`, or `task` when it answered with a CreateTaskResult. */
  action?: string;
  completedSeq?: number;
}

export interface ElicitationNotice {
  seq: number;
  elicitationId: string;
  text: string;
}

export interface UrlElicitationState {
  /** Frames already read: the next call starts here. */
  upTo: number;
  /** The server's request ids (typed, `number:3`) of URL elicitations, to their index in `items`. */
  byRequestId: Record<string, number>;
  items: UrlElicitation[];
  notices: ElicitationNotice[];
}

export const emptyUrlElicitations: UrlElicitationState = { upTo: 0, byRequestId: {}, items: [], notices: [] };

type Obj = Record<string, unknown>;
const idKey = (id: unknown): string | undefined => (typeof id === 'string' || typeof id === 'number' ? `${typeof id}:${id}` : undefined);

function read(s: UrlElicitationState, seq: number, dir: string, m: Obj): void {
  const params = asObject(m.params) ?? {};
  if (dir === 's2c' && m.method === 'elicitation/create' && params.mode === 'url') {
    const key = idKey(m.id);
    if (key === undefined || typeof params.elicitationId !== 'string') return;
    s.byRequestId[key] = s.items.length;
    s.items.push({
      elicitationId: params.elicitationId,
      url: String(params.url ?? ''),
      requestSeq: seq,
      message: typeof params.message === 'string' ? params.message : undefined,
    });
  } else if (dir === 'c2s' && m.method === undefined) {
    const index = s.byRequestId[idKey(m.id) ?? ''];
    const result = asObject(m.result);
    if (index === undefined || !result) return;
    s.items[index] = { ...s.items[index], action: asObject(result.task) ? 'task' : String(result.action ?? '?') };
  } else if (dir === 's2c' && m.method === 'notifications/elicitation/complete' && !('id' in m)) {
    const elicitationId = String(params.elicitationId ?? '');
    let index = -1;
    for (let i = s.items.length - 1; i >= 0 && index < 0; i--) if (s.items[i].elicitationId === elicitationId) index = i;
    const head = `notifications/elicitation/complete #${seq} names elicitationId “${elicitationId}”`;
    if (index < 0) {
      s.notices.push({ seq, elicitationId, text: `${head}, which no URL elicitation of this session used: a client ignores it.` });
    } else if (s.items[index].completedSeq !== undefined) {
      s.notices.push({ seq, elicitationId, text: `${head}, which was already completed (#${s.items[index].completedSeq}): a client ignores it.` });
    } else {
      s.items[index] = { ...s.items[index], completedSeq: seq };
    }
  }
}

/** Reads frames[state.upTo..end] into a new state (the old one is left as it was). `classified(i)`
 *  is frames[i]'s classification. */
export function trackUrlElicitations(
  state: UrlElicitationState,
  frames: readonly FrameLike[],
  classified: (i: number) => ClassifiedLike | undefined,
  end = frames.length,
): UrlElicitationState {
  if (end <= state.upTo) return state;
  const s: UrlElicitationState = { upTo: end, byRequestId: { ...state.byRequestId }, items: [...state.items], notices: [...state.notices] };
  for (let i = state.upTo; i < end; i++) {
    const f = frames[i];
    const c = classified(i);
    if (f.lane !== 'message' || !c) continue;
    const messages = c.kind === 'batch' && Array.isArray(c.json) ? c.json : [c.json];
    for (const m of messages) {
      const o = asObject(m);
      if (o) read(s, f.seq, f.dir, o);
    }
  }
  return s;
}

/** What the person reads about one URL elicitation. */
export function urlElicitationStatus(e: UrlElicitation): string {
  const done = e.completedSeq !== undefined ? `completed by the server (#${e.completedSeq})` : undefined;
  switch (e.action) {
    case undefined:
      return done ? `${done}, before the client answered` : 'waiting for your answer';
    case 'accept':
      return done ?? 'accepted: waiting for the server to report completion';
    case 'task':
      return done ?? 'answered as a task: waiting for the server to report completion';
    default:
      return done ? `${e.action}, then ${done}` : `${e.action}`;
  }
}
