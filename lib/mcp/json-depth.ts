/**
 * How deeply a parsed JSON value nests, measured without recursion. JSON.parse reads any depth,
 * but most code that walks a value afterwards recurses (JSON.stringify, canonical keys, diffs), and
 * a value nested a few thousand levels deep overflows the call stack there. Code that walks values
 * it did not make refuses them past this depth first, with this message.
 */

/** Far beyond any real MCP message, and far within what a recursive walk can take. */
export const MAX_JSON_DEPTH = 1000;

/** What a refusal says: `the params are ${tooDeep()}`. */
export function tooDeep(limit = MAX_JSON_DEPTH): string {
  return `nested more than ${limit} levels deep, the limit`;
}

/** True when an array or object in `value` sits more than `limit` levels deep (the top level is 1). */
export function nestsDeeperThan(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}
