'use client';
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { bottomScrollTop, isAtBottom } from '../../lib/view/fixed-window';

/**
 * Keeps a scroller pinned to its newest row only while the person is at the bottom: scrolling up
 * to read stops the following, scrolling back down (or "Jump to newest") resumes it.
 *
 * The bottom is computed from the row count, never read from the DOM: reading `scrollHeight` after
 * each batch forced a synchronous layout per batch while frames streamed in. `scrollTop` is kept
 * in state, so the table renders the right window from it without measuring anything either.
 */
export function useFollowBottom(ref: RefObject<HTMLElement | null>, rowCount: number, rowHeight: number, viewportHeight: number) {
  const following = useRef(true);
  const [atBottom, setAtBottom] = useState(true);
  const [scrollTop, setScrollTop] = useState(0);
  const seenCount = useRef(rowCount);
  const lastSet = useRef<number | undefined>(undefined);
  const [unseen, setUnseen] = useState(0);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const top = el.scrollTop;
    // The scroll we made ourselves to follow the newest row: the table already shows it, and a
    // state update here would render the table a second time in every frame of a stream.
    if (following.current && lastSet.current !== undefined && Math.abs(top - lastSet.current) < 1) return;
    const bottom = isAtBottom(top, el.clientHeight, rowCount, rowHeight, rowHeight);
    following.current = bottom;
    setScrollTop(top);
    setAtBottom(bottom);
    if (bottom) setUnseen(0);
  }, [ref, rowCount, rowHeight]);

  useLayoutEffect(() => {
    const el = ref.current;
    const added = rowCount - seenCount.current;
    seenCount.current = rowCount;
    if (!el) return;
    // A position above the one last set is the person's scroll, not yet reported by its event.
    // (Compared with the bottom as it is now too: a taller viewport clamps scrollTop by itself.)
    if (
      following.current &&
      lastSet.current !== undefined &&
      el.scrollTop < Math.min(lastSet.current, bottomScrollTop(rowCount, rowHeight, el.clientHeight)) - rowHeight
    ) {
      following.current = false;
      setAtBottom(false);
      setScrollTop(el.scrollTop);
    }
    if (following.current) {
      el.scrollTop = bottomScrollTop(rowCount, rowHeight, viewportHeight);
      lastSet.current = el.scrollTop;
    } else {
      lastSet.current = undefined;
      if (added > 0) setUnseen((n) => n + added);
    }
  }, [ref, rowCount, rowHeight, viewportHeight]);

  const jumpToNewest = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    following.current = true;
    lastSet.current = undefined;
    setUnseen(0);
    setAtBottom(true);
    el.scrollTop = bottomScrollTop(rowCount, rowHeight, el.clientHeight);
  }, [ref, rowCount, rowHeight]);

  /** Where the view is: while following, the bottom (so a new batch renders its final window at once). */
  const top = following.current ? bottomScrollTop(rowCount, rowHeight, viewportHeight) : scrollTop;
  return { onScroll, atBottom, unseen, jumpToNewest, following, scrollTop: top };
}
