/**
 * What the guard (schema-guard.ts) reads from a zod schema: zod's internals as the guard sees
 * them, and zod's rules for absent keys, bounds and plain objects, kept apart from the walk itself.
 */
import type { z } from 'zod';
import { isObject } from './json';

export type Guard = (v: unknown) => boolean;

const hasOwn = Object.prototype.hasOwnProperty;

interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  value?: number;
  inclusive?: boolean;
  maximum?: number;
  minimum?: number;
}

export interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  /** false on a discriminated union and on z.xor: an exclusive union. */
  inclusive?: boolean;
  unionFallback?: boolean;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  element?: z.ZodType;
  innerType?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  mode?: string;
  left?: z.ZodType;
  right?: z.ZodType;
}

export interface Internals {
  def: Def;
  optin?: 'optional' | 'defaulted';
  optout?: 'optional';
  propValues?: Record<string, Set<unknown>>;
  values?: Set<unknown>;
}

export const internalsOf = (s: z.ZodType): Internals => (s as unknown as { _zod: Internals })._zod;
export const defOf = (s: z.ZodType): Def => internalsOf(s).def;

export const NEVER: Guard = () => false;

/** Unsupported here: throws without a fallback, hands the part to it with one. */
export class Unsupported extends Error {}

/** A string schema's checks: only `.regex()` is understood (a global or sticky pattern would keep
 *  state between calls, so it is refused too). */
export function stringPatterns(d: Def): RegExp[] {
  return (d.checks ?? []).map((c) => {
    const cd = c._zod.def;
    if (cd.check !== 'string_format' || cd.format !== 'regex' || !(cd.pattern instanceof RegExp) || cd.pattern.global || cd.pattern.sticky)
      throw new Unsupported(`schema-guard: unsupported string check ${cd.format ?? cd.check}`);
    return cd.pattern;
  });
}

/** A number schema's checks, read once when the guard is built. */
export interface NumberBounds {
  int: boolean;
  min: number;
  minInclusive: boolean;
  max: number;
  maxInclusive: boolean;
}

export function numberBounds(d: Def): NumberBounds {
  const b: NumberBounds = { int: false, min: -Infinity, minInclusive: true, max: Infinity, maxInclusive: true };
  for (const c of d.checks ?? []) {
    const cd = c._zod.def;
    if (cd.check === 'number_format' && cd.format === 'safeint') b.int = true;
    else if (cd.check === 'greater_than' && typeof cd.value === 'number') [b.min, b.minInclusive] = [cd.value, cd.inclusive === true];
    else if (cd.check === 'less_than' && typeof cd.value === 'number') [b.max, b.maxInclusive] = [cd.value, cd.inclusive === true];
    else throw new Unsupported(`schema-guard: unsupported number check ${cd.check}`);
  }
  return b;
}

/** An array schema's length checks. */
export function arrayBounds(d: Def): { min: number; max: number } {
  let min = 0;
  let max = Infinity;
  for (const c of d.checks ?? []) {
    const cd = c._zod.def;
    if (cd.check === 'max_length' && typeof cd.maximum === 'number') max = cd.maximum;
    else if (cd.check === 'min_length' && typeof cd.minimum === 'number') min = cd.minimum;
    else throw new Unsupported(`schema-guard: unsupported array check ${cd.check}`);
  }
  return { min, max };
}

/** How a key absent from the input is judged, by zod's rule (handlePropertyResult). */
export const enum Absent {
  /** A required key: absent fails. */
  Fails,
  /** optional in and out: absent passes. */
  Passes,
  /** defaulted: the schema reads `undefined`. */
  Checked,
}

export function absentRule(s: z.ZodType): Absent {
  const { optin, optout } = internalsOf(s);
  if (optin === undefined) return Absent.Fails;
  return optout === 'optional' ? Absent.Passes : Absent.Checked;
}

/** A plain object as zod's record sees one (util.isPlainObject); an odd `constructor` is not read here. */
export function plainForRecord(v: unknown): boolean | undefined {
  if (!isObject(v)) return false;
  if (hasOwn.call(v, 'constructor')) return undefined;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null ? true : undefined;
}
