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
