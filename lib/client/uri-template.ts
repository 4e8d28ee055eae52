/**
 * RFC 6570 URI templates, levels 1 to 4, as resource templates use them: the variable names of a
 * template (to build a form) and the expansion of a template with the values the person typed.
 * A list value is a JS array; a composite (key/value) value is a plain object.
 *
 * Not the SDK's `UriTemplate` (@modelcontextprotocol/sdk/shared/uriTemplate.js): it expands 11 of
 * the 19 RFC 6570 section 3.2 examples in uri-template.test.ts. It has no `;` operator, no
 * `{var:3}` prefixes and no composite values, joins `{/a,b}` with commas, does not explode
 * `{?list*}`, and encodes `%20` again inside `{+path}`. A person filling a template must get the
 * URI the server's own expansion produces, so this one stays.
 */

export type TemplateValue = string | string[] | Record<string, string> | undefined;

interface VarSpec {
  name: string;
  explode: boolean;
  prefix?: number;
}

interface Operator {
  first: string;
  sep: string;
  named: boolean;
  ifEmpty: string;
  /** Reserved expansion (+ and #): reserved characters and pct-encoded triples pass through. */
  reserved: boolean;
}

const OPERATORS: Record<string, Operator> = {
  '': { first: '', sep: ',', named: false, ifEmpty: '', reserved: false },
  '+': { first: '', sep: ',', named: false, ifEmpty: '', reserved: true },
  '#': { first: '#', sep: ',', named: false, ifEmpty: '', reserved: true },
  '.': { first: '.', sep: '.', named: false, ifEmpty: '', reserved: false },
  '/': { first: '/', sep: '/', named: false, ifEmpty: '', reserved: false },
  ';': { first: ';', sep: ';', named: true, ifEmpty: '', reserved: false },
  '?': { first: '?', sep: '&', named: true, ifEmpty: '=', reserved: false },
  '&': { first: '&', sep: '&', named: true, ifEmpty: '=', reserved: false },
};

const EXPRESSION = /\{([^{}]*)\}/g;

function parseExpression(body: string): { op: Operator; vars: VarSpec[] } {
  const opChar = body[0] && '+#./;?&'.includes(body[0]) ? body[0] : '';
  const op = OPERATORS[opChar];
  const vars = body
    .slice(opChar.length)
    .split(',')
    .filter((v) => v.length > 0)
    .map((spec) => {
      const m = /^([^:*]+)(?::(\d+)|(\*))?$/.exec(spec);
      if (!m) return { name: spec, explode: false };
      return { name: m[1], explode: m[3] === '*', prefix: m[2] ? Number(m[2]) : undefined };
    });
  return { op, vars };
}

/** Every variable name in the template, in order, each once. */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(EXPRESSION)) {
    for (const v of parseExpression(m[1]).vars) if (!names.includes(v.name)) names.push(v.name);
  }
  return names;
}

function encode(s: string, reserved: boolean): string {
  // Unreserved characters stay; with `+`/`#` reserved ones and existing %XX triples stay too.
  const keep = reserved ? /[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2}/y : /[A-Za-z0-9\-._~]/y;
  let out = '';
  let i = 0;
  while (i < s.length) {
    keep.lastIndex = i;
    const m = keep.exec(s);
    if (m) {
      out += m[0];
      i += m[0].length;
      continue;
    }
    const cp = s.codePointAt(i) ?? 0;
    const ch = String.fromCodePoint(cp);
    out += encodeURIComponent(ch).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    i += ch.length;
  }
  return out;
}

function isDefined(v: TemplateValue): boolean {
  if (v === undefined) return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}

function expandVar(op: Operator, spec: VarSpec, value: TemplateValue): string {
  const enc = (s: string) => encode(s, op.reserved);
  const named = (k: string, s: string) => (op.named ? (s === '' ? `${k}${op.ifEmpty}` : `${k}=${s}`) : s);
  if (typeof value === 'string') {
    const v = spec.prefix !== undefined ? [...value].slice(0, spec.prefix).join('') : value;
    return named(enc(spec.name), enc(v));
  }
  const pairs: [string, string][] = Array.isArray(value) ? value.map((v) => ['', v]) : Object.entries(value ?? {});
  const isList = Array.isArray(value);
  if (spec.explode) {
    return pairs
      .map(([k, v]) =>
        isList ? named(enc(spec.name), enc(v)) : op.named ? (v === '' ? `${enc(k)}${op.ifEmpty}` : `${enc(k)}=${enc(v)}`) : `${enc(k)}=${enc(v)}`,
      )
      .join(op.sep);
  }
  const joined = pairs.map(([k, v]) => (isList ? enc(v) : `${enc(k)},${enc(v)}`)).join(',');
  return named(enc(spec.name), joined);
}

/** Expands the template; undefined or empty values vanish as RFC 6570 says. */
export function expandTemplate(template: string, values: Record<string, TemplateValue>): string {
  return template.replace(EXPRESSION, (_m, body: string) => {
    const { op, vars } = parseExpression(body);
    const parts = vars.filter((v) => isDefined(values[v.name])).map((v) => expandVar(op, v, values[v.name]));
    return parts.length ? op.first + parts.join(op.sep) : '';
  });
}
