/**
 * Keeps the URL hash in step with what the dashboard shows (the active session tab, its pane and
 * its selected frame), restores that view from the hash on load, and follows the browser's Back
 * and Forward. Which changes make a history entry is decided in viewHistory.ts: another tab or
 * pane pushes one, choosing frames only replaces the current one.
 */
import { useLoupe, type LoupeStore } from './store';
import { formatViewHash, parseViewHash, type ViewState } from './viewUrl';
import { DEFAULT_PANE, historyMode, type HistoryMode } from './viewHistory';
import { followLinkedFrame, frameArrived, viewOf, type LinkedFrame } from './linkedFrame';

/** A frame the URL named that has not streamed in yet (see linkedFrame.ts). */
const linked: { current?: LinkedFrame } = {};
let started = false;
/** The view the current history entry holds: what the last write or Back/Forward left. */
let entry: ViewState = {};
/** Set while a popped entry is applied: those store writes must not make entries of their own. */
let applying = false;

/** Call once, after the saved tabs are restored and before connecting. */
export function restoreViewFromUrl(): void {
  if (started) return;
  started = true;
  const view = parseViewHash(window.location.hash);
  // A trace file's frames live only in the page that opened it: a link cannot bring them back.
  // The tab opens at once; the socket attaches it when the proxy's hello lists the session,
  // and the tab itself says so when the proxy does not know it.
  if (restorable(view)) applyView(view, false);
  entry = viewOf(useLoupe.getState(), linked.current);
  // Every later write: the linked frame is selected once it arrives, and the hash follows.
  followLinkedFrame(useLoupe, linked, (_view, s) => {
    if (!applying) writeHash(s);
  });
  // popstate covers Back/Forward; hashchange also covers a hash typed into the address bar in
  // browsers that fire only that one. Both may fire for one step: the second finds nothing to do.
  window.addEventListener('popstate', followUrl);
  window.addEventListener('hashchange', followUrl);
  // The app router may write its own idea of the URL back during its mount effects (see token.ts).
  setTimeout(() => writeHash(useLoupe.getState(), 'replace'), 0);
}

function restorable(view: ViewState): view is ViewState & { session: string } {
  return !!view.session && !view.session.startsWith('file:');
}

/** Shows the view a history entry holds. */
function followUrl(): void {
  const view = parseViewHash(window.location.hash);
  if (formatViewHash(view) === formatViewHash(entry)) return;
  entry = view;
  // An entry without a session (a trace file's tab, or before anything was open) leaves the view.
  if (!restorable(view)) return;
  applying = true;
  try {
    applyView(view, true);
  } finally {
    applying = false;
  }
  // Settles the entry on what is shown (a pane filled in, say) without making a new one.
  writeHash(useLoupe.getState(), 'replace');
}

/** Opens the tab, sets the pane and selects the frame; `exact` also clears a selection the URL lacks. */
function applyView(view: ViewState & { session: string }, exact: boolean): void {
  const store = useLoupe.getState();
  const { session, frame } = view;
  store.openTab(session);
  const pane = view.pane ?? (exact ? DEFAULT_PANE : undefined);
  if (pane && store.pane[session] !== pane) store.setPane(session, pane);
  linked.current = undefined;
  if (frame === undefined) {
    if (exact && store.selected[session] !== undefined) store.select(session, undefined);
  } else if (frameArrived(useLoupe.getState(), session, frame)) {
    store.select(session, frame);
  } else {
    linked.current = { session, frame, before: useLoupe.getState().selected[session] };
  }
}

function writeHash(s: LoupeStore, forced?: HistoryMode): void {
  const view = viewOf(s, linked.current);
  const hash = formatViewHash(view);
  const { pathname, search, hash: now } = window.location;
  const mode = forced ?? historyMode(entry, view, !!entry.session && s.tabs.includes(entry.session));
  entry = view;
  if (hash === now || (hash === '' && now === '#')) return;
  // The app router's own state rides along, so its popstate handler keeps treating entries as its own.
  if (mode === 'push') window.history.pushState(window.history.state, '', pathname + search + hash);
  else window.history.replaceState(window.history.state, '', pathname + search + hash);
}
