/**
 * Compiles a zod schema into a plain predicate that allocates nothing. zod's own parse copies every
 * object it checks and costs about as much as JSON.parse on a 100,000-frame snapshot; this walk
 * costs a few milliseconds. It is derived from the schema at load time, so there is still one
 * definition: the guard answers yes or no, and zod, run only on a refusal, says why.
 *
 * Only the schema kinds the frame contract uses are understood; any other kind throws when the
 * guard is built, so a schema change it cannot follow fails at once, never silently.
 */
import type { z } from 'zod';
import { isObject } from './json';

type Guard = (v: unknown) => boolean;

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string; value?: number; inclusive?: boolean } } }[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  element?: z.ZodType;
  innerType?: z.ZodType;
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const propValuesOf = (s: z.ZodType): Record<string, Set<unknown>> | undefined =>
  (s as unknown as { _zod: { propValues?: Record<string, Set<unknown>> } })._zod.propValues;


function numberGuard(d: Def): Guard {
  let int = false;
  let min = -Infinity;
  let minInclusive = true;
  for (const c of d.checks ?? []) {
    const cd = c._zod.def;
    if (cd.check === 'number_format' && (cd.format === 'safeint' || cd.format === 'int32')) int = true;
    else if (cd.check === 'greater_than' && typeof cd.value === 'number') [min, minInclusive] = [cd.value, cd.inclusive === true];
    else throw new Error(`schema-guard: unsupported number check ${cd.check}`);
  }
  return (v) => typeof v === 'number' && Number.isFinite(v) && (!int || Number.isSafeInteger(v)) && (minInclusive ? v >= min : v > min);
}

function objectGuard(d: Def): Guard {
  const keys = Object.keys(d.shape ?? {});
  const guards = keys.map((k) => compileGuard((d.shape ?? {})[k]));
  const strict = d.catchall !== undefined && defOf(d.catchall).type === 'never';
  if (d.catchall !== undefined && !strict) throw new Error('schema-guard: only strict or plain objects are supported');
  const known = new Set(keys);
  // Indexed loops and no allocation: this runs for every frame of a 100,000-frame snapshot.
  return (v) => {
    if (!isObject(v)) return false;
    let present = 0;
    for (let i = 0; i < keys.length; i++) {
      const x = v[keys[i]];
      if (!guards[i](x)) return false;
      if (x !== undefined) present++;
    }
    if (!strict) return true;
    // Counting own fields is enough when every one of them was a known, defined field; only an
    // object with extra (or undefined-valued) fields pays for naming them.
    let own = 0;
    for (const k in v) if (Object.hasOwn(v, k)) own++;
    if (own === present) return true;
    for (const k of Object.keys(v)) if (!known.has(k)) return false;
    return true;
  };
}

function unionGuard(d: Def): Guard {
  const key = d.discriminator;
  if (key === undefined) throw new Error('schema-guard: only discriminated unions are supported');
  const byValue = new Map<unknown, Guard>();
  for (const option of d.options ?? []) {
    const values = propValuesOf(option)?.[key];
    if (!values) throw new Error(`schema-guard: a union option has no value for ${key}`);
    const g = compileGuard(option);
    for (const value of values) byValue.set(value, g);
  }
  return (v) => {
    if (!isObject(v)) return false;
    const g = byValue.get(v[key]);
    return g !== undefined && g(v);
  };
}

export function compileGuard(schema: z.ZodType): Guard {
  const d = defOf(schema);
  switch (d.type) {
    case 'string':
      if (d.checks?.length) throw new Error('schema-guard: string checks are not supported');
      return (v) => typeof v === 'string';
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'number':
      return numberGuard(d);
    case 'literal':
    case 'enum': {
      const values = d.type === 'literal' ? (d.values ?? []) : Object.values(d.entries ?? {});
      if (values.length === 1) {
        const only = values[0];
        return (v) => v === only;
      }
      return (v) => values.includes(v);
    }
    case 'object':
      return objectGuard(d);
    case 'union':
      return unionGuard(d);
    case 'array': {
      const el = compileGuard(d.element as z.ZodType);
      return (v) => Array.isArray(v) && v.every(el);
    }
    case 'tuple': {
      if (d.rest) throw new Error('schema-guard: tuples with a rest are not supported');
      const items = (d.items ?? []).map(compileGuard);
      return (v) => Array.isArray(v) && v.length === items.length && items.every((g, i) => g(v[i]));
    }
    case 'optional': {
      const inner = compileGuard(d.innerType as z.ZodType);
      return (v) => v === undefined || inner(v);
    }
    case 'nullable': {
      const inner = compileGuard(d.innerType as z.ZodType);
      return (v) => v === null || inner(v);
    }
    default:
      throw new Error(`schema-guard: unsupported schema type ${d.type}`);
  }
}

/** A type guard for `schema`: true exactly when `schema.safeParse(v)` would succeed unchanged. */
export function guardFor<S extends z.ZodType>(schema: S): (v: unknown) => v is z.infer<S> {
  return compileGuard(schema) as (v: unknown) => v is z.infer<S>;
}
