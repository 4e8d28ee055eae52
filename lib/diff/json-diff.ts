/** Structural differences between two JSON values, as paths (`inputSchema.properties.n.type`). */
import { isObject } from '../mcp/json';

export interface Change {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : /^[A-Za-z_$][\w$-]*$/.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${JSON.stringify(key)}]`;

export function jsonDiff(a: unknown, b: unknown, path = '', out: Change[] = []): Change[] {
  if (isObject(a) && isObject(b)) {
    for (const k of Object.keys(a)) {
      if (!(k in b)) out.push({ path: join(path, k), kind: 'removed', before: a[k] });
      else jsonDiff(a[k], b[k], join(path, k), out);
    }
    for (const k of Object.keys(b)) if (!(k in a)) out.push({ path: join(path, k), kind: 'added', after: b[k] });
    return out;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    // Arrays of strings (`required`, `enum`) are sets for a reader: report members, not positions.
    if (a.every((x) => typeof x === 'string') && b.every((x) => typeof x === 'string')) {
      for (const x of a) if (!b.includes(x)) out.push({ path, kind: 'removed', before: x });
      for (const x of b) if (!a.includes(x)) out.push({ path, kind: 'added', after: x });
      return out;
    }
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) {
      if (i >= b.length) out.push({ path: join(path, i), kind: 'removed', before: a[i] });
      else if (i >= a.length) out.push({ path: join(path, i), kind: 'added', after: b[i] });
      else jsonDiff(a[i], b[i], join(path, i), out);
    }
    return out;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ path, kind: 'changed', before: a, after: b });
  return out;
}
