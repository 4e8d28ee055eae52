/**
 * Windowing for a list whose rows all have one height (the traffic table): which rows are in view,
 * and where the bottom is, by arithmetic alone. O(1) whatever the length, and nothing is built per
 * row, so a 100,000-row list costs the same as a 100-row one on every new batch.
 */

export interface RowWindow {
  /** First and last row index to render, inclusive; `last < first` when there is nothing. */
  first: number;
  last: number;
}

export function fixedWindow(scrollTop: number, viewportHeight: number, rowHeight: number, count: number, overscan = 0): RowWindow {
  if (count <= 0 || rowHeight <= 0) return { first: 0, last: -1 };
  const top = Math.max(0, Math.min(scrollTop, count * rowHeight));
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((top + Math.max(0, viewportHeight)) / rowHeight) - 1 + overscan);
  return { first, last: Math.max(last, first - 1) };
}

/** The scrollTop that shows the last row at the bottom of the viewport. */
export function bottomScrollTop(count: number, rowHeight: number, viewportHeight: number): number {
  return Math.max(0, count * rowHeight - viewportHeight);
}

/** Whether a viewport at `scrollTop` shows the end of the list, give or take `slack` pixels. */
export function isAtBottom(scrollTop: number, viewportHeight: number, count: number, rowHeight: number, slack: number): boolean {
  return bottomScrollTop(count, rowHeight, viewportHeight) - scrollTop <= slack;
}

/** The least scroll that brings row `index` fully into view (the same scrollTop if it already is). */
export function scrollToShow(index: number, scrollTop: number, viewportHeight: number, rowHeight: number): number {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return Math.max(0, top + rowHeight - viewportHeight);
  return scrollTop;
}
