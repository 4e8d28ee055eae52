import { describe, expect, it } from 'vitest';
import { describeFindingCounts, describeNoFindings, noFindingsReason } from './finding-counts';

describe('describeFindingCounts', () => {
  it('names each severity that has findings, in order, and says when there are none', () => {
    expect(describeFindingCounts({ error: 2, warning: 1, info: 0 })).toBe('2 errors, 1 warning');
    expect(describeFindingCounts({ error: 0, warning: 0, info: 3 })).toBe('3 info');
    expect(describeFindingCounts({ error: 1, warning: 2, info: 1 })).toBe('1 error, 2 warnings, 1 info');
    expect(describeFindingCounts({ error: 0, warning: 0, info: 0 })).toBe('no findings');
  });
});

describe('noFindingsReason', () => {
  it('says a session still recording or ended unclean first, then one being judged, one past the count, else none kept', () => {
    expect(noFindingsReason({ state: 'recording', frames: 900 }, 100)).toBe('recording');
    expect(noFindingsReason({ state: 'unclean', frames: 900, judging: true }, 100)).toBe('unclean');
    expect(noFindingsReason({ state: 'clean', frames: 900, judging: true }, 100)).toBe('judging');
    expect(noFindingsReason({ state: 'clean', frames: 101 }, 100)).toBe('too-long');
    expect(noFindingsReason({ state: 'clean', frames: 100 }, 100)).toBe('not-kept');
    expect(describeNoFindings('too-long', 250_000)).toBe('a session of more than 250,000 frames is judged on demand, and this one was not yet');
    expect(describeNoFindings('judging', 250_000)).toBe('its findings are being judged now: they show here once done');
  });
});
