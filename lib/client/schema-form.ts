/**
 * A JSON Schema (a tool's `inputSchema`, an elicitation's `requestedSchema`) read as a form model:
 * one field per property, with the widget each needs. Constructs a form cannot show well (unions
 * of objects, tuples, patternProperties) become a JSON field so nothing is lost.
 */
import { isObject } from '../mcp/json';

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'multi-enum' | 'object' | 'array' | 'json';

export interface EnumOption {
  value: unknown;
  label: string;
}

export interface FormField {
  /** Property name, or the index-less `item` for an array's items. */
  key: string;
  label: string;
  description?: string;
  required: boolean;
  kind: FieldKind;
  options?: EnumOption[];
  format?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  /** For `object`: its properties. */
  fields?: FormField[];
  /** For `array`: the shape of one item. */
  item?: FormField;
  nullable?: boolean;
}

type Schema = Record<string, unknown>;

const isSchema: (v: unknown) => v is Schema = isObject;

/** Follows local `$ref`s (`#/$defs/x`, `#/definitions/x`) within the root, a few levels deep. */
function resolve(s: unknown, root: Schema, depth = 0): Schema {
  if (!isSchema(s)) return {};
  const ref = s.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/') || depth > 8) return s;
  let target: unknown = root;
  for (const part of ref.slice(2).split('/')) target = isSchema(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  const { $ref: _ref, ...rest } = s;
  return { ...resolve(target, root, depth + 1), ...rest };
}

/** `oneOf`/`anyOf` of `{const, title}` entries: the titled enum of the spec's elicitation schemas. */
function titledOptions(list: unknown): EnumOption[] | undefined {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  if (!list.every((o) => isSchema(o) && 'const' in o)) return undefined;
  return list.map((o: Schema) => ({ value: o.const, label: typeof o.title === 'string' ? o.title : String(o.const) }));
}

function enumOptions(s: Schema): EnumOption[] | undefined {
  if (Array.isArray(s.enum)) {
    const names = Array.isArray(s.enumNames) ? s.enumNames : [];
    return s.enum.map((v, i) => ({ value: v, label: typeof names[i] === 'string' ? (names[i] as string) : String(v) }));
  }
  return titledOptions(s.oneOf) ?? titledOptions(s.anyOf);
}

/** `type: ["string", "null"]` and `anyOf: [X, {type: "null"}]` are a nullable X. */
function unwrapNullable(s: Schema, root: Schema): { schema: Schema; nullable: boolean } {
  if (Array.isArray(s.type)) {
    const types = s.type.filter((t) => t !== 'null');
    if (types.length === 1) return { schema: { ...s, type: types[0] }, nullable: types.length < s.type.length };
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = s[key];
    if (!Array.isArray(list) || titledOptions(list)) continue;
    const rest = list.filter((o) => !(isSchema(o) && o.type === 'null'));
    if (rest.length === 1 && rest.length < list.length) {
      const { [key]: _drop, ...outer } = s;
      return { schema: { ...resolve(rest[0], root), ...outer }, nullable: true };
    }
  }
  return { schema: s, nullable: false };
}

function kindOf(s: Schema, options: EnumOption[] | undefined): FieldKind {
  if (options) return 'enum';
  if (s.type === 'array' && isSchema(s.items)) {
    const items = s.items;
    if (enumOptions(items)) return 'multi-enum';
  }
  switch (s.type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'array':
      return s.type;
    case 'object':
      return isSchema(s.properties) ? 'object' : 'json';
    default:
      return isSchema(s.properties) ? 'object' : 'json';
  }
}

export function fieldFromSchema(key: string, raw: unknown, required: boolean, root: Schema, depth = 0): FormField {
  const { schema: s, nullable } = unwrapNullable(resolve(raw, root), root);
  const options = enumOptions(s);
  const kind = depth > 12 ? 'json' : kindOf(s, options);
  const field: FormField = { key, label: typeof s.title === 'string' ? s.title : key, required, kind };
  if (typeof s.description === 'string') field.description = s.description;
  if (nullable) field.nullable = true;
  if (s.default !== undefined) field.default = s.default;
  if (typeof s.format === 'string') field.format = s.format;
  if (typeof s.minimum === 'number') field.minimum = s.minimum;
  if (typeof s.maximum === 'number') field.maximum = s.maximum;
  if (options) field.options = options;
  if (kind === 'multi-enum' && isSchema(s.items)) field.options = enumOptions(resolve(s.items, root));
  if (kind === 'object') field.fields = objectFields(s, root, depth + 1);
  if (kind === 'array') field.item = fieldFromSchema('item', s.items, true, root, depth + 1);
  return field;
}

function objectFields(s: Schema, root: Schema, depth: number): FormField[] {
  const props = isSchema(s.properties) ? s.properties : {};
  const required = new Set(Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : []);
  return Object.entries(props).map(([k, v]) => fieldFromSchema(k, v, required.has(k), root, depth));
}

/** The root form of an object schema; a schema that is not an object gives one JSON field. */
export function formModel(schema: unknown): FormField {
  const root = isSchema(schema) ? schema : {};
  return fieldFromSchema('arguments', root, true, root);
}

/** The value a fresh form starts with: defaults, then empty objects for required nested objects. */
export function initialValue(field: FormField): unknown {
  if (field.default !== undefined) return structuredClone(field.default);
  if (field.kind === 'object') {
    const out: Record<string, unknown> = {};
    for (const f of field.fields ?? []) {
      const v = initialValue(f);
      if (v !== undefined && (f.required || f.default !== undefined)) out[f.key] = v;
    }
    return out;
  }
  if (field.kind === 'boolean' && field.required) return false;
  if ((field.kind === 'array' || field.kind === 'multi-enum') && field.required) return [];
  return undefined;
}

/** Required fields still empty, as dotted paths, so the form can say which ones. */
export function missingRequired(field: FormField, value: unknown, at = ''): string[] {
  if (field.kind !== 'object') return [];
  const obj = isSchema(value) ? value : {};
  const out: string[] = [];
  for (const f of field.fields ?? []) {
    const path = at ? `${at}.${f.key}` : f.key;
    const v = obj[f.key];
    if (f.required && (v === undefined || v === '')) out.push(path);
    else if (v !== undefined) out.push(...missingRequired(f, v, path));
  }
  return out;
}
