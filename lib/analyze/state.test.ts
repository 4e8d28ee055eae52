import { describe, expect, it } from 'vitest';
import { analyze, createAnalyzer } from './engine';
import { CASES_BY_GROUP } from './cases';
import { realisticMix } from './mix';

describe('the analysis state', () => {
  it('has every field from the start, so its shape never changes as a session moves on', () => {
    // A field added later gives the state a new object shape at each step of the handshake, and
    // the rules that read it see all of them (slow, megamorphic reads).
    const fresh = Object.keys(createAnalyzer().state());
    const traces = [
      realisticMix(200),
      ...Object.values(CASES_BY_GROUP)
        .flat()
        .map((c) => c.trigger()),
    ];
    for (const frames of traces) {
      const { state } = analyze(frames);
      expect(Object.keys(state)).toEqual(fresh);
    }
    expect(fresh).toEqual(expect.arrayContaining(['negotiatedVersion', 'serverCapabilities', 'initializeSeq', 'firstSeq']));
  });
});
