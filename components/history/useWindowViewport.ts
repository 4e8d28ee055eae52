'use client';
/**
 * Scroll state of the diagram of a window onto a stored session (the Viewport the diagram's rows
 * are drawn in): no live end to follow; instead the window's placements (Newest, Oldest, Go to
 * seq) move it, and reaching an end reads the next frames that way, as the table does. The rows
 * are redrawn from a fresh model whenever the window grows or lets rows go, so the view keeps the
 * frame at its top where it was rather than a pixel offset: positions move, seqs do not.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { SequenceLayout } from '../../lib/view/sequence-layout';
import { scrollRowIntoView, type Viewport } from '../sequence/useViewport';
import type { Placement } from './useStoredWindow';
import { useElementSize } from '../ui/useElementSize';

/** Rows from an end at which the next frames are read, so they are there before the end shows. */
const EDGE_ROWS = 40;

const noFollow = () => {};

export function useWindowViewport(
  layout: SequenceLayout,
  selectedSeq: number | undefined,
  placement: Placement | undefined,
  onEdge: (end: 'older' | 'newer') => void,
): Viewport {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const size = useElementSize(ref);
  /** The frame at the top of the view, and how far into it the view starts. */
  const anchor = useRef<{ seq: number; dy: number } | undefined>(undefined);
  /** The placement already applied; undefined before the first layout effect (the view just mounted). */
  const applied = useRef<number | undefined>(undefined);
  const layoutRef = useRef(layout);
  layoutRef.current = layout;

  const remember = useCallback((el: HTMLElement) => {
    const l = layoutRef.current;
    if (l.length === 0) return (anchor.current = undefined);
    const p = Math.min(l.length - 1, l.offsets.positionAt(el.scrollTop));
    anchor.current = { seq: l.rowAt(p).seq, dy: el.scrollTop - l.offsets.top(p) };
  }, []);

  const checkEdges = useCallback(
    (el: HTMLElement) => {
      const reach = EDGE_ROWS * layoutRef.current.options.rowHeight;
      if (layoutRef.current.length === 0) return;
      if (el.scrollTop < reach) onEdge('older');
      else if (layoutRef.current.offsets.height - el.clientHeight - el.scrollTop < reach) onEdge('newer');
    },
    [onEdge],
  );

  /** Centres the row at `position` in the view. */
  const centre = (el: HTMLElement, position: number) => {
    const h = layout.options.rowHeight;
    el.scrollTop = Math.max(0, layout.offsets.top(position) - el.clientHeight / 2 + h / 2);
  };

  // Before paint, so rows that went on at the top never flash in the view. A new placement moves
  // the view as it says; the same rows drawn anew (a new time mode, folded progress) or rows that
  // went on or came off at the top keep the frame at the top where it was.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const mounted = applied.current === undefined;
    const fresh = placement !== undefined && placement.token !== applied.current;
    applied.current = placement?.token ?? 0;
    const selectedAt = selectedSeq === undefined ? -1 : layout.positionOfSeq(selectedSeq);
    if (mounted && selectedAt >= 0) centre(el, selectedAt);
    else if (fresh && placement.to === 'bottom') el.scrollTop = Math.max(0, layout.offsets.height - el.clientHeight);
    else if (fresh && placement.to === 'top') el.scrollTop = 0;
    else if (fresh && placement.to === 'seq' && layout.positionOfSeq(placement.seq) >= 0) centre(el, layout.positionOfSeq(placement.seq));
    else if (anchor.current) {
      const p = layout.positionOfSeq(anchor.current.seq);
      if (p >= 0) el.scrollTop = layout.offsets.top(p) + anchor.current.dy;
    } else if (mounted) el.scrollTop = Math.max(0, layout.offsets.height - el.clientHeight);
    setScrollTop(el.scrollTop);
    remember(el);
    // A fresh window may not fill the view's reach: read on at once.
    if (fresh && placement.to !== 'shift') checkEdges(el);
    // Only the layout (rebuilt with the rows or the options) or a new placement moves the view.
  }, [layout, placement]);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setScrollTop(el.scrollTop);
    remember(el);
    checkEdges(el);
  }, [remember, checkEdges]);

  const ensureVisible = useCallback(
    (position: number) => {
      const el = ref.current;
      if (!el || !scrollRowIntoView(el, layout, position)) return;
      setScrollTop(el.scrollTop);
      remember(el);
    },
    [layout, remember],
  );

  // A frame selected by a click, the keys, a search match or a link is brought into view.
  useEffect(() => {
    if (selectedSeq !== undefined) ensureVisible(layout.positionOfSeq(selectedSeq));
    // Not on every new layout: reading more rows must not pull the view back to the selection.
  }, [selectedSeq]);

  return { ref, scrollTop, height: size.height, width: size.width, following: false, follow: noFollow, onScroll, ensureVisible };
}
