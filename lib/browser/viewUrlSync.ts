/**
 * Keeps the URL hash in step with what the dashboard shows (the active session tab, its pane and
 * its selected frame), and restores that view from the hash on load. Written with replaceState,
 * so moving through frames adds no history entries.
 */
import { useLoupe, type LoupeStore } from './store';
import { formatViewHash, parseViewHash } from './viewUrl';

/** A frame the link named that has not streamed in yet; selected when it arrives. */
let pending: { session: string; frame: number } | undefined;
let started = false;

/** Call once, after the saved tabs are restored and before connecting. */
export function restoreViewFromUrl(): void {
  if (started) return;
  started = true;
  const view = parseViewHash(window.location.hash);
  // A trace file's frames live only in the page that opened it: a link cannot bring them back.
  if (view.session && !view.session.startsWith('file:')) {
    const store = useLoupe.getState();
    // The tab opens at once; the socket attaches it when the proxy's hello lists the session,
    // and the tab itself says so when the proxy does not know it.
    store.openTab(view.session);
    if (view.pane) store.setPane(view.session, view.pane);
    if (view.frame !== undefined) pending = { session: view.session, frame: view.frame };
  }
  selectPendingFrame(useLoupe.getState());
  useLoupe.subscribe((s) => {
    selectPendingFrame(s);
    writeHash(s);
  });
  // The app router may write its own idea of the URL back during its mount effects (see token.ts).
  setTimeout(() => writeHash(useLoupe.getState()), 0);
}

function selectPendingFrame(s: LoupeStore): void {
  if (!pending) return;
  const { session, frame } = pending;
  // Someone chose a frame meanwhile: theirs wins.
  if (s.selected[session] !== undefined) {
    pending = undefined;
    return;
  }
  // Live traces are dense: frame `seq` sits at `seq - 1`.
  if (s.traces[session]?.frames[frame - 1]?.seq !== frame) return;
  pending = undefined;
  s.select(session, frame);
}

function currentHash(s: LoupeStore): string {
  const id = s.activeTab;
  if (!id || id.startsWith('file:')) return '';
  const frame = s.selected[id] ?? (pending?.session === id ? pending.frame : undefined);
  return formatViewHash({ session: id, pane: s.pane[id], frame });
}

function writeHash(s: LoupeStore): void {
  const hash = currentHash(s);
  const { pathname, search, hash: now } = window.location;
  if (hash === now || (hash === '' && now === '#')) return;
  window.history.replaceState(window.history.state, '', pathname + search + hash);
}
