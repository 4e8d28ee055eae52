/**
 * Which view changes are steps in the browser's history, as in a devtool: moving to another
 * session tab or another pane is a step Back can undo; choosing frames (clicks, arrow keys, a jump
 * from the annotations or timing lists) only updates the current entry, so arrowing through 500
 * frames adds no entries. Pure: the DOM side lives in viewUrlSync.
 */
import type { ViewState } from './viewUrl';

/** A session view without a pane in the URL shows this one (store.ts: absent means Traffic). */
export const DEFAULT_PANE = 'traffic';

export type HistoryMode = 'push' | 'replace';

/**
 * `prev` is the view the current history entry holds, `next` the one now shown; `prevStillOpen`
 * says whether prev's session still has a tab (closing a tab is no place to go back to).
 */
export function historyMode(prev: ViewState, next: ViewState, prevStillOpen: boolean): HistoryMode {
  // A view without a session (nothing open yet, or a trace file's tab, which a URL cannot name)
  // cannot be restored from the URL, so it never becomes an entry of its own.
  if (!prev.session || !next.session || !prevStillOpen) return 'replace';
  if (prev.session !== next.session) return 'push';
  return (prev.pane ?? DEFAULT_PANE) !== (next.pane ?? DEFAULT_PANE) ? 'push' : 'replace';
}
