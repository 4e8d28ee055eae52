/**
 * Moves every trace's SessionModel on, whatever pane is shown: it analyses backlogs (a snapshot on
 * reload, an opened file) in short slices between renders, ticks a live session's wire clock so a
 * hung request is reported while nobody looks at the diagram, and calls `finish()` once a live
 * session ended or a file was read whole. Views only read the models.
 */
import { loadingSnapshot, type Trace } from './trace';
import type { SessionSummary } from '../wire/protocol';

const SLICE_MS = 12;
const TICK_MS = 1000;
/** While a backlog is analysed, views redraw at most this often for new annotations. */
const REDRAW_EVERY_MS = 250;
/** When only the analyser's progress moved (no new annotation), views redraw once frames stop
 *  arriving for this long: while they stream in, every batch redraws the views anyway, and a
 *  second redraw per batch would double the page's work for nothing. */
const QUIET_MS = 150;
/** A backlog (a snapshot on reload, an opened file) starts being analysed this long after it
 *  arrived, so the table's first render is not queued behind analysis slices. */
const FIRST_SLICE_DELAY_MS = 50;

export interface ModelClockStore {
  getState(): { traces: Record<string, Trace>; sessions: SessionSummary[]; touchTraces(ids: readonly string[]): void };
  subscribe(listener: () => void): () => void;
}

const LIVE_STATUSES = new Set<SessionSummary['status']>(['starting', 'initializing', 'ready']);

/** The session behind a live trace has ended (closed, failed, or gone from the proxy's list). */
function ended(t: Trace, sessions: readonly SessionSummary[]): boolean {
  if (t.source.kind !== 'live') return true;
  const id = t.source.sessionId;
  const s = sessions.find((x) => x.id === id);
  return s !== undefined && !LIVE_STATUSES.has(s.status);
}

/** Where the wire clock (µs) stood when the proxy saw the session end, from its own clock. */
export function endedOnWire(t: Trace, sessions: readonly SessionSummary[]): number {
  if (t.source.kind !== 'live') return 0;
  const id = t.source.sessionId;
  const s = sessions.find((x) => x.id === id);
  const at = s?.endedAt ?? s?.statusAt;
  return s && at !== undefined ? Math.max(0, at - s.startedAt) * 1000 : 0;
}

/** The wire clock's "now" (µs): the newest frame's timestamp plus the time elapsed since it came. */
export function wireNow(t: Trace, nowMs: number): number {
  const last = t.frames[t.frames.length - 1];
  return last ? last.ts + Math.max(0, nowMs - t.arrivedAt) * 1000 : 0;
}

interface PostTask {
  postTask(task: () => void, options?: { priority?: 'user-blocking' | 'user-visible' | 'background'; delay?: number }): Promise<unknown>;
}

/**
 * Runs the next slice of a backlog in `delayMs`, as background work where the browser has a task
 * scheduler: a click, a render and a paint go first, and a chain of slices is not clamped to 4 ms
 * a link as setTimeout(0) is from its fifth (a quarter of the time between 12 ms slices). Without
 * one (tests, old browsers), a timer. Returns a cancel function.
 */
function later(fn: () => void, delayMs: number): () => void {
  const scheduler = (globalThis as { scheduler?: PostTask }).scheduler;
  if (typeof scheduler?.postTask !== 'function') {
    const timer = setTimeout(fn, delayMs);
    return () => clearTimeout(timer);
  }
  let cancelled = false;
  scheduler
    .postTask(
      () => {
        if (!cancelled) fn();
      },
      { priority: 'background', delay: delayMs },
    )
    .catch(() => undefined);
  return () => {
    cancelled = true;
  };
}

export function startModelClock(store: ModelClockStore, clock: () => number = () => performance.now()): () => void {
  /** Cancels the slice to come, while one is scheduled. */
  let slice: (() => void) | undefined;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  let lastRedraw = 0;
  const dirty = new Set<string>();
  const moved = new Set<string>();

  const redrawWhenQuiet = () => {
    clearTimeout(trailing);
    trailing = setTimeout(() => {
      trailing = undefined;
      const ids = [...moved].filter((id) => store.getState().traces[id]);
      moved.clear();
      if (ids.length) store.getState().touchTraces(ids);
    }, QUIET_MS);
  };

  const flush = (force: boolean) => {
    if (dirty.size === 0 || (!force && clock() - lastRedraw < REDRAW_EVERY_MS)) return;
    lastRedraw = clock();
    const ids = [...dirty];
    dirty.clear();
    store.getState().touchTraces(ids);
  };

  /** Finishes what can be finished now: a read file, an ended session whose frames are analysed. */
  const settle = () => {
    const { traces, sessions } = store.getState();
    for (const [id, t] of Object.entries(traces)) {
      if (!t.model.live || !t.model.caughtUp || !ended(t, sessions)) continue;
      // The last tick first: the proxy may learn the end (a handshake timeout) after the deadline.
      // The page's estimate lags by however late the frames reached it, so the proxy's own time
      // of the end is the floor: a request the proxy gave up on is past its deadline here too.
      if (t.source.kind === 'live') t.model.tick(Math.max(wireNow(t, clock()), endedOnWire(t, sessions)));
      t.model.finish();
      dirty.add(id);
    }
  };

  const step = () => {
    slice = undefined;
    const deadline = clock() + SLICE_MS;
    let behind = false;
    for (const [id, t] of Object.entries(store.getState().traces)) {
      // While a snapshot's chunks come in, the page's time goes to taking them: analysis waits.
      if (t.model.caughtUp || loadingSnapshot(t)) continue;
      if (clock() >= deadline) {
        behind = true;
        continue;
      }
      if (t.model.advance(Math.max(1, deadline - clock()), clock)) dirty.add(id);
      else moved.add(id);
      if (!t.model.caughtUp) behind = true;
    }
    settle();
    if (!behind) {
      // Caught up: every view shows the whole analysis now (the diagram waits for the last rows),
      // not after the quiet wait meant for frames still streaming in.
      for (const id of moved) dirty.add(id);
      moved.clear();
      clearTimeout(trailing);
    }
    flush(!behind);
    if (moved.size) redrawWhenQuiet();
    if (behind) slice = later(step, 0);
  };

  const wake = () => {
    if (slice !== undefined) return;
    const { traces } = store.getState();
    if (Object.values(traces).some((t) => !t.model.caughtUp || (t.model.live && t.source.kind === 'file'))) slice = later(step, FIRST_SLICE_DELAY_MS);
    else {
      settle();
      flush(true);
    }
  };

  const tick = setInterval(() => {
    const { traces, sessions } = store.getState();
    for (const [id, t] of Object.entries(traces)) {
      if (t.source.kind === 'live' && !ended(t, sessions) && t.model.tick(wireNow(t, clock()))) dirty.add(id);
    }
    settle();
    flush(true);
  }, TICK_MS);

  const unsubscribe = store.subscribe(wake);
  wake();
  return () => {
    unsubscribe();
    clearInterval(tick);
    slice?.();
    clearTimeout(trailing);
  };
}
