/**
 * A frame that a link (the URL hash) names before the session's frames have streamed in: a new
 * page opens the tab at once, but the snapshot arrives later. The frame is selected when it
 * arrives, unless the selection moved away meanwhile (then the person's choice wins). Until then
 * the address bar keeps naming it, so the link is not lost while the page loads.
 *
 * No DOM here: viewUrlSync.ts writes the hash; this decides what it says.
 */
import { frameAt, type Trace } from './trace';
import type { ViewState } from './viewUrl';

export interface LinkedFrame {
  session: string;
  frame: number;
  /** The session's selection when the link asked: any other selection since is a person's choice. */
  before: number | undefined;
}

/** The parts of the store that decide the view. */
export interface ViewSource {
  activeTab?: string;
  selected: Record<string, number | undefined>;
  pane: Record<string, string | undefined>;
  traces: Record<string, Trace | undefined>;
}

/** The store as the follower uses it: read the state, select a frame, hear about every write. */
export interface ViewStore<S extends ViewSource> {
  getState(): S & { select(session: string, seq: number | undefined): void };
  subscribe(listener: () => void): () => void;
}

export function frameArrived(s: ViewSource, session: string, frame: number): boolean {
  const trace = s.traces[session];
  return !!trace && frameAt(trace, frame)?.seq === frame;
}

/** What a store write means for the linked frame: keep waiting, select it now, or let it go. */
export function settleLinkedFrame(linked: LinkedFrame | undefined, s: ViewSource): { linked?: LinkedFrame; select?: LinkedFrame } {
  if (!linked) return {};
  if (s.selected[linked.session] !== linked.before) return {};
  if (!frameArrived(s, linked.session, linked.frame)) return { linked };
  return { select: linked };
}

/** The view the address bar should hold: the active tab, its pane, and its selected (or linked) frame. */
export function viewOf(s: ViewSource, linked: LinkedFrame | undefined): ViewState {
  const id = s.activeTab;
  if (!id || id.startsWith('file:')) return {};
  const frame = s.selected[id] ?? (linked?.session === id ? linked.frame : undefined);
  return { session: id, pane: s.pane[id], frame };
}

/**
 * Runs `onWrite` after every store write, once the linked frame has been dealt with. Selecting it
 * is itself a store write, made from inside a listener: Zustand then calls every listener again
 * with the new state before this one resumes, and the state this listener was called with is
 * stale. The view is therefore always read from the store afresh, never from a listener argument,
 * or a hash written last would drop the frame that had just been selected.
 */
export function followLinkedFrame<S extends ViewSource>(
  store: ViewStore<S>,
  linked: { current?: LinkedFrame },
  onWrite: (view: ViewState, s: S) => void,
): () => void {
  return store.subscribe(() => {
    const settled = settleLinkedFrame(linked.current, store.getState());
    linked.current = settled.linked;
    // A nested write: this listener runs again inside it and writes the view with the frame.
    if (settled.select) store.getState().select(settled.select.session, settled.select.frame);
    const now = store.getState();
    onWrite(viewOf(now, linked.current), now);
  });
}
