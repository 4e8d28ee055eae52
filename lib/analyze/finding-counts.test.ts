import { describe, expect, it } from 'vitest';
import { describeFindingCounts } from './finding-counts';

describe('describeFindingCounts', () => {
  it('names each severity that has findings, in order, and says when there are none', () => {
    expect(describeFindingCounts({ error: 2, warning: 1, info: 0 })).toBe('2 errors, 1 warning');
    expect(describeFindingCounts({ error: 0, warning: 0, info: 3 })).toBe('3 info');
    expect(describeFindingCounts({ error: 1, warning: 2, info: 1 })).toBe('1 error, 2 warnings, 1 info');
    expect(describeFindingCounts({ error: 0, warning: 0, info: 0 })).toBe('no findings');
  });
});
