import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileGuard } from './schema-guard';

interface Node {
  name: string;
  children?: Node[];
}

/** A schema that contains itself, through a getter as zod documents it. */
const Tree: z.ZodType<Node> = z.object({
  name: z.string(),
  get children() {
    return z.array(Tree).optional();
  },
});

/** Every kind of part the guard reads itself, and a few it hands to the fallback, each with the keys
 *  its values are made of. */
const SCHEMAS: Record<string, [z.ZodType, string[]]> = {
  strict: [z.object({ a: z.number().int().min(0).max(10), b: z.string().optional() }).strict(), ['a', 'b']],
  catchall: [z.object({ a: z.boolean() }).catchall(z.number().gt(-1).lt(1)), ['a']],
  loose: [z.looseObject({ kind: z.literal('x'), at: z.number().default(3), note: z.string().nullable().optional() }), ['kind', 'at', 'note']],
  inherited: [z.object({ toString: z.string().optional(), a: z.string() }), ['toString', 'a']],
  union: [z.union([z.string(), z.array(z.number()).min(1).max(2), z.null()]), []],
  discriminated: [
    z.discriminatedUnion('type', [z.object({ type: z.literal('a'), n: z.number() }), z.object({ type: z.enum(['b', 'c']), s: z.string() })]),
    ['type', 'n', 's'],
  ],
  tuple: [z.tuple([z.string(), z.number(), z.enum(['on', 'off'])]), []],
  record: [z.record(z.string(), z.object({ ok: z.boolean() })), ['a', 'ok']],
  refined: [z.object({ url: z.string().url(), big: z.number().multipleOf(2) }), ['url', 'big']],
  tree: [Tree, ['name', 'children']],
  never: [z.object({ gone: z.never().optional() }), ['gone']],
};

const SCALARS = [null, undefined, true, false, 0, -0, 1, -1, 2, 3, 0.5, 11, NaN, Infinity, '', 'a', 'b', 'c', 'x', 'on', 'off', 'https://x.test', 'not a url'];

/** Values made of the schema's own keys (and one stray), so objects often come close to passing. */
function valuesFor(keys: readonly string[]): fc.Arbitrary<unknown> {
  return fc.letrec((tie) => ({
    any: fc.oneof(
      { maxDepth: 4 },
      fc.constantFrom(...SCALARS),
      fc.array(tie('any'), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom(...keys, 'extra'), tie('any'), { maxKeys: 4 }),
    ),
  })).any;
}

describe('compiled guards', () => {
  for (const [name, [schema, keys]] of Object.entries(SCHEMAS)) {
    it(`answer as zod does: ${name}`, () => {
      const guard = compileGuard(schema, { fallback: (part: z.ZodType) => (v: unknown) => part.safeParse(v).success });
      fc.assert(
        fc.property(valuesFor(keys), (v) => {
          expect(guard(v)).toBe(schema.safeParse(v).success);
        }),
        { numRuns: 1500 },
      );
    });
  }

  it('refuse to build a schema they cannot read without a fallback', () => {
    expect(() => compileGuard(z.object({ x: z.unknown() }))).toThrow(/unsupported schema type unknown/);
  });
});
