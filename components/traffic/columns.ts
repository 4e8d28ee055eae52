import type { CSSProperties } from 'react';

/**
 * Where each column of the traffic table sits. Cells are placed absolutely inside their row (the
 * method and about columns share the space between the fixed columns on their left and right): at
 * 2,000 frames/s dozens of rows get new text every animation frame, and absolute boxes lay out in
 * a fraction of the time a grid row takes (the grid's track sizing ran per row; measured about a
 * fifth of the page's CPU per frame).
 *
 * "About" (the tool, prompt or URI a call names) comes last in the DOM, so the first eight cells
 * keep their order for anything that reads rows by position, but sits beside Method on screen.
 */
export const ROW_HEIGHT = 22;

export const COLUMN_NAMES = ['Seq', 'Time (ms)', 'Dir', 'Kind', 'Method', 'Id', 'Size', 'Latency', 'About'] as const;

/** Widths in rem of the fixed columns, left of the method and right of it. */
const LEFT = [4, 5, 2, 6];
/** Id wide enough for a short string id ("sum-7f3e9a") to read whole; longer ones truncate. */
const RIGHT = [6.5, 4, 4.75];
const METHOD_MIN = 8;
const ABOUT_MIN = 3;
/** The method's share of the flexible middle; the about column takes the rest. */
const METHOD_SHARE = 0.6;

function placed(): CSSProperties[] {
  const cells: CSSProperties[] = [];
  let left = 0;
  for (const w of LEFT) {
    cells.push({ position: 'absolute', top: 0, bottom: 0, left: `${left}rem`, width: `${w}rem` });
    left += w;
  }
  const rightTotal = RIGHT.reduce((a, b) => a + b, 0);
  const middle = `(100% - ${left + rightTotal}rem)`;
  cells.push({ position: 'absolute', top: 0, bottom: 0, left: `${left}rem`, width: `calc(${middle} * ${METHOD_SHARE})` });
  let right = rightTotal;
  for (const w of RIGHT) {
    right -= w;
    cells.push({ position: 'absolute', top: 0, bottom: 0, right: `${right}rem`, width: `${w}rem` });
  }
  cells.push({ position: 'absolute', top: 0, bottom: 0, left: `calc(${left}rem + ${middle} * ${METHOD_SHARE})`, right: `${rightTotal}rem` });
  return cells;
}

/** One style per column, in COLUMN_NAMES order; the same objects every render. */
export const CELL = placed();

/** Below this the columns would crush the method; the table scrolls sideways instead. */
export const MIN_TABLE_WIDTH = `${LEFT.reduce((a, b) => a + b, 0) + METHOD_MIN + ABOUT_MIN + RIGHT.reduce((a, b) => a + b, 0)}rem`;
