'use client';
/**
 * An element's inner size (clientWidth, clientHeight), kept current by a ResizeObserver: read once
 * per resize, never per render or per batch of frames, so a view that streams stays off the DOM.
 */
import { useEffect, useState, type RefObject } from 'react';

interface ElementSize {
  width: number;
  height: number;
}

/** Until the element is first measured (after mount): a guess tall enough to draw some rows at once. */
const BEFORE_MEASURED: ElementSize = { width: 0, height: 400 };

/** `initial` is the size until the element is first measured, after mount. */
export function useElementSize(ref: RefObject<HTMLElement | null>, initial: ElementSize = BEFORE_MEASURED): ElementSize {
  const [size, setSize] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The same size keeps the same object: an observer's call that changed nothing renders nothing.
    const measure = () => {
      const width = el.clientWidth;
      const height = el.clientHeight;
      setSize((was) => (was.width === width && was.height === height ? was : { width, height }));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}
