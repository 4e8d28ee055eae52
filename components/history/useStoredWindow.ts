'use client';
/**
 * The state of a window onto a stored session: the rows held, the session's totals, what is being
 * read, and where the table should scroll after a read. Every read asks the proxy for a few
 * hundred frames; a reset (Newest, Oldest, Go to seq, a new filter) starts a new generation so a
 * late reply of the one before cannot land in the new rows.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Frame } from '../../lib/mcp/frame';
import { fetchWindow, type StoredWindow } from '../../lib/browser/stored-window';
import { indexAtOrAfter, joinAround, withNewer, withOlder, type WindowRows } from '../../lib/view/stored-rows';
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

  const took = (w: StoredWindow) => setTotals({ frameCount: w.frameCount, firstSeq: w.firstSeq, lastSeq: w.lastSeq, bytes: w.bytes });
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

  const started = useRef(false);
  const firstRef = useRef(first);
  useEffect(() => {
    if (!connected || started.current) return;
    started.current = true;
    void reset(firstRef.current);
  }, [reset, connected]);

  return { rows, totals, loading, error, placement, reset, extend };
}
