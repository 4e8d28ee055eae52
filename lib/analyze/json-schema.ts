/**
 * JSON Schema validation as MCP hosts do it: `structuredContent` against a tool's `outputSchema`,
 * arguments against an `inputSchema`, elicitation answers against a `requestedSchema`.
 *
 * The validator is @cfworker/json-schema, the provider the MCP SDK offers for runtimes that forbid
 * code generation: it interprets the schema instead of compiling it to a function, so it runs under
 * the page's CSP (no `unsafe-eval`) as well as in the proxy and the CLI. We call it directly rather
 * than through the SDK's `CfWorkerJsonSchemaValidator` because that wrapper fixes one draft per
 * instance (it ignores `$schema`), caches nothing, and joins every error of the chain into one
 * string; here each schema picks its draft, is dereferenced once, and a failure reads as the one
 * place in the value that is wrong. Pure: no node:*, no DOM.
 */
import { Validator, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { printable } from '../text/printable';
import { isObj, show } from './util';

/** How a schema without `$schema` is read: MCP 2025-11-25 made 2020-12 the default dialect. */
export const DEFAULT_DRAFT: SchemaDraft = '2020-12';

/** The draft a schema declares with `$schema`, or the default one. */
export function schemaDraft(schema: unknown): SchemaDraft {
  const uri = isObj(schema) && typeof schema.$schema === 'string' ? schema.$schema : '';
  if (/draft-0[67]\b/.test(uri)) return '7';
  if (/draft-0[34]\b/.test(uri)) return '4';
  if (uri.includes('2019-09')) return '2019-09';
  return DEFAULT_DRAFT;
}

export type CompiledSchema = { ok: true; validate(value: unknown): string | undefined } | { ok: false; error: string };

/**
 * Work done once per schema: by object (a tool's schema, call after call), then by text (the same
 * schema parsed again from a new listing or a re-read trace). The text cache is bounded.
 */
class SchemaCache<T> {
  private readonly byObject = new WeakMap<object, T>();
  private readonly byText = new Map<string, T>();

  constructor(private readonly max = 512) {}

  get(schema: object, make: () => T): T {
    const hit = this.byObject.get(schema);
    if (hit !== undefined) return hit;
    let text: string | undefined;
    try {
      text = JSON.stringify(schema);
    } catch {
      text = undefined; // a value JSON cannot write is not cached by text
    }
    let value = text === undefined ? undefined : this.byText.get(text);
    if (value === undefined) {
      value = make();
      if (text !== undefined) {
        if (this.byText.size >= this.max) this.byText.delete(this.byText.keys().next().value as string);
        this.byText.set(text, value);
      }
    }
    this.byObject.set(schema, value);
    return value;
  }
}

const compiled = new SchemaCache<CompiledSchema>();

/** Wrapper keywords that only say "a subschema failed"; the subschema's own error says why. */
const WRAPPERS = new Set([
  'properties',
  'patternProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'contains',
  '$ref',
  '$recursiveRef',
  '$dynamicRef',
  'allOf',
  'dependentSchemas',
  'dependencies',
  'then',
  'else',
  'unevaluatedItems',
]);

/** A pointer segment as written; one that is not valid percent-encoding stays as it is. */
function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** `#/a/0` as `/a/0`, the root as `(root)`. */
function where(location: string): string {
  const p = location.replace(/^#/, '');
  return p === '' ? '(root)' : printable(decode(p));
}

function valueAt(root: unknown, location: string): unknown {
  let cur = root;
  for (const part of location
    .replace(/^#\/?/, '')
    .split('/')
    .filter((s) => s !== '')) {
    const key = decode(part).replace(/~1/g, '/').replace(/~0/g, '~');
    cur = isObj(cur) || Array.isArray(cur) ? (cur as Record<string, unknown>)[key] : undefined;
  }
  return cur;
}

/** One line for the first violation: where in the value, what is wrong, and the value itself. */
function describe(errors: readonly OutputUnit[], value: unknown): string {
  let leafIndex = errors.length - 1;
  while (leafIndex > 0 && WRAPPERS.has(errors[leafIndex].keyword)) leafIndex--;
  const leaf = errors[leafIndex] ?? errors[errors.length - 1];
  if (leaf.keyword === 'false') {
    // A `false` schema is how additionalProperties/items: false reject: name the extra member.
    const parent = errors[leafIndex - 1] ?? leaf;
    const at = leaf.instanceLocation.slice(leaf.instanceLocation.lastIndexOf('/') + 1);
    const member = /Propert/.test(parent.error) ? `property "${decode(at)}"` : `item ${at}`;
    return `${where(parent.instanceLocation)}: unexpected ${printable(member)} (${parent.keyword} does not allow it)`;
  }
  const got = valueAt(value, leaf.instanceLocation);
  const shown = show(got, 40);
  const gotText = isObj(got) || Array.isArray(got) || leaf.error.includes(shown) ? '' : ` (got ${shown})`;
  // The validator's text quotes the schema and the value (a const, a property name): both came
  // from the server, so they are made printable like every other value in a message.
  return `${where(leaf.instanceLocation)}: ${printable(leaf.error.replace(/\.$/, ''))}${gotText}`;
}

function compile(schema: Schema | boolean): CompiledSchema {
  try {
    const validator = new Validator(schema, schemaDraft(schema), true);
    return {
      ok: true,
      validate(value) {
        try {
          const r = validator.validate(value);
          return r.valid ? undefined : describe(r.errors, value);
        } catch (e) {
          // An unresolvable $ref surfaces at the first value that reaches it; very deep values
          // can exhaust the stack. Either way the schema, not the value, is at fault.
          return `the schema cannot be applied: ${firstLine(e)}`;
        }
      },
    };
  } catch (e) {
    return { ok: false, error: `the schema cannot be used: ${firstLine(e)}` };
  }
}

function firstLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0];
}

/** A compiled validator for the schema (cached per schema object), or why it cannot be used. */
export function compileSchema(schema: unknown): CompiledSchema | undefined {
  if (typeof schema === 'boolean') return compile(schema);
  if (!isObj(schema)) return undefined;
  return compiled.get(schema, () => compile(schema as Schema));
}

const problems = new SchemaCache<string | null>();
const VALUE_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

function pointerTarget(root: unknown, pointer: string): unknown {
  let cur = root;
  for (const part of pointer.split('/').slice(1)) {
    const key = decode(part).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObj(cur) && !Array.isArray(cur)) return undefined;
    cur = Object.prototype.hasOwnProperty.call(cur, key) ? (cur as Record<string, unknown>)[key] : undefined;
  }
  return cur;
}

/** Every subschema object with where it sits, breadth first, bounded. */
function subschemas(root: Record<string, unknown>, max = 5000): Array<[string, Record<string, unknown>]> {
  const out: Array<[string, Record<string, unknown>]> = [['#', root]];
  for (let i = 0; i < out.length && out.length < max; i++) {
    const [at, s] = out[i];
    const names = /\/(properties|patternProperties|\$defs|definitions|dependentSchemas)$/.test(at);
    for (const [k, v] of Object.entries(s)) {
      if (!names && VALUE_KEYWORDS.has(k)) continue; // values, not schemas
      if (isObj(v)) out.push([`${at}/${k}`, v]);
      else if (Array.isArray(v))
        v.forEach((x, j) => {
          if (isObj(x)) out.push([`${at}/${k}/${j}`, x]);
        });
    }
  }
  return out;
}

function badRegex(p: unknown): boolean {
  if (typeof p !== 'string') return false;
  try {
    new RegExp(p, 'u');
    return false;
  } catch {
    return true;
  }
}

/**
 * What makes a schema unusable before any value is checked: a local `$ref` that points nowhere, a
 * `pattern` that is not a regular expression. Undefined when none is found (or the schema has
 * nested `$id`s, where local refs are relative to other roots and a quick check could be wrong).
 */
export function schemaProblem(schema: unknown): string | undefined {
  if (!isObj(schema)) return undefined;
  // Most schemas have neither keyword: a scan without allocations answers for them.
  if (!mentions(schema, 0)) return undefined;
  return problems.get(schema, () => findProblem(schema)) ?? undefined;
}

/** True when `$ref`, `pattern` or `patternProperties` appears as a key anywhere (bounded depth). */
function mentions(v: unknown, depth: number): boolean {
  if (depth > 64 || typeof v !== 'object' || v === null) return false;
  if (Array.isArray(v)) {
    for (const x of v) if (mentions(x, depth + 1)) return true;
    return false;
  }
  for (const k in v) {
    if (k === '$ref' || k === 'pattern' || k === 'patternProperties') return true;
    if (mentions((v as Record<string, unknown>)[k], depth + 1)) return true;
  }
  return false;
}

function findProblem(schema: Record<string, unknown>): string | null {
  const all = subschemas(schema);
  let found: string | undefined;
  const anchors = new Set(all.flatMap(([, s]) => [s.$anchor, s.$dynamicAnchor].filter((a): a is string => typeof a === 'string')));
  if (!all.some(([at, s]) => at !== '#' && typeof s.$id === 'string')) {
    for (const [at, s] of all) {
      const ref = s.$ref;
      if (typeof ref === 'string' && ref.startsWith('#')) {
        const fragment = ref.slice(1);
        const resolves = fragment === '' || (fragment.startsWith('/') ? pointerTarget(schema, fragment) !== undefined : anchors.has(decode(fragment)));
        if (!resolves) found ??= `${where(at)}: $ref ${show(ref, 60)} points nowhere in the schema`;
      }
      if (badRegex(s.pattern)) found ??= `${where(at)}: pattern ${show(s.pattern, 40)} is not a valid regular expression`;
      if (isObj(s.patternProperties))
        for (const k of Object.keys(s.patternProperties))
          if (badRegex(k)) found ??= `${where(at)}/patternProperties: ${show(k, 40)} is not a valid regular expression`;
    }
  }
  return found ?? null;
}

/**
 * The first violation as `path: problem`, or undefined when the value validates. A value that is
 * not a schema (a string, an array) checks nothing.
 */
export function validateJsonSchema(schema: unknown, value: unknown): string | undefined {
  const compiled = compileSchema(schema);
  if (!compiled) return undefined;
  return compiled.ok ? compiled.validate(value) : compiled.error;
}
