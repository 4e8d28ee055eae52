/** Small guards over untrusted JSON values. */
import { printable } from '../text/printable';
import { isObject as isObj } from '../mcp/json';

export { isObj };

export type Obj = Record<string, unknown>;

export function own(o: Obj, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

export function hasOwn(o: Obj, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}

/** An own object-valued property, or undefined. */
export function objAt(o: unknown, key: string): Obj | undefined {
  if (!isObj(o)) return undefined;
  const v = own(o, key);
  return isObj(v) ? v : undefined;
}

export function arrAt(o: unknown, key: string): unknown[] | undefined {
  if (!isObj(o)) return undefined;
  const v = own(o, key);
  return Array.isArray(v) ? v : undefined;
}

export function strAt(o: unknown, key: string): string | undefined {
  if (!isObj(o)) return undefined;
  const v = own(o, key);
  return typeof v === 'string' ? v : undefined;
}

/** A short, safe rendering of a value for messages: quoted, and with control characters escaped. */
export function show(v: unknown, max = 60): string {
  let s: string;
  try {
    s = v === undefined ? 'undefined' : typeof v === 'number' && !Number.isFinite(v) ? String(v) : (JSON.stringify(v) ?? String(v));
  } catch {
    s = Array.isArray(v) ? 'an array' : typeof v;
  }
  // JSON escapes C0 controls only; DEL, C1 controls and bidi overrides act in a terminal too.
  s = printable(s);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** Split once: the paths are a few capability names asked about for every request. */
const SEGMENTS = new Map<string, string[]>();

/** `a.b.c` lookup through own object properties. */
export function path(o: unknown, dotted: string): unknown {
  let segments = SEGMENTS.get(dotted);
  if (!segments) {
    segments = dotted.split('.');
    if (SEGMENTS.size < 1000) SEGMENTS.set(dotted, segments);
  }
  let cur: unknown = o;
  for (const k of segments) {
    if (!isObj(cur)) return undefined;
    cur = own(cur, k);
  }
  return cur;
}
