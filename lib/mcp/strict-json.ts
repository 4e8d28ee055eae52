/**
 * A strict JSON reader for the analyser. One pass yields the value and everything JSON.parse hides:
 * repeated keys (JSON.parse silently keeps the last one), NaN/Infinity (some servers print them),
 * and the exact position of the first error. It never throws and never recurses (an explicit stack),
 * so a hostile frame nested a million levels deep costs memory, not the call stack.
 */

export interface JsonPosition {
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
}

export interface JsonProblem extends JsonPosition {
  message: string;
}

export interface DuplicateKey extends JsonPosition {
  key: string;
  /** Where the object sits, as a JSON pointer (`/params/arguments`). */
  path: string;
}

export interface StrictJson {
  /** True when the text is one complete, valid JSON value (no NaN/Infinity). */
  ok: boolean;
  /** The value; also present when the only fault is a NaN/Infinity literal (read as a number). */
  value?: unknown;
  error?: JsonProblem;
  /** The text ended while a value was still open: more lines may complete it. */
  incomplete: boolean;
  duplicates: DuplicateKey[];
}

export function positionOf(text: string, offset: number): JsonPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { offset, line, column: offset - lineStart + 1 };
}

interface Container {
  value: Record<string, unknown> | unknown[];
  /** The pending key of an object, or undefined while the next key is awaited. */
  key?: string;
  /** Where it sits in its parent: the pointer is built only when a duplicate needs it. */
  parent?: Container;
  at?: string | number;
}

function pointerOf(c: Container): string {
  const parts: string[] = [];
  for (let cur: Container | undefined = c; cur?.parent; cur = cur.parent) parts.push(escapePointer(String(cur.at)));
  return parts.length ? `/${parts.reverse().join('/')}` : '';
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const hasOwn = Object.prototype.hasOwnProperty;

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function setKey(obj: Record<string, unknown>, key: string, value: unknown): void {
  // JSON.parse makes `__proto__` an own property; a plain assignment would change the prototype.
  if (key === '__proto__') Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

// The reader's cursor lives at module level: no closures per call, and parsing never calls out,
// so one parse cannot interleave with another.
let text = '';
let i = 0;
let n = 0;
let duplicates: DuplicateKey[] = [];

function fail(message: string, at: number): StrictJson {
  return { ok: false, incomplete: at >= n, duplicates, error: { message, ...positionOf(text, at) } };
}

function skipWs(): void {
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
  }
}

/** Reads a string starting at the opening quote; on a fault returns undefined with `i` at it. */
function readString(): string | undefined {
  const start = ++i;
  let escaped = false;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) break;
    if (c === 92) {
      escaped = true;
      i++;
      continue;
    }
    if (c < 32) return undefined;
  }
  if (i >= n) return undefined;
  const body = text.slice(start, i++);
  if (!escaped) return body;
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    i = start;
    return undefined;
  }
}

/** Reads `"key":` into `obj.key`; returns a failure, or undefined on success. */
function readKey(obj: Container): StrictJson | undefined {
  skipWs();
  if (i >= n) return fail('unexpected end of input: a key is missing', i);
  if (text.charCodeAt(i) !== 34) return fail(`expected a string key but found ${JSON.stringify(text[i])}`, i);
  const at = i;
  const key = readString();
  if (key === undefined) return fail(i >= n ? 'unexpected end of input inside a key' : 'invalid character or escape in a key', i);
  if (hasOwn.call(obj.value, key)) duplicates.push({ key, path: pointerOf(obj), ...positionOf(text, at) });
  obj.key = key;
  skipWs();
  if (i >= n) return fail("unexpected end of input: expected ':'", i);
  if (text.charCodeAt(i) !== 58) return fail(`expected ':' after key ${JSON.stringify(key)}`, i);
  i++;
  return undefined;
}

/**
 * Reads `input` strictly. Most messages are valid JSON without repeated keys, so the engine's own
 * JSON.parse reads them and a light scan confirms there is nothing it hid (as many colons in the
 * text as keys in the value plus colons in its strings); only text that fails either check takes
 * the full reader below, which finds the position of the fault or of each repeated key.
 */
export function parseStrict(input: string): StrictJson {
  let value: unknown;
  try {
    value = JSON.parse(input);
  } catch {
    return readStrictly(input);
  }
  return confirmStrict(input, value);
}

/** The strict reading of `input` when `value` is already `JSON.parse(input)`: the value itself,
 *  unless a key was repeated (then the full reader says where). The session model classifies
 *  frames from JSON.parse on arrival and confirms here only when the analyser gets to them. */
export function confirmStrict(input: string, value: unknown): StrictJson {
  // A `\u003a` escape writes a colon the text does not show: only then are key tokens counted.
  const same = input.indexOf('\\u003') === -1 ? colonsMatch(input, value) : keyTokens(input) === keysIn(value, false);
  if (same) return { ok: true, value, incomplete: false, duplicates: [] };
  return readStrictly(input);
}

/** The text's colons against the value's keys and the colons its keys and strings hold. Most
 *  messages hold no colon in any string: then the text's colons equal the value's keys, which
 *  are counted without looking into a string (a repeated key adds a colon the value lacks, so
 *  equality already proves none was). */
function colonsMatch(input: string, value: unknown): boolean {
  const colons = colonsIn(input);
  if (typeof value === 'object' && value !== null && colons === keysIn(value, false)) return true;
  return colons === keysIn(value, true);
}

/**
 * Outside its strings, valid JSON text has exactly one colon per key written; inside them, as many
 * as the strings hold (no escape but `\u003a` writes one). So the text's colons equal the value's
 * keys plus the colons of its keys and strings, unless a repeated key was dropped: then the text
 * has more. Counting colons with indexOf is cheaper than finding every string's end.
 */
function colonsIn(s: string): number {
  let count = 0;
  for (let at = s.indexOf(':'); at !== -1; at = s.indexOf(':', at + 1)) count++;
  return count;
}

/** Counts `"...":` in valid JSON text: every key written, repeated ones included. */
function keyTokens(t: string): number {
  let count = 0;
  let at = t.indexOf('"');
  while (at !== -1) {
    // Find the closing quote: one preceded by an even number of backslashes.
    let end = t.indexOf('"', at + 1);
    for (;;) {
      let slashes = 0;
      while (t.charCodeAt(end - 1 - slashes) === 92) slashes++;
      if ((slashes & 1) === 0) break;
      end = t.indexOf('"', end + 1);
    }
    let k = end + 1;
    for (let c = t.charCodeAt(k); c === 32 || c === 10 || c === 13 || c === 9; c = t.charCodeAt(++k));
    if (t.charCodeAt(k) === 58) count++;
    at = t.indexOf('"', end + 1);
  }
  return count;
}

/** Counts the keys of every object in a parsed value (an explicit stack: any depth); with
 *  `colons`, also the colons in every key and string it holds. */
function keysIn(root: unknown, colons: boolean): number {
  if (typeof root === 'string') return colons ? colonsIn(root) : 0;
  let count = 0;
  const stack: unknown[] = [root];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      for (const x of v) {
        if (typeof x === 'object' && x !== null) stack.push(x);
        else if (colons && typeof x === 'string') count += colonsIn(x);
      }
      continue;
    }
    for (const k in v) {
      count += colons ? 1 + colonsIn(k) : 1;
      const x = (v as Record<string, unknown>)[k];
      if (typeof x === 'object' && x !== null) stack.push(x);
      else if (colons && typeof x === 'string') count += colonsIn(x);
    }
  }
  return count;
}

/** What parseJson returns for text JSON.parse refuses. */
export const UNPARSED: unique symbol = Symbol('unparsed');
/** JSON's whitespace, then a character a JSON value may start with. */
const JSON_START = /^[ \t\n\r]*[{["0-9tfn-]/;

/**
 * JSON.parse's value, or UNPARSED. Text no JSON value can start as (a log line a server writes to
 * stdout) is refused before JSON.parse is tried: the exception it throws is most of what refusing
 * costs, and a server that logs to stdout does so on every line.
 */
export function parseJson(text: string): unknown {
  if (!JSON_START.test(text)) return UNPARSED;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return UNPARSED;
  }
}

/** The full reader: the value, every repeated key, NaN/Infinity, the position of a fault. */
export function readStrictly(input: string): StrictJson {
  text = input;
  i = 0;
  n = input.length;
  duplicates = [];
  try {
    return readValue();
  } finally {
    text = '';
  }
}

function readValue(): StrictJson {
  const stack: Container[] = [];
  let nonFinite: JsonProblem | undefined;
  let value: unknown;
  // The main loop reads one value per turn, then closes containers and reads separators.
  for (;;) {
    skipWs();
    if (i >= n) return fail('unexpected end of input: a value is missing', i);
    const top = stack[stack.length - 1];
    const c = text.charCodeAt(i);
    let done = true;
    if (c === 123 /* { */ || c === 91 /* [ */) {
      const child: Container = { value: c === 123 ? {} : [], parent: top, at: top ? (top.key ?? (top.value as unknown[]).length) : undefined };
      i++;
      skipWs();
      const close = c === 123 ? 125 : 93;
      if (text.charCodeAt(i) === close) {
        i++;
        value = child.value;
      } else {
        stack.push(child);
        done = false;
      }
    } else if (c === 34) {
      const s = readString();
      if (s === undefined) return fail(i >= n ? 'unexpected end of input inside a string' : 'invalid character or escape in a string', i);
      value = s;
    } else if (c === 116 && text.startsWith('true', i)) {
      value = true;
      i += 4;
    } else if (c === 102 && text.startsWith('false', i)) {
      value = false;
      i += 5;
    } else if (c === 110 && text.startsWith('null', i)) {
      value = null;
      i += 4;
    } else if (c === 78 && text.startsWith('NaN', i)) {
      nonFinite ??= { message: 'NaN is not a JSON value', ...positionOf(text, i) };
      value = NaN;
      i += 3;
    } else if ((c === 73 || c === 45) && text.startsWith(c === 45 ? '-Infinity' : 'Infinity', i)) {
      nonFinite ??= { message: 'Infinity is not a JSON value', ...positionOf(text, i) };
      value = c === 45 ? -Infinity : Infinity;
      i += c === 45 ? 9 : 8;
    } else {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (!m) return fail(`unexpected character ${JSON.stringify(text[i])}`, i);
      value = Number(m[0]);
      i += m[0].length;
    }
    if (!done) {
      // A container just opened: for an object, read its first key.
      const opened = stack[stack.length - 1];
      if (!Array.isArray(opened.value)) {
        const r = readKey(opened);
        if (r) return r;
      }
      continue;
    }
    // Place the value, then walk out through every container that closes here.
    for (;;) {
      const cur = stack[stack.length - 1];
      if (!cur) {
        skipWs();
        if (i < n) return fail(`unexpected text after the JSON value: ${JSON.stringify(text.slice(i, i + 12))}`, i);
        if (nonFinite) return { ok: false, value, incomplete: false, duplicates, error: nonFinite };
        return { ok: true, value, incomplete: false, duplicates };
      }
      if (Array.isArray(cur.value)) cur.value.push(value);
      else setKey(cur.value, cur.key as string, value);
      skipWs();
      if (i >= n) return fail('unexpected end of input: a container is not closed', i);
      const sep = text.charCodeAt(i++);
      const isArr = Array.isArray(cur.value);
      if (sep === 44 /* , */) {
        if (!isArr) {
          const r = readKey(cur);
          if (r) return r;
        }
        break;
      }
      if (sep === (isArr ? 93 : 125)) {
        stack.pop();
        value = cur.value;
        continue;
      }
      return fail(`expected ',' or '${isArr ? ']' : '}'}' but found ${JSON.stringify(text[i - 1])}`, i - 1);
    }
  }
}
