import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { historyMode } from './viewHistory';

describe('history entries for view changes', () => {
  it('pushes when the pane changes', () => {
    expect(historyMode({ session: 'a', pane: 'traffic', frame: 3 }, { session: 'a', pane: 'sequence', frame: 3 }, true)).toBe('push');
    expect(historyMode({ session: 'a' }, { session: 'a', pane: 'timing' }, true)).toBe('push');
  });

  it('pushes when another session tab is shown', () => {
    expect(historyMode({ session: 'a', pane: 'timing' }, { session: 'b', pane: 'timing' }, true)).toBe('push');
  });

  it('replaces when only the selected frame changes', () => {
    expect(historyMode({ session: 'a', pane: 'sequence', frame: 3 }, { session: 'a', pane: 'sequence', frame: 4 }, true)).toBe('replace');
    expect(historyMode({ session: 'a', pane: 'sequence' }, { session: 'a', pane: 'sequence', frame: 40 }, true)).toBe('replace');
    expect(historyMode({ session: 'a', frame: 9 }, { session: 'a' }, true)).toBe('replace');
  });

  it('treats a missing pane as Traffic, so choosing Traffic again adds no entry', () => {
    expect(historyMode({ session: 'a' }, { session: 'a', pane: 'traffic' }, true)).toBe('replace');
  });

  it('replaces when the tab it leaves was closed, or either side has no session in the URL', () => {
    expect(historyMode({ session: 'a', pane: 'timing' }, { session: 'b' }, false)).toBe('replace');
    expect(historyMode({}, { session: 'a' }, true)).toBe('replace');
    expect(historyMode({ session: 'a' }, {}, true)).toBe('replace');
  });

  it('never pushes for any run of frame changes within one pane', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined }), { minLength: 2, maxLength: 50 }), (frames) => {
        for (let i = 1; i < frames.length; i++) {
          expect(historyMode({ session: 's', pane: 'sequence', frame: frames[i - 1] }, { session: 's', pane: 'sequence', frame: frames[i] }, true)).toBe(
            'replace',
          );
        }
      }),
    );
  });
});
