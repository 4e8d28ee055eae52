import { describe, expect, it } from 'vitest';
import { OPTIMIZE_AFTER_CALLS, tierUpFlags } from './tier-up';

describe('tierUpFlags', () => {
  it('asks V8 12 and later to optimize sooner', () => {
    expect(tierUpFlags('12.4.254.21-node.33')).toEqual([`--invocation-count-for-turbofan=${OPTIMIZE_AFTER_CALLS}`, expect.stringMatching(/^--minimum-invocations-after-ic-update=\d+$/)]);
    expect(tierUpFlags('13.6.233.10-node.20')).toHaveLength(2);
  });

  it('gives an older or unreadable V8 no flag, since V8 prints an error for a flag it does not know', () => {
    expect(tierUpFlags('11.3.244.8-node.25')).toEqual([]);
    expect(tierUpFlags('')).toEqual([]);
  });
});
