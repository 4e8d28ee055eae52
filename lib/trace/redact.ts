/**
 * Redaction: replaces secrets in copies of frames with «redacted:<rule>» markers. The preview and
 * the export run this same code, so the preview lists exactly what the file will not contain.
 * A frame keeps its seq, ts and size (the bytes that crossed); only text changes.
 */
import type { Frame } from '../mcp/frame';
import { BUILTIN_RULE_IDS, PATTERN_RULES, SCAN_RULES, SECRET_HEADERS, envNameLooksSecret, type PatternRule, type ScanRule } from './redact-rules';
import { compileCustomRegex, customRegexMatchesEmpty } from './custom-regex';
import { jsonPathStrings } from './json-path';

/** A rule added by the person: a regular expression (each match is replaced) or a JSON path
 *  into a frame's parsed JSON (`params.arguments.apiKey`, `result.content.*.text`). */
export interface CustomRule {
  id?: string;
  regex?: string;
  flags?: string;
  jsonPath?: string;
}

/** A value known to be secret (an env value, a configured header, a query value, an argument):
 *  redacted wherever it appears, as typed or JSON-escaped. `rule` names where it came from. */
export interface KnownSecret {
  rule: string;
  value: string;
}

export interface RedactOptions {
  /** An environment: values of secret-looking names are redacted wherever they appear. */
  env?: Record<string, string>;
  /** Values taken from the connection (see redactionInputs), redacted wherever they appear. */
  secrets?: KnownSecret[];
  custom?: CustomRule[];
  /** Built-in rule ids to switch off one by one (BUILTIN_RULE_IDS). */
  disabled?: string[];
}

export interface RedactionHit {
  seq: number;
  /** `raw`, or a path into meta such as `meta.requestHeaders.authorization`. */
  where: string;
  rule: string;
  /** The secret's first characters and its length, never the whole value. */
  excerpt: string;
}

export interface RedactionResult {
  frames: Frame[];
  hits: RedactionHit[];
  /** The rule ids that ran. */
  rules: string[];
}

export const marker = (rule: string) => `«redacted:${rule}»`;

export function maskExcerpt(secret: string): string {
  const head = secret.length >= 12 ? secret.slice(0, 4) : '';
  return `${head}… (${secret.length} chars)`;
}

interface Compiled {
  patterns: PatternRule[];
  /** Any pattern's hint: text it does not match cannot match any pattern. */
  hinted: RegExp;
  scans: ScanRule[];
  literals: KnownSecret[];
  paths: { id: string; path: string }[];
  disabled: Set<string>;
  rules: string[];
  /** Strings of metadata no rule changed: HTTP heads repeat the same URL, header values and names
   *  on every exchange, and each string costs every rule's pass, so one that passed once is not
   *  passed again. Only short ones, and at most CLEAN_MAX, then started afresh: a trace of any length. */
  clean: Set<string>;
}

const CLEAN_MAX = 4096;
const CLEAN_LONGEST = 512;

/** The values of an environment's secret-looking names (as `loupe export --env NAME` gives). */
export function envSecrets(env: Record<string, string>): KnownSecret[] {
  return Object.entries(env)
    .filter(([name, value]) => envNameLooksSecret(name) && value.length >= 4)
    .map(([name, value]) => ({ rule: `env:${name}`, value }));
}

/** `env:API_KEY` belongs to the switchable group `env`, `header:x-api-key` to `header`, … */
const groupOf = (rule: string) => rule.slice(0, Math.max(0, rule.indexOf(':')));

function compile(opts: RedactOptions): Compiled {
  const disabled = new Set(opts.disabled ?? []);
  const patterns = PATTERN_RULES.filter((r) => !disabled.has(r.id));
  const scans = SCAN_RULES.filter((r) => !disabled.has(r.id));
  const paths: Compiled['paths'] = [];
  (opts.custom ?? []).forEach((c, i) => {
    const id = c.id || `custom-${i + 1}`;
    // A person's expression runs on a linear-time engine: it cannot stall the proxy, whatever it is.
    if (c.regex) scans.push({ id, description: 'custom', scan: compileCustomRegex(c.regex, c.flags) });
    if (c.jsonPath) paths.push({ id, path: c.jsonPath });
  });
  const seen = new Set<string>();
  const literals = [...envSecrets(opts.env ?? {}), ...(opts.secrets ?? [])]
    .filter((s) => s.value.length > 0 && !disabled.has(groupOf(s.rule)) && !seen.has(s.value) && seen.add(s.value))
    // Longest first, so a value that contains another is replaced whole.
    .sort((a, b) => b.value.length - a.value.length);
  const rules = [...BUILTIN_RULE_IDS.filter((id) => !disabled.has(id)), ...(opts.custom ?? []).map((c, i) => c.id || `custom-${i + 1}`)];
  // Case-insensitive as a whole: a superset of each hint, and so still of each pattern.
  const hinted = new RegExp(patterns.map((r) => `(?:${r.hint.source})`).join('|') || '(?!)', 'i');
  return { patterns, hinted, scans, literals, paths, disabled, rules, clean: new Set() };
}

/** Checks custom rules before use; returns a message a person can act on, or undefined. */
export function checkCustomRule(rule: CustomRule): string | undefined {
  if (!rule.regex && !rule.jsonPath) return 'a custom rule needs a regular expression or a JSON path';
  if (rule.regex) {
    try {
      if (customRegexMatchesEmpty(rule.regex, rule.flags)) return `the expression /${rule.regex}/ matches empty text: it would redact nothing useful`;
    } catch (e) {
      return (e as Error).message;
    }
  }
  return undefined;
}

/** Where a value sits in a frame, as a hit names it: `meta.headers[2]`, `meta.url`. */
function joinPath(where: string, key: string | number | undefined): string {
  return key === undefined ? where : typeof key === 'number' ? `${where}[${key}]` : `${where}.${key}`;
}

class Redactor {
  readonly hits: RedactionHit[] = [];
  constructor(private readonly c: Compiled) {}

  private hit(seq: number, where: string, rule: string, secret: string): string {
    this.hits.push({ seq, where, rule, excerpt: maskExcerpt(secret) });
    return marker(rule);
  }

  /** A string of metadata: these repeat, unlike a message's text (its id alone differs). */
  private metaText(s: string, seq: number, where: string, key?: string | number): string {
    const { clean } = this.c;
    if (clean.has(s)) return s;
    const out = this.text(s, seq, joinPath(where, key));
    // Unchanged means no rule found anything: a hit always puts a marker in place of its secret.
    if (out === s && s.length <= CLEAN_LONGEST) {
      if (clean.size >= CLEAN_MAX) clean.clear();
      clean.add(s);
    }
    return out;
  }

  text(s: string, seq: number, where: string): string {
    let out = s;
    for (const { rule, value } of this.c.literals) {
      for (const form of new Set([value, JSON.stringify(value).slice(1, -1)])) {
        if (out.includes(form))
          out = out
            .split(form)
            .map((part, i) => (i === 0 ? part : this.hit(seq, where, rule, value) + part))
            .join('');
      }
    }
    if (this.c.hinted.test(out)) for (const rule of this.c.patterns) out = this.pattern(out, rule, seq, where);
    for (const rule of this.c.scans) out = this.scan(out, rule, seq, where);
    return out;
  }

  private scan(s: string, rule: ScanRule, seq: number, where: string): string {
    let out = '';
    let at = 0;
    for (const { start, end } of rule.scan(s)) {
      const secret = s.slice(start, end);
      if (start < at || secret.startsWith('«redacted:')) continue;
      out += s.slice(at, start) + this.hit(seq, where, rule.id, secret);
      at = end;
    }
    return at === 0 ? s : out + s.slice(at);
  }

  private pattern(s: string, rule: PatternRule, seq: number, where: string): string {
    rule.pattern.lastIndex = 0;
    return s.replace(rule.pattern, (...args) => {
      // args: the match, its groups (undefined when a group did not take part), offset, input.
      const m = args.slice(0, -2).map((x) => (typeof x === 'string' ? x : '')) as unknown as RegExpExecArray;
      if (rule.accept && !rule.accept(m)) return m[0];
      const label = rule.label ? rule.label(m) : rule.id;
      if (this.c.disabled.has(label)) return m[0];
      const secret = rule.secret ? rule.secret(m) : m.length > 1 ? m[m.length - 1] : m[0];
      if (!secret || secret.startsWith('«redacted:')) return m[0];
      const at = m[0].lastIndexOf(secret);
      return m[0].slice(0, at) + this.hit(seq, where, label, secret) + m[0].slice(at + secret.length);
    });
  }

  /** Walks transport metadata: secret headers by name (objects, [name, value] pairs, {name, value}
   *  entries), then every other string through the text rules. `key` is v's name in `where`: the
   *  path is joined only where it is used (a hit, a container walked into), not for every string. */
  meta(v: unknown, seq: number, where: string, key?: string | number): unknown {
    if (typeof v === 'string') return this.metaText(v, seq, where, key);
    if (typeof v !== 'object' || v === null) return v;
    const path = joinPath(where, key);
    if (Array.isArray(v)) {
      if (v.length === 2 && typeof v[0] === 'string' && this.secretHeader(v[0]) && typeof v[1] === 'string') {
        return [v[0], this.hit(seq, `${path}.${v[0]}`, v[0].toLowerCase(), v[1])];
      }
      // Copied only from the first element that changed: most metadata holds no secret, and is
      // handed back as it came.
      let out: unknown[] | undefined;
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        const y = this.meta(x, seq, path, i);
        if (out) out.push(y);
        else if (y !== x) (out = v.slice(0, i)).push(y);
      }
      return out ?? v;
    }
    const o = v as Record<string, unknown>;
    let out: Record<string, unknown> | undefined;
    const pairName = typeof o.name === 'string' && this.secretHeader(o.name) ? o.name : undefined;
    const keys = Object.keys(o);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const x = o[k];
      const header = this.secretHeader(k) ? k : k === 'value' ? pairName : undefined;
      const name = k === 'value' && pairName ? pairName : k;
      let y: unknown;
      if (header && typeof x === 'string') y = this.hit(seq, `${path}.${name}`, header.toLowerCase(), x);
      else if (header && Array.isArray(x)) y = x.map((s) => (typeof s === 'string' ? this.hit(seq, `${path}.${name}`, header.toLowerCase(), s) : s));
      else y = this.meta(x, seq, path, name);
      if (out) out[k] = y;
      else if (y !== x) {
        out = {};
        for (let j = 0; j < i; j++) out[keys[j]] = o[keys[j]];
        out[k] = y;
      }
    }
    return out ?? o;
  }

  private secretHeader(name: string): boolean {
    const n = name.toLowerCase();
    return (SECRET_HEADERS as readonly string[]).includes(n) && !this.c.disabled.has(n);
  }

  /** Custom JSON paths: the strings found are replaced where they occur in the raw text, so the
   *  rest of the text keeps its exact bytes (no re-serialisation). */
  paths(raw: string, seq: number): string {
    if (this.c.paths.length === 0) return raw;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return raw;
    }
    let out = raw;
    for (const { id, path } of this.c.paths) {
      for (const value of jsonPathStrings(json, path)) {
        const form = JSON.stringify(value).slice(1, -1);
        if (form && !form.startsWith('«redacted:') && out.includes(`"${form}"`)) {
          out = out.split(`"${form}"`).join(`"${this.hit(seq, `raw ${path}`, id, value)}"`);
        }
      }
    }
    return out;
  }
}

/**
 * A copy of a JSON-like value (a report, a trace header's target) with every string passed through
 * the same text rules as a frame's raw text. Maps and class instances are kept as they are.
 */
export function redactStrings<T>(value: T, opts: RedactOptions = {}, where = ''): { value: T; hits: RedactionHit[] } {
  const r = new Redactor(compile(opts));
  const walk = (v: unknown, path: string): unknown => {
    if (typeof v === 'string') return r.text(v, 0, path);
    if (Array.isArray(v)) return v.map((x, i) => walk(x, `${path}[${i}]`));
    if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, path ? `${path}.${k}` : k)]));
    }
    return v;
  };
  return { value: walk(value, where) as T, hits: r.hits };
}

/**
 * A copy of a JSON value (a tool's result, a server request's params, a session's summary) as its
 * JSON text would be after redaction: the same rules as a frame's raw text run on the value's JSON
 * text, so a field named like a secret (`"password": "…"`) is found as in a frame, which walking
 * its strings one by one would miss. Should a replacement ever leave text that does not parse, every
 * string is redacted on its own instead: the value keeps its shape and holds no secret either way.
 */
export function redactJson<T>(value: T, opts: RedactOptions = {}): T {
  const text = JSON.stringify(value);
  if (text === undefined) return value;
  const redacted = new Redactor(compile(opts)).text(text, 0, 'raw');
  if (redacted === text) return value;
  try {
    return JSON.parse(redacted) as T;
  } catch {
    return redactStrings(value, opts).value;
  }
}

export function redactFrames(frames: readonly Frame[], opts: RedactOptions = {}): RedactionResult {
  return redactWith(compile(opts), frames);
}

/** Redacts a trace batch by batch as it streams (`loupe check` of a long file): the rules are
 *  compiled once, and each batch's hits are dropped with it. */
export function frameRedactor(opts: RedactOptions = {}): (frames: readonly Frame[]) => Frame[] {
  const compiled = compile(opts);
  return (frames) => redactWith(compiled, frames).frames;
}

function redactWith(compiled: ReturnType<typeof compile>, frames: readonly Frame[]): RedactionResult {
  const r = new Redactor(compiled);
  const out = frames.map((f) => {
    const raw = r.text(r.paths(f.raw, f.seq), f.seq, 'raw');
    const meta = f.meta === undefined ? undefined : (r.meta(f.meta, f.seq, 'meta') as Frame['meta']);
    const copy: Frame = { ...f, raw };
    if (meta !== undefined) copy.meta = meta;
    // The exact bytes of an invalid-UTF-8 line would still hold the secret: drop them.
    if (raw !== f.raw && copy.rawBase64 !== undefined) delete copy.rawBase64;
    return copy;
  });
  return { frames: out, hits: r.hits, rules: compiled.rules };
}

/**
 * True when a trace's header says its frames went through every rule these options would run: a
 * file Loupe wrote redacted need not be redacted again to be quoted (`loupe check` of a recorded
 * trace). Built-in rules added since the file was written are not in its list, so it is redacted
 * again then; a file written with --no-redact has no note and always is.
 */
export function redactedBy(note: { rules: readonly string[] } | undefined, opts: RedactOptions = {}): boolean {
  if (note === undefined) return false;
  const ran = new Set(note.rules);
  return compile(opts).rules.every((rule) => ran.has(rule));
}

/** What an export will redact, frame by frame, without writing anything. */
export function previewRedaction(frames: readonly Frame[], opts: RedactOptions = {}): RedactionHit[] {
  return redactFrames(frames, opts).hits;
}
