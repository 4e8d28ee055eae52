'use client';
/**
 * The state of a window onto a stored session: the rows held, the session's totals, what is being
 * read, and where the table should scroll after a read. Every read asks the proxy for a few
 * hundred frames; a reset (Newest, Oldest, Go to seq, a new filter) starts a new generation so a
 * late reply of the one before cannot land in the new rows. A session still being written is
 * followed by readNew (useWindowFollow.ts says when), which puts what was written since on at the bottom.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Frame } from '../../lib/mcp/frame';
import { fetchWindow, type StoredWindow } from '../../lib/browser/stored-window';
import { indexAtOrAfter, joinAround, withNewer, withOlder, type WindowRows } from '../../lib/view/stored-rows';
import { followed, followFrom, type StoredState } from '../../lib/view/window-follow';
import type { WindowFilter } from '../../lib/wire/stored-window';

/** Frames per read at an end of the rows. */
const PAGE = 300;
/** Frames read before and from a seq one goes to. */
const AROUND_BEFORE = 150;
const AROUND_FROM = 250;

export interface Totals {
  frameCount: number;
  firstSeq: number;
  lastSeq: number;
  bytes: number;
  state: StoredState;
}

/** Where the table scrolls once the rows changed; `token` tells one placement from the next. */
export type Placement =
  | { token: number; to: 'bottom' | 'top' }
  | { token: number; to: 'seq'; seq: number }
  /** Rows went on (positive) or came off (negative) at the top: the view stays where it was. */
  | { token: number; to: 'shift'; rows: number };

export type Target = 'newest' | 'oldest' | { seq: number };

const EMPTY: WindowRows<Frame> = { frames: [], hasBefore: false, hasAfter: false };

/** `connected`: the first read, at `first`, waits for the link to the proxy (a tab restored after a reload). */
export function useStoredWindow(id: string, filter: WindowFilter, connected: boolean, first: Target) {
  const [rows, setRows] = useState<WindowRows<Frame>>(EMPTY);
  const [totals, setTotals] = useState<Totals>();
  const [loading, setLoading] = useState<'reset' | 'older' | 'newer' | undefined>('reset');
  const [error, setError] = useState<string>();
  const [placement, setPlacement] = useState<Placement>();
  const generation = useRef(0);
  const token = useRef(0);
  const busy = useRef(false);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const filterRef = useRef(filter);
  filterRef.current = filter;
  const totalsRef = useRef(totals);
  totalsRef.current = totals;

  const took = (w: StoredWindow) => setTotals({ frameCount: w.frameCount, firstSeq: w.firstSeq, lastSeq: w.lastSeq, bytes: w.bytes, state: w.state });
  const failed = (e: Error) => setError(e.message);

  /** Reads the rows afresh at `target` (with `f`, a filter just chosen); resolves with the seq it landed on (a seq the filter hides lands on the next). */
  const reset = useCallback(
    async (target: Target, f: WindowFilter = filterRef.current): Promise<number | undefined> => {
      const gen = ++generation.current;
      busy.current = true;
      setLoading('reset');
      setError(undefined);
      try {
        let next: WindowRows<Frame>;
        let landed: number | undefined;
        if (target === 'newest' || target === 'oldest') {
          const w = await fetchWindow(id, target === 'newest' ? { newest: true } : { fromSeq: 1 }, PAGE, f);
          if (gen !== generation.current) return undefined;
          took(w);
          next = { frames: w.frames, hasBefore: w.hasBefore, hasAfter: w.hasAfter };
        } else {
          const [before, from] = await Promise.all([
            fetchWindow(id, { beforeSeq: target.seq }, AROUND_BEFORE, f),
            fetchWindow(id, { fromSeq: target.seq }, AROUND_FROM, f),
          ]);
          if (gen !== generation.current) return undefined;
          took(from);
          next = joinAround(before, from);
          landed = next.frames[indexAtOrAfter(next.frames, target.seq)]?.seq ?? next.frames[next.frames.length - 1]?.seq;
        }
        setRows(next);
        const t = ++token.current;
        setPlacement(
          target === 'newest'
            ? { token: t, to: 'bottom' }
            : target === 'oldest' || landed === undefined
              ? { token: t, to: 'top' }
              : { token: t, to: 'seq', seq: landed },
        );
        return target === 'newest' || target === 'oldest' ? undefined : landed;
      } catch (e) {
        if (gen === generation.current) failed(e as Error);
        return undefined;
      } finally {
        if (gen === generation.current) {
          busy.current = false;
          setLoading(undefined);
        }
      }
    },
    [id],
  );

  /** Reads the next frames at one end of the rows, unless a read is under way or there are none. */
  const extend = useCallback(
    async (end: 'older' | 'newer') => {
      const held = rowsRef.current;
      if (busy.current || !held.frames.length || !(end === 'older' ? held.hasBefore : held.hasAfter)) return;
      const gen = generation.current;
      busy.current = true;
      setLoading(end);
      try {
        const anchor = end === 'older' ? { beforeSeq: held.frames[0].seq } : { fromSeq: held.frames[held.frames.length - 1].seq + 1 };
        const w = await fetchWindow(id, anchor, PAGE, filterRef.current);
        if (gen !== generation.current) return;
        took(w);
        const t = ++token.current;
        if (end === 'older') {
          const { rows: next, added } = withOlder(rowsRef.current, w);
          setRows(next);
          setPlacement({ token: t, to: 'shift', rows: added });
        } else {
          const { rows: next, dropped } = withNewer(rowsRef.current, w);
          setRows(next);
          setPlacement({ token: t, to: 'shift', rows: -dropped });
        }
      } catch (e) {
        if (gen === generation.current) failed(e as Error);
      } finally {
        if (gen === generation.current) {
          busy.current = false;
          setLoading(undefined);
        }
      }
    },
    [id],
  );

  /**
   * Reads what was written since the last row and puts it on at the bottom; when more was written
   * than one read takes, the rows start again from the newest. `pinned`, asked once the reply is
   * in: whether the view is still at the bottom (a scroll up while the read was under way stops
   * following, and the view then stays where the person took it).
   */
  const readNew = useCallback(
    async (pinned: () => boolean) => {
      if (busy.current) return;
      const gen = generation.current;
      busy.current = true;
      try {
        const w = await fetchWindow(id, { fromSeq: followFrom(rowsRef.current.frames, totalsRef.current?.lastSeq) }, PAGE, filterRef.current);
        if (gen !== generation.current) return;
        took(w);
        // A read that failed before (the link to the proxy dropped) is over once one succeeds.
        setError(undefined);
        const step = followed(rowsRef.current, w);
        if (step.kind === 'none') return;
        if (step.kind === 'appended') {
          setRows(step.rows);
          setPlacement(pinned() ? { token: ++token.current, to: 'bottom' } : { token: ++token.current, to: 'shift', rows: -step.dropped });
          return;
        }
        if (!pinned()) return;
        const newest = await fetchWindow(id, { newest: true }, PAGE, filterRef.current);
        if (gen !== generation.current) return;
        took(newest);
        setRows({ frames: newest.frames, hasBefore: newest.hasBefore, hasAfter: false });
        setPlacement({ token: ++token.current, to: 'bottom' });
      } catch (e) {
        if (gen === generation.current) failed(e as Error);
      } finally {
        if (gen === generation.current) busy.current = false;
      }
    },
    [id],
  );

  /** Reads the session's totals alone (one frame past the last one known, unfiltered): how far it went on while not followed. */
  const peek = useCallback(async () => {
    const known = totalsRef.current;
    if (busy.current || !known) return;
    const gen = generation.current;
    try {
      const w = await fetchWindow(id, { fromSeq: known.lastSeq + 1 }, 1);
      if (gen === generation.current) took(w);
    } catch {
      // The next read says what went wrong, if it still does.
    }
  }, [id]);

  const started = useRef(false);
  const firstRef = useRef(first);
  useEffect(() => {
    if (!connected || started.current) return;
    started.current = true;
    void reset(firstRef.current);
  }, [reset, connected]);

  return { rows, totals, loading, error, placement, reset, extend, readNew, peek };
}
