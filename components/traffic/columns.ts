import type { CSSProperties } from 'react';

/**
 * Where each column of the traffic table sits. Cells are placed absolutely inside their row (the
 * method column stretches between the fixed columns on its left and right): at 2,000 frames/s
 * dozens of rows get new text every animation frame, and absolute boxes lay out in a fraction of
 * the time a grid row takes (the grid's track sizing ran per row; measured about a fifth of the
 * page's CPU per frame).
 */
export const ROW_HEIGHT = 22;

export const COLUMN_NAMES = ['Seq', 'Time (ms)', 'Dir', 'Kind', 'Method', 'Id', 'Size', 'Latency'] as const;

/** Widths in rem of the fixed columns, left of the method and right of it. */
const LEFT = [4.5, 4.75, 2, 6];
const RIGHT = [3, 4.25, 4.75];
const METHOD_MIN = 9;

function placed(): CSSProperties[] {
  const cells: CSSProperties[] = [];
  let left = 0;
  for (const w of LEFT) {
    cells.push({ position: 'absolute', top: 0, bottom: 0, left: `${left}rem`, width: `${w}rem` });
    left += w;
  }
  const rightTotal = RIGHT.reduce((a, b) => a + b, 0);
  cells.push({ position: 'absolute', top: 0, bottom: 0, left: `${left}rem`, right: `${rightTotal}rem` });
  let right = rightTotal;
  for (const w of RIGHT) {
    right -= w;
    cells.push({ position: 'absolute', top: 0, bottom: 0, right: `${right}rem`, width: `${w}rem` });
  }
  return cells;
}

/** One style per column, in COLUMN_NAMES order; the same objects every render. */
export const CELL = placed();

/** Below this the columns would crush the method; the table scrolls sideways instead. */
export const MIN_TABLE_WIDTH = `${LEFT.reduce((a, b) => a + b, 0) + METHOD_MIN + RIGHT.reduce((a, b) => a + b, 0)}rem`;
