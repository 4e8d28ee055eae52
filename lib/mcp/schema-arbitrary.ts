/**
 * Test support: fast-check values for a zod schema, derived from the schema as schema-guard.ts
 * derives its predicate, so a new meta shape is generated (and round-tripped) the day it is added.
 * Values are JSON-safe (finite numbers, no -0) so they survive a trip through a file or a socket.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { channelProblem } from './channel';
import { FrameSchema, type Frame } from './frame';

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string; value?: number; inclusive?: boolean; pattern?: RegExp } } }[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  items?: z.ZodType[];
  element?: z.ZodType;
  innerType?: z.ZodType;
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

function numberArbitrary(d: Def): fc.Arbitrary<number> {
  let int = false;
  let min: number | undefined;
  for (const c of d.checks ?? []) {
    const cd = c._zod.def;
    if (cd.check === 'number_format') int = true;
    if (cd.check === 'greater_than' && typeof cd.value === 'number') min = cd.inclusive ? cd.value : cd.value + (int ? 1 : Number.EPSILON);
  }
  if (int) return fc.integer({ min: min ?? -1e9, max: 1e9 });
  return fc.double({ min: min ?? -1e12, max: 1e12, noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x));
}

export function arbitraryFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  switch (d.type) {
    case 'string': {
      const pattern = d.checks?.find((c) => c._zod.def.format === 'regex')?._zod.def.pattern;
      return pattern ? fc.stringMatching(pattern) : fc.string({ maxLength: 12 });
    }
    case 'boolean':
      return fc.boolean();
    case 'number':
      return numberArbitrary(d);
    case 'literal':
      return fc.constantFrom(...(d.values ?? []));
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries ?? {}));
    case 'union':
      return fc.oneof(...(d.options ?? []).map(arbitraryFor));
    case 'array':
      return fc.array(arbitraryFor(d.element as z.ZodType), { maxLength: 3 });
    case 'tuple':
      return fc.tuple(...(d.items ?? []).map(arbitraryFor));
    case 'nullable':
      return fc.option(arbitraryFor(d.innerType as z.ZodType), { nil: null });
    case 'optional':
      return fc.option(arbitraryFor(d.innerType as z.ZodType), { nil: undefined });
    case 'object': {
      const shape = d.shape ?? {};
      // An optional field is sometimes absent, never present as `undefined` (JSON would drop it).
      const required = Object.keys(shape).filter((k) => defOf(shape[k]).type !== 'optional');
      const fields = Object.fromEntries(
        Object.entries(shape).map(([k, s]) => [k, arbitraryFor(defOf(s).type === 'optional' ? (defOf(s).innerType as z.ZodType) : s)]),
      );
      return fc.record(fields, { requiredKeys: required });
    }
    default:
      throw new Error(`schema-arbitrary: unsupported schema type ${d.type}`);
  }
}

/** Every frame the contract allows: the schema's, fitted to their channel (checkFrame's one rule
 *  across fields: an app event only on an app channel, an app channel only with message and
 *  lifecycle frames without transport meta). */
export function validFrames(): fc.Arbitrary<Frame> {
  return validOf(FrameSchema).map((f) => {
    if (!channelProblem(f)) return f;
    const { channel: _channel, meta, ...rest } = f;
    return (meta?.transport === 'app' ? rest : { ...rest, meta }) as Frame;
  });
}

/** Valid values of `schema`, typed as the schema's output. */
export function validOf<S extends z.ZodType>(schema: S): fc.Arbitrary<z.infer<S>> {
  return arbitraryFor(schema) as fc.Arbitrary<z.infer<S>>;
}
