import type { CSSProperties } from 'react';
import { describe, expect, it } from 'vitest';
import {
  CELL,
  CELL_CLASS,
  COLUMN_NAMES,
  FULL_TABLE_WIDTH,
  METHOD_WIDE,
  METHOD_WIDE_CLASS,
  ROW_HEIGHT,
  ROW_HEIGHT_CLASS,
  SIZE_COLUMN_HIDDEN,
  SIZE_COLUMN_VAR,
} from './columns';

/** The Tailwind classes that say what a placement says (spaces inside arbitrary values are `_`). */
function classesOf(c: CSSProperties): string {
  const value = (prefix: string, v: CSSProperties['left']) => (v === 0 ? `${prefix}-0` : `${prefix}-[${String(v).replaceAll(' ', '_')}]`);
  const parts = ['absolute', 'inset-y-0'];
  if (c.left !== undefined) parts.push(value('left', c.left));
  if (c.right !== undefined) parts.push(value('right', c.right));
  if (c.width !== undefined) parts.push(value('w', c.width));
  if (c.overflow === 'hidden') parts.push('overflow-hidden');
  return parts.join(' ');
}

describe('traffic columns', () => {
  it('hide Size exactly below the width every column needs (the class strings name that width)', () => {
    expect(SIZE_COLUMN_HIDDEN).toBe(`@max-[${FULL_TABLE_WIDTH}]:hidden`);
    expect(SIZE_COLUMN_VAR).toContain(`@max-[${FULL_TABLE_WIDTH}]:[--size-col:0rem]`);
    expect(CELL).toHaveLength(COLUMN_NAMES.length);
  });

  it('place each cell by classes that say exactly what the column constants compute', () => {
    expect(CELL_CLASS).toEqual(CELL.map(classesOf));
    // A method with no About beside it spans from the Method column's left to the About column's right.
    expect(METHOD_WIDE_CLASS).toBe(classesOf(METHOD_WIDE));
    expect(METHOD_WIDE.left).toBe(CELL[4].left);
    expect(METHOD_WIDE.right).toBe(CELL[8].right);
    expect(ROW_HEIGHT_CLASS).toBe(`h-[${ROW_HEIGHT}px] leading-[${ROW_HEIGHT - 1}px]`);
  });
});
