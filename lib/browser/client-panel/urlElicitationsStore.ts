/** Each session's URL elicitations and completion notices, read from its frames (lib/client/url-elicitations). */
import { emptyUrlElicitations, trackUrlElicitations, type UrlElicitationState } from '../../client/url-elicitations';
import { createPerSession } from './perSession';
import type { SessionModel } from '../../model/session-model';

export const useUrlElicitations = createPerSession<UrlElicitationState>(() => emptyUrlElicitations);

/**
 * Reads the frames not read yet, up to where the analyser got: frames past it are not classified
 * yet (a snapshot is taken in unparsed), and the analyser classifies each as it goes, so reading
 * only analysed frames parses nothing twice and keeps the snapshot's intake light. A live batch is
 * analysed on arrival; a snapshot's elicitations show once its analysis reaches them. A trace that
 * shrank (replaced) is read again from the start.
 */
export function followUrlElicitations(sessionId: string, model: SessionModel): void {
  const store = useUrlElicitations.getState();
  const cur = store.get(sessionId);
  const base = model.analysed < cur.upTo ? emptyUrlElicitations : cur;
  const next = trackUrlElicitations(base, model.frames, (i) => model.classifiedOf(i), model.analysed);
  if (next !== cur) store.patch(sessionId, next);
}
