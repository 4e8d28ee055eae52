/** JSON values read from the wire are `unknown` until looked at: the one test for an object. */
export type JsonObject = Record<string, unknown>;

/** A JSON object: not null, not an array. */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The value when it is a JSON object, else undefined (for optional chaining through unknowns). */
export function asObject(v: unknown): JsonObject | undefined {
  return isObject(v) ? v : undefined;
}

/** An object's own field (never one inherited through the prototype: JSON may name `__proto__`). */
export function own(o: unknown, k: string): unknown {
  return isObject(o) && Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined;
}
