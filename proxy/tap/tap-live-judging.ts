/**
 * A followed tap past its memory budget is judged from its stored copy as it grows, as a session
 * the dashboard launched is (proxy/store/live-judge.ts): past the budget the page's analyser judges
 * no more frames, and the tap's own process stores the session but judges it only once it closes.
 * The dashboard's store reads the segments the tap's recorder appends to, in the same queue, and
 * answers `history/findings` for the stored id with the findings so far, so the page's banner shows
 * them as for any other session.
 *
 * The judging starts once both are known: the budget was passed, and the stored copy was found
 * (tap-watcher.ts links it a moment after the tap starts). It ends by itself when the tap closes
 * its stored session or is gone (live-judging.ts), and is stopped when the dashboard stops
 * following: the session is closed, or the tap ended. Past its frame limit the following ends
 * while the tap goes on (recorder.ts `adopt`): the page then offers Browse onto the stored copy,
 * and its banner the findings of every frame, so that judging goes on until the tap closes it.
 */
import type { LifecycleMeta } from '../../lib/mcp/frame';
import type { LiveSession } from '../sessions/types';
import type { SessionStore } from '../store/store';

/** The frame-limit frame is among the last: only the budget's tail comes after it (recorder.ts). */
function endedAtFrameLimit(session: LiveSession): boolean {
  return session
    .frames()
    .slice(-3)
    .some((f) => f.lane === 'lifecycle' && (f.meta as LifecycleMeta | undefined)?.event === 'frame-limit');
}

export function judgeFollowedTap(session: LiveSession, store: SessionStore): void {
  let stop: (() => void) | undefined;
  const begin = () => {
    if (stop || !session.pastBudget || session.storedId === undefined) return;
    stop = store.judgeFollowed(session.storedId);
  };
  const offBudget = session.on('pastBudget', begin);
  // Linking the stored copy changes the summary (even after the frame limit); so does the end of the following.
  const offSummary = session.on('summary', (s) => {
    if ((s.status !== 'closed' && s.status !== 'failed') || endedAtFrameLimit(session)) return begin();
    offBudget();
    offSummary();
    stop?.();
    stop = () => {};
  });
  begin();
}
