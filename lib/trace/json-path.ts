/**
 * A small JSON path for custom redaction rules: dot-separated keys, `*` for every key or item,
 * `[n]` or `.n` for an index. An optional leading `$.` is allowed. Returns the string leaves under
 * the matched values (an object matched whole has all its strings redacted).
 */
export function parseJsonPath(path: string): string[] {
  return path
    .replace(/^\$\.?/, '')
    .replace(/\[(\d+|\*)\]/g, '.$1')
    .split('.')
    .filter((s) => s !== '');
}

function leaves(v: unknown, out: string[]): void {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => leaves(x, out));
  else if (typeof v === 'object' && v !== null) Object.values(v).forEach((x) => leaves(x, out));
}

export function jsonPathStrings(json: unknown, path: string): string[] {
  let current: unknown[] = [json];
  for (const key of parseJsonPath(path)) {
    const next: unknown[] = [];
    for (const v of current) {
      if (typeof v !== 'object' || v === null) continue;
      if (key === '*') next.push(...Object.values(v));
      else if (Object.prototype.hasOwnProperty.call(v, key)) next.push((v as Record<string, unknown>)[key]);
    }
    current = next;
  }
  const out: string[] = [];
  current.forEach((v) => leaves(v, out));
  return out;
}
