/**
 * A person's own redaction expressions run on RE2JS, a linear-time engine (no backtracking), so
 * no expression a person types, and no text a server sends, can make a match take longer than a
 * pass over the text. What that costs: RE2 syntax, so backreferences (`\1`) and lookaround
 * (`(?=…)`, `(?<=…)`) are refused with a message saying so.
 */
import { RE2JS } from 're2js';
import type { SecretSpan } from './secret-field';

const FLAGS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL };
/** Accepted for compatibility with JavaScript's flags; they change nothing here. */
const NEUTRAL_FLAGS = new Set(['g', 'u', 'y', 'd']);

function compileRe2(source: string, flags = ''): RE2JS {
  let bits = 0;
  for (const f of flags) {
    if (FLAGS[f] !== undefined) bits |= FLAGS[f];
    else if (!NEUTRAL_FLAGS.has(f)) throw new Error(`unknown flag '${f}': custom rules take i, m and s`);
  }
  try {
    return RE2JS.compile(source, bits);
  } catch (e) {
    const hint = /\\[1-9]|\(\?<?[=!]/.test(source) ? ' (custom rules run on a linear-time engine: backreferences and lookaround are not supported)' : '';
    throw new Error(`invalid regular expression /${source}/: ${(e as Error).message}${hint}`);
  }
}

/** True when the expression can match nothing at all (it would then redact nothing useful). */
export function customRegexMatchesEmpty(source: string, flags?: string): boolean {
  return compileRe2(source, flags).matcher('').find();
}

/**
 * Compiles an expression into a scan; throws an Error whose message a person can act on. The
 * secret in a match is its last capture group when it has one (so a prefix can stay readable),
 * else the whole match; empty matches redact nothing.
 */
export function compileCustomRegex(source: string, flags?: string): (text: string) => Iterable<SecretSpan> {
  const re = compileRe2(source, flags);
  return function* scan(text: string) {
    const m = re.matcher(text);
    const group = m.groupCount();
    while (m.find()) {
      const start = m.start(group);
      const end = m.end(group);
      if (start >= 0 && end > start) yield { start, end };
    }
  };
}
