/**
 * Compiles a zod schema into a plain predicate that allocates nothing. zod's own parse copies every
 * object it checks and costs about as much as JSON.parse on a 100,000-frame snapshot; this walk
 * costs a few milliseconds. It is derived from the schema at load time, so there is still one
 * definition: the guard answers yes or no, and zod, run only on a refusal, says why.
 *
 * The guard follows zod's own rules for what passes (an absent key against `optin`/`optout`, a
 * union passes when one option does, a discriminated union looks its option up by value). Without
 * a fallback only the kinds the frame contract uses are understood, and any other kind throws when
 * the guard is built, so a schema change it cannot follow fails at once, never silently. With a
 * fallback (the analyser's use, over the SDK's schemas), a part it cannot read is checked by the
 * fallback alone, so the answer stays exactly zod's.
 */
import type { z } from 'zod';
import { isObject } from './json';
import {
  Absent,
  absentRule,
  arrayBounds,
  defOf,
  internalsOf,
  NEVER,
  numberBounds,
  stringPatterns,
  plainForRecord,
  Unsupported,
  type Def,
  type Guard,
} from './schema-guard-parts';

export type { Guard };

export interface GuardOptions {
  /** Checks a part the guard does not compile itself (say, by asking zod about that part). */
  fallback?: (schema: z.ZodType) => Guard;
}

const hasOwn = Object.prototype.hasOwnProperty;
const ALWAYS: Guard = () => true;

function numberGuard(d: Def): Guard {
  const { int, min, minInclusive, max, maxInclusive } = numberBounds(d);
  return (v) =>
    typeof v === 'number' &&
    Number.isFinite(v) &&
    (!int || Number.isSafeInteger(v)) &&
    (minInclusive ? v >= min : v > min) &&
    (maxInclusive ? v <= max : v < max);
}

function objectGuard(d: Def, compile: (s: z.ZodType) => Guard): Guard {
  const shape = d.shape ?? {};
  const keys = Object.keys(shape);
  if (Object.getOwnPropertySymbols(shape).length) throw new Unsupported('schema-guard: symbol keys are not supported');
  const guards = keys.map((k) => compile(shape[k]));
  const absent = keys.map((k) => absentRule(shape[k]));
  const catchallType = d.catchall === undefined ? undefined : defOf(d.catchall).type;
  const strict = catchallType === 'never';
  // A plain object strips unknown keys and a loose one keeps them: either way they pass.
  const loose = catchallType === undefined || catchallType === 'unknown' || catchallType === 'any';
  const extra = !strict && !loose ? compile(d.catchall as z.ZodType) : undefined;
  if (extra && absentRule(d.catchall as z.ZodType) !== Absent.Fails) throw new Unsupported('schema-guard: an optional catchall is not supported');
  const known = new Set(keys);
  const byPresent = loose || strict ? presentKeysGuard(keys, guards, absent, strict) : undefined;
  // Indexed loops and no allocation: this runs for every frame of a 100,000-frame snapshot.
  return (v) => {
    if (!isObject(v)) return false;
    if (byPresent !== undefined && Object.getPrototypeOf(v) === Object.prototype) return byPresent(v);
    let present = 0;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const x = v[k];
      if (x === undefined && !(k in v)) {
        if (absent[i] === Absent.Fails) return false;
        if (absent[i] === Absent.Passes) continue;
      } else if (hasOwn.call(v, k)) present++;
      if (k === '__proto__') continue; // zod never reads a key named __proto__
      if (!guards[i](x)) return false;
    }
    if (loose) return true;
    if (strict) {
      // Counting own fields is enough when every one of them was a known field; only an object
      // with extra fields pays for naming them.
      let own = 0;
      for (const k in v) if (hasOwn.call(v, k)) own++;
      if (own === present) return true;
      for (const k in v) if (!known.has(k)) return false;
      return true;
    }
    for (const k in v) if (!known.has(k) && k !== '__proto__' && !(extra as Guard)(v[k])) return false;
    return true;
  };
}

/**
 * The loose or strict object check walked from the value's side: a schema with many optional
 * fields (the SDK's tools, resources, capabilities; a frame's flags) mostly meets values that carry
 * few of them, and asking a plain object for a key it lacks costs a failed lookup up to
 * Object.prototype, twice, in a closure every object schema shares (so no lookup is cached). So
 * only the keys the value has are looked up among the schema's (strict: a key it does not know
 * fails), and the fields that must be present (or are checked even when absent) are asked for one
 * by one only when the walk did not meet them all. Same answer as the walk by schema keys for a
 * plain object, since a key of Object.prototype never names a field here (those schemas keep that
 * walk). `loupe check` runs this for every frame of a trace: it halves the frame check's cost.
 */
function presentKeysGuard(
  keys: readonly string[],
  guards: readonly Guard[],
  absent: readonly Absent[],
  strict: boolean,
): ((v: Record<string, unknown>) => boolean) | undefined {
  if (keys.some((k) => k in Object.prototype)) return undefined;
  const index = new Map<string, number>();
  keys.forEach((k, i) => index.set(k, i));
  const mustAsk = keys.flatMap((k, i) => (absent[i] === Absent.Passes ? [] : [i]));
  const asked = keys.map((k, i) => absent[i] !== Absent.Passes);
  return (v) => {
    let met = 0;
    for (const k in v) {
      if (!hasOwn.call(v, k)) continue;
      const i = index.get(k);
      if (i === undefined) {
        if (strict) return false;
        continue;
      }
      if (!guards[i](v[k])) return false;
      if (asked[i]) met++;
    }
    if (met === mustAsk.length) return true;
    for (let j = 0; j < mustAsk.length; j++) {
      const i = mustAsk[j];
      if (hasOwn.call(v, keys[i])) continue; // judged above with the keys the value has
      if (absent[i] === Absent.Fails || !guards[i](undefined)) return false;
    }
    return true;
  };
}

function unionGuard(d: Def, compile: (s: z.ZodType) => Guard): Guard {
  const options = (d.options ?? []).map((o) => ({ schema: o, guard: compile(o) }));
  const key = d.discriminator;
  if (key === undefined) {
    if (d.inclusive === false) throw new Unsupported('schema-guard: an exclusive union (z.xor) is not supported');
    const guards = options.map((o) => o.guard);
    return (v) => {
      for (let i = 0; i < guards.length; i++) if (guards[i](v)) return true;
      return false;
    };
  }
  // zod looks the option up by the discriminator's value; a value two options claim picks none.
  const byValue = new Map<unknown, Guard>();
  for (const { schema, guard } of options) {
    const values = internalsOf(schema).propValues?.[key];
    if (!values) throw new Unsupported(`schema-guard: a union option has no value for ${key}`);
    for (const value of values) byValue.set(value, byValue.has(value) ? NEVER : guard);
  }
  const any = d.unionFallback ? options.map((o) => o.guard) : undefined;
  return (v) => {
    if (!isObject(v)) return false;
    const g = byValue.get(v[key]);
    if (g !== undefined && g !== NEVER) return g(v);
    return any !== undefined && any.some((o) => o(v));
  };
}

function recordGuard(d: Def, compile: (s: z.ZodType) => Guard, whole: Guard | undefined): Guard {
  const keyDef = defOf(d.keyType as z.ZodType);
  // Only string keys with no further rule: an enum of keys or a pattern is zod's to judge.
  if (keyDef.type !== 'string' || keyDef.checks?.length || internalsOf(d.keyType as z.ZodType).values)
    throw new Unsupported('schema-guard: only records with plain string keys are supported');
  if (!whole) throw new Unsupported('schema-guard: records need a fallback');
  const value = compile(d.valueType as z.ZodType);
  return (v) => {
    const plain = plainForRecord(v);
    if (plain === undefined) return whole(v);
    if (!plain) return false;
    const o = v as Record<string, unknown>;
    for (const k in o) if (hasOwn.call(o, k) && k !== '__proto__' && !value(o[k])) return false;
    return true;
  };
}

function arrayGuard(d: Def, compile: (s: z.ZodType) => Guard): Guard {
  const el = compile(d.element as z.ZodType);
  const { min, max } = arrayBounds(d);
  return (v) => {
    if (!Array.isArray(v) || v.length < min || v.length > max) return false;
    for (let i = 0; i < v.length; i++) if (!el(v[i])) return false;
    return true;
  };
}

function build(schema: z.ZodType, compile: (s: z.ZodType) => Guard, fallback: GuardOptions['fallback']): Guard {
  const d = defOf(schema);
  // Numbers, arrays and strings read their own checks; a check anywhere else (a refinement) is
  // not understood here.
  if (d.checks?.length && d.type !== 'number' && d.type !== 'array' && d.type !== 'string')
    throw new Unsupported(`schema-guard: checks on ${d.type} are not supported`);
  switch (d.type) {
    case 'string': {
      const patterns = stringPatterns(d);
      if (!patterns.length) return (v) => typeof v === 'string';
      return (v) => typeof v === 'string' && patterns.every((p) => p.test(v));
    }
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'null':
      return (v) => v === null;
    case 'number':
      return numberGuard(d);
    case 'literal':
    case 'enum': {
      const values = d.type === 'literal' ? (d.values ?? []) : Object.values(d.entries ?? {});
      if (values.some((x) => typeof x === 'number' && Number.isNaN(x))) throw new Unsupported('schema-guard: NaN literals are not supported');
      if (values.length === 1) {
        const only = values[0];
        return (v) => v === only;
      }
      return (v) => values.includes(v);
    }
    case 'object':
      return objectGuard(d, compile);
    case 'union':
      return unionGuard(d, compile);
    case 'array':
      return arrayGuard(d, compile);
    case 'record':
      return recordGuard(d, compile, fallback?.(schema));
    case 'tuple': {
      if (d.rest) throw new Unsupported('schema-guard: tuples with a rest are not supported');
      const items = (d.items ?? []).map(compile);
      return (v) => Array.isArray(v) && v.length === items.length && items.every((g, i) => g(v[i]));
    }
    case 'optional': {
      const inner = compile(d.innerType as z.ZodType);
      return (v) => v === undefined || inner(v);
    }
    case 'nullable': {
      const inner = compile(d.innerType as z.ZodType);
      return (v) => v === null || inner(v);
    }
    case 'default': {
      // zod hands the default back for `undefined` without checking it.
      const inner = compile(d.innerType as z.ZodType);
      return (v) => v === undefined || inner(v);
    }
    case 'unknown':
    case 'any':
      if (!fallback) throw new Unsupported(`schema-guard: unsupported schema type ${d.type}`);
      return ALWAYS;
    case 'never':
      return NEVER;
    default:
      throw new Unsupported(`schema-guard: unsupported schema type ${d.type}`);
  }
}

export function compileGuard(schema: z.ZodType, options: GuardOptions = {}): Guard {
  const { fallback } = options;
  // A sub-schema shared by several parents (the SDK reuses many) is compiled once.
  const done = new Map<z.ZodType, Guard>();
  const compile = (s: z.ZodType): Guard => {
    const known = done.get(s);
    if (known) return known;
    // A schema that contains itself (a getter in its shape) reaches this one through a stand-in.
    let g: Guard | undefined;
    done.set(s, (v) => (g as Guard)(v));
    try {
      g = build(s, compile, fallback);
    } catch (e) {
      if (!(e instanceof Unsupported) || !fallback) throw e instanceof Unsupported ? new Error(e.message) : e;
      g = fallback(s);
    }
    done.set(s, g);
    return g;
  };
  return compile(schema);
}

/** A type guard for `schema`: true exactly when `schema.safeParse(v)` would succeed unchanged. */
export function guardFor<S extends z.ZodType>(schema: S): (v: unknown) => v is z.infer<S> {
  return compileGuard(schema) as (v: unknown) => v is z.infer<S>;
}
