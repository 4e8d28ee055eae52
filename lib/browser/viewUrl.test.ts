import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatViewHash, parseViewHash } from './viewUrl';

describe('view state in the URL hash', () => {
  it('reads session, pane and frame', () => {
    expect(parseViewHash('#s=abc-1&pane=sequence&frame=42')).toEqual({ session: 'abc-1', pane: 'sequence', frame: 42 });
  });

  it('reads a hash without its leading #, and an empty one', () => {
    expect(parseViewHash('s=x')).toEqual({ session: 'x' });
    expect(parseViewHash('')).toEqual({});
    expect(parseViewHash('#')).toEqual({});
  });

  it('leaves out what it cannot read instead of failing', () => {
    expect(parseViewHash('#s=x&pane=<b>&frame=-3')).toEqual({ session: 'x' });
    expect(parseViewHash('#s=x&frame=1e3')).toEqual({ session: 'x' });
    expect(parseViewHash('#s=x&frame=0')).toEqual({ session: 'x' });
    expect(parseViewHash('#frame=%ZZ&s=')).toEqual({});
  });

  it('writes nothing without a session', () => {
    expect(formatViewHash({ pane: 'timing', frame: 3 })).toBe('');
  });

  it('escapes session ids', () => {
    expect(formatViewHash({ session: 'a&b=c #d', pane: 'traffic' })).toBe('#s=a%26b%3Dc+%23d&pane=traffic');
  });

  it('round-trips any session id, pane and frame', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.option(fc.constantFrom('traffic', 'sequence', 'capabilities', 'timing', 'annotations'), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 1e12 }), { nil: undefined }),
        (session, pane, frame) => {
          const view = { session, ...(pane ? { pane } : {}), ...(frame !== undefined ? { frame } : {}) };
          expect(parseViewHash(formatViewHash(view))).toEqual(view);
        },
      ),
    );
  });
});
