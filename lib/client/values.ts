/**
 * Small, pure edits of a form's JSON value: set or remove one property, convert an input's text
 * to the type its field needs. The form keeps one JSON value and the raw editor shows the same one.
 */
import type { FormField } from './schema-form';

/** Sets (or, for undefined, removes) `key` in an object value without mutating it. */
export function withProperty(obj: unknown, key: string, v: unknown): Record<string, unknown> {
  const base = typeof obj === 'object' && obj !== null && !Array.isArray(obj) ? { ...(obj as Record<string, unknown>) } : {};
  if (v === undefined) delete base[key];
  else base[key] = v;
  return base;
}

export function withItem(list: unknown, index: number, v: unknown): unknown[] {
  const base = Array.isArray(list) ? [...list] : [];
  if (v === undefined) base.splice(index, 1);
  else base[index] = v;
  return base;
}

/**
 * The text of a text-like input as the field's type. An empty optional input is no value at all;
 * a number that does not parse is kept as text so the person sees (and the server judges) it.
 */
export function fromInput(field: FormField, text: string): unknown {
  if (text === '') return field.required && field.kind === 'string' ? '' : undefined;
  if (field.kind === 'number' || field.kind === 'integer') {
    const n = Number(text);
    return Number.isFinite(n) && text.trim() !== '' ? n : text;
  }
  if (field.kind === 'json') {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export function toInput(field: FormField, v: unknown): string {
  if (v === undefined || v === null) return '';
  if (field.kind === 'json') return typeof v === 'string' ? v : JSON.stringify(v);
  return String(v);
}

/** Parses a raw JSON editor's text as an arguments object, with an error a person can act on. */
export function parseArgs(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  if (text.trim() === '') return { ok: true, value: {} };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `The arguments are not valid JSON: ${(e as Error).message}` };
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { ok: false, error: 'The arguments must be a JSON object, e.g. {"message": "hi"}.' };
  return { ok: true, value: v as Record<string, unknown> };
}
