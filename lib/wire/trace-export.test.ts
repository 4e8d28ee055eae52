import { describe, expect, it } from 'vitest';
import { PageMessageSchema } from './protocol';

const exportMessage = (selection: unknown) => ({ type: 'session/export', rid: 'r', sessionId: 's', selection, redact: {}, preview: true });

describe('session/export selection on the wire', () => {
  it('still accepts the earlier shapes: all, a list of seqs, a time range', () => {
    for (const selection of [{ kind: 'all' }, { kind: 'frames', seqs: [3, 5] }, { kind: 'time-range', fromUs: 0, toUs: 10 }]) {
      expect(PageMessageSchema.safeParse(exportMessage(selection)).success).toBe(true);
    }
  });

  it('accepts a multi-selection as inclusive seq ranges', () => {
    const parsed = PageMessageSchema.parse(
      exportMessage({
        kind: 'ranges',
        ranges: [
          [1, 100_000],
          [100_002, 100_002],
        ],
      }),
    );
    expect(parsed).toMatchObject({
      selection: {
        kind: 'ranges',
        ranges: [
          [1, 100_000],
          [100_002, 100_002],
        ],
      },
    });
  });

  it('refuses ranges that end before they start, or hold no frame seq', () => {
    const backwards = PageMessageSchema.safeParse(exportMessage({ kind: 'ranges', ranges: [[9, 3]] }));
    expect(backwards.success).toBe(false);
    expect(JSON.stringify(backwards.error?.issues)).toContain('a range must not end before it starts');
    for (const ranges of [[[0, 3]], [[1.5, 3]], [[1]], [[1, 2, 3]]]) {
      expect(PageMessageSchema.safeParse(exportMessage({ kind: 'ranges', ranges })).success).toBe(false);
    }
  });
});
