import { describe, expect, it } from 'vitest';
import { bottomScrollTop, fixedWindow, isAtBottom, scrollToShow } from './fixed-window';

describe('fixedWindow', () => {
  it('covers exactly the rows in view, plus the overscan on both sides', () => {
    expect(fixedWindow(0, 100, 20, 1000)).toEqual({ first: 0, last: 4 });
    expect(fixedWindow(30, 100, 20, 1000)).toEqual({ first: 1, last: 6 });
    expect(fixedWindow(200, 100, 20, 1000, 3)).toEqual({ first: 7, last: 17 });
  });

  it('stays inside the list at both ends', () => {
    expect(fixedWindow(0, 100, 20, 3, 5)).toEqual({ first: 0, last: 2 });
    expect(fixedWindow(1e9, 100, 20, 1000, 2)).toEqual({ first: 998, last: 999 });
    expect(fixedWindow(-50, 100, 20, 1000)).toEqual({ first: 0, last: 4 });
  });

  it('is empty for an empty list', () => {
    expect(fixedWindow(0, 100, 20, 0)).toEqual({ first: 0, last: -1 });
  });

  it('costs the same at 100,000 rows: only the visible rows', () => {
    const w = fixedWindow(bottomScrollTop(100_000, 22, 660), 660, 22, 100_000, 15);
    expect(w.last).toBe(99_999);
    expect(w.last - w.first + 1).toBe(30 + 15);
  });
});

describe('bottom and scrolling', () => {
  it('knows the bottom from the row count, without measuring the DOM', () => {
    expect(bottomScrollTop(100, 20, 300)).toBe(1700);
    expect(bottomScrollTop(5, 20, 300)).toBe(0);
    expect(isAtBottom(1700, 300, 100, 20, 0)).toBe(true);
    expect(isAtBottom(1690, 300, 100, 20, 20)).toBe(true);
    expect(isAtBottom(1000, 300, 100, 20, 20)).toBe(false);
    // A list shorter than its viewport is always at the bottom.
    expect(isAtBottom(0, 300, 5, 20, 0)).toBe(true);
  });

  it('scrolls the least needed to show a row', () => {
    expect(scrollToShow(10, 0, 100, 20)).toBe(120);
    expect(scrollToShow(2, 100, 100, 20)).toBe(40);
    expect(scrollToShow(6, 100, 100, 20)).toBe(100);
  });
});
