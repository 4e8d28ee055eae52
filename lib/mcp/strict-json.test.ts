import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { confirmStrict, parseJson, parseStrict, readStrictly, UNPARSED } from './strict-json';

const readAll = (text: string) => readStrictly(text).duplicates;

function nativeParse(text: string): { ok: boolean; value?: unknown } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

describe('parseStrict', () => {
  it('agrees with JSON.parse on any JSON value and any string', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v, null, v && typeof v === 'object' ? 1 : undefined);
        const r = parseStrict(text);
        expect(r.ok).toBe(true);
        expect(r.value).toStrictEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', ':', ',', '1', '-', 'e', '.', ' ', 'n', 'u', 'l', '\\', 'a') }), (s) => {
        const r = parseStrict(s);
        const native = nativeParse(s);
        expect(r.ok).toBe(native.ok);
        if (native.ok) expect(r.value).toStrictEqual(native.value);
      }),
      { numRuns: 2000 },
    );
  });

  it('reports duplicate keys with the object path and position', () => {
    const r = parseStrict('{"a":1,\n "p":{"x":1,"x":2},"a":3}');
    expect(r.ok).toBe(true);
    expect(r.duplicates).toEqual([
      { key: 'x', path: '/p', offset: 20, line: 2, column: 13 },
      { key: 'a', path: '', offset: 27, line: 2, column: 20 },
    ]);
  });

  it('finds a repeated key JSON.parse hid, however keys and strings are written', () => {
    // Escaped quotes, a `":` inside a string value and whitespace before the colon must not fool the scan.
    const hidden = '{"s":"a\\"b\\":c", "k" : {"x":1, "x" :2}, "t":"\\\\"}';
    expect(parseStrict(hidden).duplicates.map((d) => d.key)).toEqual(['x']);
    expect(confirmStrict(hidden, JSON.parse(hidden)).duplicates.map((d) => d.key)).toEqual(['x']);
    const clean = '{"s":"a\\"b\\":c", "k" : {"x":1, "y" :2}, "t":"\\\\"}';
    expect(confirmStrict(clean, JSON.parse(clean))).toEqual({ ok: true, value: JSON.parse(clean), incomplete: false, duplicates: [] });
  });

  it('finds a repeated key whatever colons the strings hold, escaped or not', () => {
    // The dropped value's colons, colon keys, and a `\u003a` escape that writes a colon the text does not show.
    const cases = [
      '{"a":"x:y","a":"z"}',
      '{"a:b":1,"c":[":",{"d":"::"}],"a:b":2}',
      '{"u":"\\u003a\\u003A","x":1,"x":":"}',
      '{"u":"\\u003a","x":"1","x":"2"}',
      '"a:b"',
      // No colon in any string: the keys alone are counted.
      '{"a":1,"b":{"c":"2","c":[3]}}',
    ];
    for (const text of cases) {
      const expected = readStrictly(text).duplicates.length;
      expect(confirmStrict(text, JSON.parse(text)).duplicates.length, text).toBe(expected);
    }
    expect(confirmStrict(cases[1], JSON.parse(cases[1])).duplicates.map((d) => d.key)).toEqual(['a:b']);
    const clean = '{"u":"\\u003a:","t":"http://h:1/x","k:":[":"]}';
    expect(confirmStrict(clean, JSON.parse(clean))).toEqual({ ok: true, value: JSON.parse(clean), incomplete: false, duplicates: [] });
  });

  it('confirms exactly what the full reader finds, for any JSON with any keys repeated', () => {
    const key = fc.string({ unit: fc.constantFrom('a', ':', '"', '\\', 'u', '0', '3'), maxLength: 3 });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('k', 'k:', ':'), key), { maxLength: 6 }), (pairs) => {
        const text = `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
        expect(confirmStrict(text, JSON.parse(text)).duplicates).toEqual(readAll(text));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps __proto__ as an own key and never touches the prototype', () => {
    const r = parseStrict('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}');
    expect(r.ok).toBe(true);
    expect(Object.keys(r.value as object)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('flags NaN and Infinity with their position but still yields the value', () => {
    const r = parseStrict('{"progress":NaN,"total":-Infinity}');
    expect(r.ok).toBe(false);
    expect(r.error).toMatchObject({ message: 'NaN is not a JSON value', offset: 12 });
    expect(r.value).toEqual({ progress: NaN, total: -Infinity });
  });

  it('says when the text is only incomplete, so more lines could finish it', () => {
    expect(parseStrict('{').incomplete).toBe(true);
    expect(parseStrict('{"a": [1, 2').incomplete).toBe(true);
    expect(parseStrict('{"a": x').incomplete).toBe(false);
    expect(parseStrict('started').error?.message).toMatch(/unexpected character "s"/);
  });

  it('survives nesting far deeper than the call stack', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    expect(parseStrict(deep).ok).toBe(true);
    expect(parseStrict('['.repeat(200_000)).incomplete).toBe(true);
  });
});

describe('parseJson', () => {
  it('gives what JSON.parse gives, and UNPARSED where it throws, for any text', () => {
    const same = (text: string) => {
      let expected: unknown;
      try {
        expected = JSON.parse(text);
      } catch {
        expected = UNPARSED;
      }
      expect(parseJson(text)).toEqual(expected);
    };
    for (const text of [
      '{"a":1}',
      ' [1]',
      '"s"',
      '-1',
      '0',
      'true',
      'false',
      'null',
      '\n\t{}',
      'starting worker 3',
      '',
      ' ',
      'nul',
      '{',
      'Infinity',
      '\uFEFF{}',
    ])
      same(text);
    fc.assert(fc.property(fc.oneof(fc.string(), fc.json()), same));
  });
});
