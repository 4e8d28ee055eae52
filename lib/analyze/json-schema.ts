/**
 * A small JSON Schema validator for `structuredContent` against a tool's `outputSchema`. It covers
 * the keywords tool schemas use (type, properties, required, additionalProperties, items, enum,
 * const, min/max, anyOf/oneOf/allOf) and ignores the rest, so it never reports a false violation
 * for a keyword it does not know. Iterative depth is bounded; it never throws.
 */
import { isObj, own, show } from './util';

const MAX_DEPTH = 64;

function typeOk(type: string, v: unknown): boolean {
  switch (type) {
    case 'object': return isObj(v);
    case 'array': return Array.isArray(v);
    case 'string': return typeof v === 'string';
    case 'integer': return typeof v === 'number' && Number.isInteger(v);
    case 'number': return typeof v === 'number';
    case 'boolean': return typeof v === 'boolean';
    case 'null': return v === null;
    default: return true;
  }
}

function equal(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'object' && typeof b === 'object' && show(a, 10_000) === show(b, 10_000));
}

/** The first violation as `path: problem`, or undefined when the value validates. */
export function validateJsonSchema(schema: unknown, value: unknown, at = '', depth = 0): string | undefined {
  if (!isObj(schema) || depth > MAX_DEPTH) return undefined;
  const where = at || '(root)';
  const type = own(schema, 'type');
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
  if (types.length && !types.some((t) => typeOk(t, value))) return `${where}: expected ${types.join(' or ')}, got ${show(value, 30)}`;
  const en = own(schema, 'enum');
  if (Array.isArray(en) && !en.some((e) => equal(e, value))) return `${where}: ${show(value, 30)} is not one of ${show(en, 60)}`;
  if (own(schema, 'const') !== undefined && !equal(own(schema, 'const'), value)) return `${where}: must be ${show(own(schema, 'const'), 30)}`;
  if (typeof value === 'number') {
    const min = own(schema, 'minimum');
    const max = own(schema, 'maximum');
    if (typeof min === 'number' && value < min) return `${where}: ${value} is below the minimum ${min}`;
    if (typeof max === 'number' && value > max) return `${where}: ${value} is above the maximum ${max}`;
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = own(schema, key);
    if (!Array.isArray(list) || list.length === 0) continue;
    const failures = list.map((s) => validateJsonSchema(s, value, at, depth + 1));
    if (key === 'allOf' && failures.some((f) => f)) return failures.find((f) => f);
    if (key !== 'allOf' && failures.every((f) => f)) return `${where}: matches none of the ${key} alternatives (${failures[0]})`;
  }
  if (isObj(value)) {
    const props = isObj(own(schema, 'properties')) ? (own(schema, 'properties') as Record<string, unknown>) : {};
    const required = own(schema, 'required');
    if (Array.isArray(required)) {
      const missing = required.filter((k) => typeof k === 'string' && !Object.prototype.hasOwnProperty.call(value, k));
      if (missing.length) return `${where}: missing required ${missing.map((k) => `"${k}"`).join(', ')}`;
    }
    for (const [k, v] of Object.entries(value)) {
      if (Object.prototype.hasOwnProperty.call(props, k)) {
        const r = validateJsonSchema(props[k], v, `${at}/${k}`, depth + 1);
        if (r) return r;
      } else if (own(schema, 'additionalProperties') === false) {
        return `${where}: unexpected property "${k}"`;
      } else if (isObj(own(schema, 'additionalProperties'))) {
        const r = validateJsonSchema(own(schema, 'additionalProperties'), v, `${at}/${k}`, depth + 1);
        if (r) return r;
      }
    }
  }
  if (Array.isArray(value) && isObj(own(schema, 'items'))) {
    for (let i = 0; i < value.length; i++) {
      const r = validateJsonSchema(own(schema, 'items'), value[i], `${at}/${i}`, depth + 1);
      if (r) return r;
    }
  }
  return undefined;
}
