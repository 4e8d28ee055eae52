/**
 * The same guard as schema-guard.ts, written out as JavaScript source for one schema and compiled
 * with `new Function`. Why: the closure guards share one function body per kind of schema part, so
 * every object check in the analyser reads fields through the same property-access sites and V8
 * sees dozens of object shapes there (megamorphic lookups, no inlining). A generated guard reads
 * `v["name"]` at a site of its own, which sees the few shapes that field's messages have.
 *
 * It is only a faster path: the answer is the closure guard's, part for part (same rules for
 * absent keys, unions, records; the same parts handed to the fallback). Where code generation is
 * not allowed (the page runs under a CSP without 'unsafe-eval') the closure guard is used instead;
 * `mayGenerateCode` decides without asking the page's CSP, which would log a violation.
 */
import type { z } from 'zod';
import { absentRule, Absent, arrayBounds, defOf, internalsOf, NEVER, numberBounds, plainForRecord, Unsupported, type Def, type Guard } from './schema-guard-parts';

type Fallback = ((schema: z.ZodType) => Guard) | undefined;

/** True where `new Function` may run: not in a page or a worker (their CSP forbids it and would
 *  report the attempt), and only when the runtime allows it. */
export function mayGenerateCode(scope: object = globalThis): boolean {
  if ('document' in scope || 'importScripts' in scope) return false;
  try {
    return new Function('return 1')() === 1;
  } catch {
    return false;
  }
}

/** A JavaScript literal for a value a literal can spell exactly, else undefined. */
function literal(v: unknown): string | undefined {
  if (typeof v === 'string' || typeof v === 'boolean' || v === null) return JSON.stringify(v);
  if (typeof v === 'number' && Number.isFinite(v) && !Object.is(v, -0)) return String(v);
  return undefined;
}

class Generator {
  /** Values the generated code reads (fallback guards, key sets, literals no source spells). */
  readonly refs: unknown[] = [];
  readonly functions: string[] = [];
  /** Statements run once before the root guard is returned (filling discriminator maps). */
  readonly setup: string[] = [];
  private readonly names = new Map<z.ZodType, string>();

  constructor(private readonly fallback: Fallback) {}

  ref(value: unknown): string {
    this.refs.push(value);
    return `r${this.refs.length - 1}`;
  }

  /** The name of a function that guards `s`, written on first use (a schema containing itself
   *  finds its own name). A part the guard cannot read is checked by the fallback. */
  fn(s: z.ZodType): string {
    const known = this.names.get(s);
    if (known) return known;
    const name = `f${this.names.size}`;
    this.names.set(s, name);
    let body: string;
    try {
      body = this.body(s);
    } catch (e) {
      if (!(e instanceof Unsupported) || !this.fallback) throw e instanceof Unsupported ? new Error(e.message) : e;
      body = `return ${this.ref(this.fallback(s))}(v);`;
    }
    this.functions.push(`function ${name}(v) {\n${body}\n}`);
    return name;
  }

  /** An expression true when the value `at` (a name or a field read) passes `s`: simple parts
   *  are written in place, the rest call their own function. */
  test(s: z.ZodType, at: string): string {
    const d = defOf(s);
    if (d.checks?.length && d.type !== 'number' && d.type !== 'array') return `${this.fn(s)}(${at})`;
    switch (d.type) {
      case 'string':
        return `typeof ${at} === "string"`;
      case 'boolean':
        return `typeof ${at} === "boolean"`;
      case 'null':
        return `${at} === null`;
      case 'never':
        return 'false';
      case 'unknown':
      case 'any':
        return this.fallback ? 'true' : `${this.fn(s)}(${at})`;
      case 'optional':
      case 'default':
        return `(${at} === undefined || ${this.test(d.innerType as z.ZodType, at)})`;
      case 'nullable':
        return `(${at} === null || ${this.test(d.innerType as z.ZodType, at)})`;
      case 'number':
      case 'literal':
      case 'enum':
        try {
          return this.scalar(d, at);
        } catch (e) {
          if (!(e instanceof Unsupported)) throw e;
          return `${this.fn(s)}(${at})`;
        }
      default:
        return `${this.fn(s)}(${at})`;
    }
  }

  private scalar(d: Def, at: string): string {
    if (d.type === 'number') {
      const { int, min, minInclusive, max, maxInclusive } = numberBounds(d);
      const parts = [`typeof ${at} === "number"`, `Number.isFinite(${at})`];
      if (int) parts.push(`Number.isSafeInteger(${at})`);
      if (min !== -Infinity || !minInclusive) parts.push(`${at} ${minInclusive ? '>=' : '>'} ${literal(min) ?? this.ref(min)}`);
      if (max !== Infinity || !maxInclusive) parts.push(`${at} ${maxInclusive ? '<=' : '<'} ${literal(max) ?? this.ref(max)}`);
      return `(${parts.join(' && ')})`;
    }
    const values = d.type === 'literal' ? (d.values ?? []) : Object.values(d.entries ?? {});
    if (values.some((x) => typeof x === 'number' && Number.isNaN(x))) throw new Unsupported('schema-guard: NaN literals are not supported');
    if (values.length === 0) return 'false';
    // `includes` finds -0 where 0 is listed and 0 where -0 is: so does ===.
    return `(${values.map((x) => `${at} === ${literal(x) ?? this.ref(x)}`).join(' || ')})`;
  }

  /** The body of a function of `v` for a part that is not written in place. */
  private body(s: z.ZodType): string {
    const d = defOf(s);
    if (d.checks?.length && d.type !== 'number' && d.type !== 'array') throw new Unsupported(`schema-guard: checks on ${d.type} are not supported`);
    switch (d.type) {
      case 'object':
        return this.object(d);
      case 'union':
        return this.union(d);
      case 'array':
        return this.array(d);
      case 'record':
        return this.record(d, s);
      case 'tuple': {
        if (d.rest) throw new Unsupported('schema-guard: tuples with a rest are not supported');
        const items = d.items ?? [];
        return `return Array.isArray(v) && v.length === ${items.length}${items.map((it, i) => ` && ${this.test(it, `v[${i}]`)}`).join('')};`;
      }
      case 'unknown':
      case 'any':
        if (!this.fallback) throw new Unsupported(`schema-guard: unsupported schema type ${d.type}`);
        return 'return true;';
      case 'number':
      case 'literal':
      case 'enum':
        // A check the guard cannot read throws here, so the fallback takes the part.
        return `return ${this.scalar(d, 'v')};`;
      case 'string':
      case 'boolean':
      case 'null':
      case 'never':
      case 'optional':
      case 'default':
      case 'nullable':
        return `return ${this.test(s, 'v')};`;
      default:
        throw new Unsupported(`schema-guard: unsupported schema type ${d.type}`);
    }
  }

  private object(d: Def): string {
    const shape = d.shape ?? {};
    const keys = Object.keys(shape);
    if (Object.getOwnPropertySymbols(shape).length) throw new Unsupported('schema-guard: symbol keys are not supported');
    const catchallType = d.catchall === undefined ? undefined : defOf(d.catchall).type;
    const strict = catchallType === 'never';
    const loose = catchallType === undefined || catchallType === 'unknown' || catchallType === 'any';
    if (!strict && !loose && absentRule(d.catchall as z.ZodType) !== Absent.Fails) throw new Unsupported('schema-guard: an optional catchall is not supported');
    const lines = ['if (typeof v !== "object" || v === null || Array.isArray(v)) return false;', 'let x;'];
    if (strict) lines.push('let present = 0;');
    for (const k of keys) {
      const key = JSON.stringify(k);
      const absent = absentRule(shape[k]);
      const check = k === '__proto__' ? '' : `if (!(${this.test(shape[k], 'x')})) return false;`;
      lines.push(`x = v[${key}];`);
      const whenAbsent = absent === Absent.Fails ? 'return false;' : absent === Absent.Passes ? '' : check;
      const whenPresent = `${strict ? `if (hasOwn.call(v, ${key})) present++; ` : ''}${check}`;
      lines.push(`if (x === undefined && !(${key} in v)) { ${whenAbsent} } else { ${whenPresent} }`);
    }
    if (loose) {
      lines.push('return true;');
      return lines.join('\n');
    }
    const known = this.ref(new Set(keys));
    if (strict) {
      lines.push('let own = 0;', 'for (const k in v) if (hasOwn.call(v, k)) own++;', 'if (own === present) return true;');
      lines.push(`for (const k in v) if (!${known}.has(k)) return false;`, 'return true;');
      return lines.join('\n');
    }
    lines.push(`for (const k in v) if (!${known}.has(k) && k !== "__proto__" && !(${this.test(d.catchall as z.ZodType, 'v[k]')})) return false;`, 'return true;');
    return lines.join('\n');
  }

  private union(d: Def): string {
    const options = d.options ?? [];
    const key = d.discriminator;
    if (key === undefined) {
      const tests = options.map((o) => this.test(o, 'v'));
      if (d.inclusive === false) throw new Unsupported('schema-guard: an exclusive union (z.xor) is not supported');
      return `return ${tests.length ? tests.map((t) => `(${t})`).join(' || ') : 'false'};`;
    }
    const byValue = new Map<unknown, string>();
    for (const o of options) {
      const name = this.fn(o);
      const values = internalsOf(o).propValues?.[key];
      if (!values) throw new Unsupported(`schema-guard: a union option has no value for ${key}`);
      for (const value of values) byValue.set(value, byValue.has(value) ? 'never' : name);
    }
    const map = this.ref(new Map());
    const never = this.ref(NEVER);
    for (const [value, name] of byValue) this.setup.push(`${map}.set(${this.ref(value)}, ${name === 'never' ? never : name});`);
    const any = d.unionFallback ? options.map((o) => `(${this.fn(o)}(v))`).join(' || ') || 'false' : 'false';
    return [
      'if (typeof v !== "object" || v === null || Array.isArray(v)) return false;',
      `const g = ${map}.get(v[${JSON.stringify(key)}]);`,
      `if (g !== undefined && g !== ${never}) return g(v);`,
      `return ${any};`,
    ].join('\n');
  }

  private array(d: Def): string {
    const { min, max } = arrayBounds(d);
    const bounds = `${min > 0 ? ` || v.length < ${this.ref(min)}` : ''}${max !== Infinity ? ` || v.length > ${this.ref(max)}` : ''}`;
    return [
      `if (!Array.isArray(v)${bounds}) return false;`,
      `for (let i = 0; i < v.length; i++) { const e = v[i]; if (!(${this.test(d.element as z.ZodType, 'e')})) return false; }`,
      'return true;',
    ].join('\n');
  }

  private record(d: Def, s: z.ZodType): string {
    const keyDef = defOf(d.keyType as z.ZodType);
    if (keyDef.type !== 'string' || keyDef.checks?.length || internalsOf(d.keyType as z.ZodType).values) throw new Unsupported('schema-guard: only records with plain string keys are supported');
    if (!this.fallback) throw new Unsupported('schema-guard: records need a fallback');
    const whole = this.ref(this.fallback(s));
    return [
      'const plain = plainForRecord(v);',
      `if (plain === undefined) return ${whole}(v);`,
      'if (!plain) return false;',
      `for (const k in v) { if (!hasOwn.call(v, k) || k === "__proto__") continue; const e = v[k]; if (!(${this.test(d.valueType as z.ZodType, 'e')})) return false; }`,
      'return true;',
    ].join('\n');
  }
}

/**
 * The guard of `schema` as generated functions (one per part that is not written in place).
 * Throws as compileGuard does for a schema it cannot read without a fallback; callers check
 * `mayGenerateCode` first.
 */
export function generateGuard(schema: z.ZodType, fallback: Fallback): Guard {
  const gen = new Generator(fallback);
  const root = gen.fn(schema);
  const refNames = gen.refs.map((_, i) => `r${i}`);
  const source = `"use strict";\n${gen.functions.join('\n')}\n${gen.setup.join('\n')}\nreturn ${root};`;
  // Never reached in the page: compileGuard asks mayGenerateCode first.
  const make = new Function('hasOwn', 'plainForRecord', ...refNames, source) as (...args: unknown[]) => Guard;
  return make(Object.prototype.hasOwnProperty, plainForRecord, ...gen.refs);
}
