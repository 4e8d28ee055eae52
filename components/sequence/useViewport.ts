'use client';
/**
 * Scroll state of the diagram: the window in view, and following the live end. Following stops
 * when the person scrolls up and resumes when they scroll back to the bottom (or press Follow).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { SequenceLayout } from '../../lib/view/sequence-layout';
import { useElementSize } from '../ui/useElementSize';

export interface Viewport {
  ref: RefObject<HTMLDivElement | null>;
  scrollTop: number;
  height: number;
  width: number;
  following: boolean;
  follow(): void;
  onScroll(): void;
  /** Scrolls the least needed to show the row at `position`. */
  ensureVisible(position: number): void;
}

const BOTTOM_SLACK = 4;

export function useViewport(layout: SequenceLayout, selectedSeq: number | undefined): Viewport {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const size = useElementSize(ref);
  const [following, setFollowing] = useState(true);
  const frame = useRef(0);

  // The content is exactly as tall as the layout says, so the bottom is known without asking the
  // DOM: reading scrollHeight after each batch forced a layout per batch while frames streamed in.
  const total = layout.offsets.height;
  const totalRef = useRef(total);
  totalRef.current = total;
  const bottomTop = Math.max(0, total - size.height);

  // While following, the window is drawn at the bottom in the same render that grew the layout,
  // rather than drawn at the old place and drawn again once the scroll event reports the new one.
  // A batch can land between the person's scroll and its (animation-frame) scroll handler: a
  // position above the one we last set is theirs, and it stops the following instead of being undone.
  const lastSet = useRef<number | undefined>(undefined);
  const followingRef = useRef(following);
  followingRef.current = following;

  const onScroll = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const el = ref.current;
      if (!el) return;
      // The scroll we made ourselves to follow the live end: the view already shows it, and a
      // state update here would redraw the diagram a second time in every frame of a stream.
      if (followingRef.current && lastSet.current !== undefined && Math.abs(el.scrollTop - lastSet.current) < 1) return;
      setScrollTop(el.scrollTop);
      setFollowing(el.scrollTop + el.clientHeight >= totalRef.current - BOTTOM_SLACK);
    });
  }, []);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !following) return;
    // (Compared with the bottom as it is now too: a taller viewport clamps scrollTop by itself.)
    if (lastSet.current !== undefined && el.scrollTop < Math.min(lastSet.current, total - el.clientHeight) - BOTTOM_SLACK) {
      lastSet.current = undefined;
      setFollowing(false);
      setScrollTop(el.scrollTop);
      return;
    }
    el.scrollTop = bottomTop;
    lastSet.current = el.scrollTop;
  }, [bottomTop, following, layout, total]);

  const follow = useCallback(() => {
    lastSet.current = undefined;
    setFollowing(true);
  }, []);

  const ensureVisible = useCallback(
    (position: number) => {
      const el = ref.current;
      if (!el || !scrollRowIntoView(el, layout, position)) return;
      if (position < layout.length - 1) setFollowing(false);
      setScrollTop(el.scrollTop);
    },
    [layout],
  );

  // A frame selected anywhere on the page is brought into view here too: once per selection (also
  // when the selected frame arrives after it was chosen, from a link), not again on every batch.
  const shownSeq = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (selectedSeq === undefined || shownSeq.current === selectedSeq) return;
    const position = layout.positionOfSeq(selectedSeq);
    if (position < 0) return;
    shownSeq.current = selectedSeq;
    ensureVisible(position);
  }, [selectedSeq, layout, ensureVisible]);

  return { ref, scrollTop: following ? bottomTop : scrollTop, height: size.height, width: size.width, following, follow, onScroll, ensureVisible };
}

/** Scrolls `el` the least that brings row `position` of `layout` into view; false when there is no such row. */
export function scrollRowIntoView(el: HTMLElement, layout: SequenceLayout, position: number): boolean {
  if (position < 0 || position >= layout.length) return false;
  const top = layout.offsets.top(position);
  const bottom = top + layout.options.rowHeight;
  if (top < el.scrollTop) el.scrollTop = top;
  else if (bottom > el.scrollTop + el.clientHeight) el.scrollTop = bottom - el.clientHeight;
  return true;
}
