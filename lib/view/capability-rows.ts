/**
 * Rows of a capability table: every capability the version defines, declared or not, then any
 * key a side declared that the version does not define.
 */
import { capabilityAt, capabilityCatalog, isDeclared, type Side } from '../mcp/capability-catalog';

export interface CapabilityRow {
  path: string;
  depth: number;
  meaning: string;
  declared: boolean;
  /** The declared value in short JSON (`true`, `{}`, `false`), absent when not declared at all. */
  value?: string;
  /** Declared, but the version does not define it. */
  unknown?: boolean;
}

function short(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
}

function declaredPaths(caps: unknown, prefix = ''): string[] {
  if (typeof caps !== 'object' || caps === null || Array.isArray(caps)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(caps)) {
    const path = prefix ? `${prefix}.${k}` : k;
    out.push(path);
    // experimental and extensions hold free-form entries: list their names, not their insides.
    if (prefix === 'experimental' || prefix === 'extensions') continue;
    out.push(...declaredPaths(v, path));
  }
  return out;
}

export function capabilityRows(side: Side, version: string | undefined, caps: unknown): CapabilityRow[] {
  const catalog = capabilityCatalog(side, version);
  const known = new Set(catalog.map((d) => d.path));
  const row = (path: string, meaning: string, unknown?: boolean): CapabilityRow => {
    const v = capabilityAt(caps, path);
    return { path, depth: path.split('.').length - 1, meaning, declared: isDeclared(caps, path), value: v === undefined ? undefined : short(v), unknown };
  };
  const rows = catalog.map((d) => row(d.path, d.meaning));
  for (const path of declaredPaths(caps)) {
    if (known.has(path)) continue;
    const parent = path.split('.')[0];
    const meaning = parent === 'experimental' || parent === 'extensions' ? `${parent} entry` : 'not defined by this version';
    rows.push(row(path, meaning, !(parent === 'experimental' || parent === 'extensions')));
  }
  return rows;
}
