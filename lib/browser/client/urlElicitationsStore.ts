/** Each session's URL elicitations and completion notices, read from its frames (lib/client/url-elicitations). */
import { emptyUrlElicitations, trackUrlElicitations, type UrlElicitationState } from '../../client/url-elicitations';
import { createPerSession } from './perSession';

export const useUrlElicitations = createPerSession<UrlElicitationState>(() => emptyUrlElicitations);

type TraceLike = Parameters<typeof trackUrlElicitations>;

/** Reads the frames not read yet; a trace that shrank (replaced) is read again from the start. */
export function followUrlElicitations(sessionId: string, frames: TraceLike[1], classified: TraceLike[2]): void {
  const store = useUrlElicitations.getState();
  const cur = store.get(sessionId);
  const base = frames.length < cur.upTo ? emptyUrlElicitations : cur;
  const next = trackUrlElicitations(base, frames, classified);
  if (next !== cur) store.patch(sessionId, next);
}
