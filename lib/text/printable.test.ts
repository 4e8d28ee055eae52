import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { printable, printableLines } from './printable';

const OSC52 = '\u001b]52;c;ZWNobyBwd25lZA==\u0007';
const OSC0 = '\u001b]0;owned\u0007';
const CSI = '\u001b[2J\u001b[H';

describe('printable', () => {
  it('shows terminal escape sequences instead of letting them act', () => {
    expect(printable(`srv${OSC52}${OSC0}${CSI}`)).toBe('srv\\u001b]52;c;ZWNobyBwd25lZA==\\u0007\\u001b]0;owned\\u0007\\u001b[2J\\u001b[H');
    expect(printable('a\u009b31mb\u007fc')).toBe('a\\u009b31mb\\u007fc');
  });

  it('escapes line breaks, carriage returns and bidi overrides in one-line text', () => {
    expect(printable('a\nb\rc\td')).toBe('a\\nb\\rc\\td');
    expect(printable('abc\u202Efed\u2066')).toBe('abc\\u202efed\\u2066');
  });

  it('leaves ordinary text alone, accents, emoji and backslashes included', () => {
    for (const s of ['server-everything 1.0', 'café ☕ 日本', 'C:\\path\\to', '']) expect(printable(s)).toBe(s);
  });

  it('keeps the lines of a report but still escapes what would act', () => {
    expect(printableLines(`a\n\tb${OSC0}\r\n`)).toBe('a\n\tb\\u001b]0;owned\\u0007\\r\n');
  });

  it('keeps any JSON text valid, with the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (v, s) => {
        for (const value of [v, s, { name: s }]) {
          const json = JSON.stringify(value, null, 2);
          expect(JSON.parse(printableLines(json))).toEqual(JSON.parse(json));
          // Compared with the value JSON itself gives back: JSON has no -0, so the input may not survive.
          expect(JSON.parse(printable(JSON.stringify(value)))).toEqual(JSON.parse(JSON.stringify(value)));
        }
      }),
    );
  });

  it('leaves nothing a terminal would act on', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        // eslint-disable-next-line no-control-regex
        expect(printable(s)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      }),
    );
  });
});
