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
const ID = 6.5;
const SIZE = 4;
const LATENCY = 4.75;
const METHOD_MIN = 8;
const ABOUT_MIN = 3;
/** The method's share of the flexible middle; the about column takes the rest. */
const METHOD_SHARE = 0.6;

/**
 * Size is the first column to give way when the table is narrow (the client panel open at
 * 1280 px): its width is a CSS variable, 0 below FULL_TABLE_WIDTH, so the other columns keep
 * their places and the table does not scroll sideways. The table wrapper is the container these
 * queries read (`@container` in TrafficPane); the literal class strings must name FULL_TABLE_WIDTH.
 */
const SIZE_W = 'var(--size-col)';
export const SIZE_COLUMN_VAR = '[--size-col:4rem] @max-[43.25rem]:[--size-col:0rem]';
export const SIZE_COLUMN_HIDDEN = '@max-[43.25rem]:hidden';

const leftTotal = LEFT.reduce((a, b) => a + b, 0);
/** With every column. */
export const FULL_TABLE_WIDTH = `${leftTotal + METHOD_MIN + ABOUT_MIN + ID + SIZE + LATENCY}rem`;
/** Below this the columns would crush the method even without Size; the table scrolls sideways instead. */
export const MIN_TABLE_WIDTH = `${leftTotal + METHOD_MIN + ABOUT_MIN + ID + LATENCY}rem`;

function placed(): CSSProperties[] {
  const cells: CSSProperties[] = [];
  let left = 0;
  for (const w of LEFT) {
    cells.push({ position: 'absolute', top: 0, bottom: 0, left: `${left}rem`, width: `${w}rem` });
    left += w;
  }
  const rightTotal = `(${ID + LATENCY}rem + ${SIZE_W})`;
  const middle = `(100% - ${left}rem - ${rightTotal})`;
  cells.push({ position: 'absolute', top: 0, bottom: 0, left: `${left}rem`, width: `calc(${middle} * ${METHOD_SHARE})` });
  cells.push({ position: 'absolute', top: 0, bottom: 0, right: `calc(${LATENCY}rem + ${SIZE_W})`, width: `${ID}rem` });
  cells.push({ position: 'absolute', top: 0, bottom: 0, right: `${LATENCY}rem`, width: SIZE_W, overflow: 'hidden' });
  cells.push({ position: 'absolute', top: 0, bottom: 0, right: 0, width: `${LATENCY}rem` });
  cells.push({ position: 'absolute', top: 0, bottom: 0, left: `calc(${left}rem + ${middle} * ${METHOD_SHARE})`, right: `calc${rightTotal}` });
  return cells;
}

/** One placement per column, in COLUMN_NAMES order: what CELL_CLASS says in Tailwind's words. */
export const CELL = placed();

/** The Method cell of a row that names no tool, prompt or URI: it takes the empty About column's
 *  room too, so a long method (tools/list_changed, a vendor's own) reads whole beside the detail pane. */
export const METHOD_WIDE: CSSProperties = { position: 'absolute', top: 0, bottom: 0, left: CELL[4].left, right: CELL[8].right };

/**
 * The same placements as classes, which the cells carry instead of inline styles: a row mounted
 * with nine inline styles parses each of them per cell, and the browser cannot share a computed
 * style between cells that hold their own declarations. Tailwind only sees literal class names,
 * so these are written out; a unit test holds them equal to CELL.
 */
export const CELL_CLASS = [
  'absolute inset-y-0 left-[0rem] w-[4rem]',
  'absolute inset-y-0 left-[4rem] w-[5rem]',
  'absolute inset-y-0 left-[9rem] w-[2rem]',
  'absolute inset-y-0 left-[11rem] w-[6rem]',
  'absolute inset-y-0 left-[17rem] w-[calc((100%_-_17rem_-_(11.25rem_+_var(--size-col)))_*_0.6)]',
  'absolute inset-y-0 right-[calc(4.75rem_+_var(--size-col))] w-[6.5rem]',
  'absolute inset-y-0 right-[4.75rem] w-[var(--size-col)] overflow-hidden',
  'absolute inset-y-0 right-0 w-[4.75rem]',
  'absolute inset-y-0 left-[calc(17rem_+_(100%_-_17rem_-_(11.25rem_+_var(--size-col)))_*_0.6)] right-[calc(11.25rem_+_var(--size-col))]',
] as const;

/** METHOD_WIDE as classes (columns.test.ts holds them equal). */
export const METHOD_WIDE_CLASS = 'absolute inset-y-0 left-[17rem] right-[calc(11.25rem_+_var(--size-col))]';

/** A row's height and line height (ROW_HEIGHT and one pixel less, for the bottom border), as classes. */
export const ROW_HEIGHT_CLASS = 'h-[22px] leading-[21px]';
