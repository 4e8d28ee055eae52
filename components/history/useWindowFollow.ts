'use client';
/**
 * A window onto a stored session that is still being written follows it as the live traffic table
 * follows its end: while the rows reach the newest frame and the view is at the bottom, what is
 * written appears at the bottom (read every FOLLOW_POLL_MS) and the view stays pinned there;
 * scrolling up stops it, scrolling back to the newest row (or Follow, or Newest) resumes it. While
 * not following, the session's totals are still read, so the header's count and the number of
 * frames written since stay current. Once the session closes, nothing more is read.
 *
 * The view's scrolls are heard on the way down (a capture listener on the element around the table
 * or the diagram), so the table and the diagram need not know about following: their own
 * placements (bottom, shift, seq) move them, and each move is judged here like a person's.
 */
import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';
import { FOLLOW_POLL_MS, followsNow, scrolledToBottom, unseenSince } from '../../lib/view/window-follow';
import type { Target, useStoredWindow } from './useStoredWindow';

type Win = ReturnType<typeof useStoredWindow>;

export function useWindowFollow(win: Win, initially: boolean) {
  const [following, setFollowing] = useState(initially);
  const followingRef = useRef(following);
  followingRef.current = following;
  const state = win.totals?.state;
  const active = followsNow(following, state, win.rows);
  const rowsReachNewest = useRef(false);
  rowsReachNewest.current = !win.rows.hasAfter;

  // The last seq the window showed while it followed: what was written after it is "new".
  const seen = useRef<number | undefined>(undefined);
  if (active || seen.current === undefined) seen.current = win.totals?.lastSeq;
  const unseen = unseenSince(win.totals?.lastSeq, seen.current);

  const { readNew, peek } = win;
  const recording = state === 'recording';
  // Seen being written, then not: it closed while the window was open.
  const wasRecording = useRef(false);
  if (recording) wasRecording.current = true;
  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => {
      if (followingRef.current && rowsReachNewest.current) void readNew(() => followingRef.current);
      else void peek();
    }, FOLLOW_POLL_MS);
    return () => clearInterval(timer);
  }, [recording, readNew, peek]);

  /** The scrollTop each scroller was last seen at: a scroll that leaves it alone went sideways. */
  const tops = useRef(new WeakMap<Element, number>());
  const onScrollCapture = useCallback((e: UIEvent) => {
    const el = e.target;
    if (!(el instanceof HTMLElement)) return;
    const before = tops.current.get(el);
    tops.current.set(el, el.scrollTop);
    if (before === el.scrollTop || (before === undefined && el.scrollHeight <= el.clientHeight)) return;
    const bottom = scrolledToBottom(el.scrollTop, el.clientHeight, el.scrollHeight);
    // At the bottom of rows that stop short of the newest frame, the table reads on first.
    setFollowing(bottom && rowsReachNewest.current);
  }, []);

  /** A reset of the rows: reading the newest rows follows them, any other place stops following. */
  const onTarget = useCallback((target: Target) => setFollowing(target === 'newest'), []);

  return { following: active, recording, ended: wasRecording.current && !recording, unseen, onScrollCapture, onTarget, stop: () => setFollowing(false) };
}
