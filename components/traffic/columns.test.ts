import { describe, expect, it } from 'vitest';
import { CELL, COLUMN_NAMES, FULL_TABLE_WIDTH, SIZE_COLUMN_HIDDEN, SIZE_COLUMN_VAR } from './columns';

describe('traffic columns', () => {
  it('hide Size exactly below the width every column needs (the class strings name that width)', () => {
    expect(SIZE_COLUMN_HIDDEN).toBe(`@max-[${FULL_TABLE_WIDTH}]:hidden`);
    expect(SIZE_COLUMN_VAR).toContain(`@max-[${FULL_TABLE_WIDTH}]:[--size-col:0rem]`);
    expect(CELL).toHaveLength(COLUMN_NAMES.length);
  });
});
