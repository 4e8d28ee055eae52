import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBase64 } from './base64';

const PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;

describe('isBase64', () => {
  it('answers exactly as the pattern does, on base64 and on text close to it', () => {
    const near = fc.string({ unit: fc.constantFrom(...'AQz09+/=  \n\t-_.é\u0000'.split('')), maxLength: 14 });
    const real = fc.uint8Array({ maxLength: 12 }).map((b) => btoa(String.fromCharCode(...b)));
    const edited = fc
      .tuple(real, fc.nat(), fc.constantFrom(' ', '=', '\n', '-', 'A', ''))
      .map(([t, at, c]) => t.slice(0, at % (t.length + 1)) + c + t.slice(at % (t.length + 1)));
    fc.assert(
      fc.property(fc.oneof(near, real, edited), (text) => {
        expect(isBase64(text)).toBe(PATTERN.test(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('tells the cases a forgiving decoder would let through', () => {
    expect(isBase64('aGk=')).toBe(true);
    expect(isBase64('aGk')).toBe(true);
    expect(isBase64('aG k')).toBe(false);
    expect(isBase64('aG=k')).toBe(false);
    expect(isBase64('a===')).toBe(false);
    expect(isBase64('aGk\n')).toBe(false);
    expect(isBase64('')).toBe(true);
  });
});
