'use client';
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * Keeps a scroller pinned to its newest row only while the person is at the bottom: scrolling up
 * to read stops the following, scrolling back down (or "Jump to newest") resumes it.
 */
export function useFollowBottom(ref: RefObject<HTMLElement | null>, rowCount: number, slack: number) {
  const following = useRef(true);
  const [atBottom, setAtBottom] = useState(true);
  const seenCount = useRef(rowCount);
  const [unseen, setUnseen] = useState(0);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight <= slack;
    following.current = bottom;
    setAtBottom(bottom);
    if (bottom) setUnseen(0);
  }, [ref, slack]);

  useLayoutEffect(() => {
    const el = ref.current;
    const added = rowCount - seenCount.current;
    seenCount.current = rowCount;
    if (!el) return;
    if (following.current) el.scrollTop = el.scrollHeight;
    else if (added > 0) setUnseen((n) => n + added);
  }, [ref, rowCount]);

  const jumpToNewest = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    following.current = true;
    setUnseen(0);
    setAtBottom(true);
    el.scrollTop = el.scrollHeight;
  }, [ref]);

  return { onScroll, atBottom, unseen, jumpToNewest, following };
}
