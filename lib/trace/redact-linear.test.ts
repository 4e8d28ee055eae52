/**
 * Redaction on inputs built to make backtracking expressions go quadratic (or worse). Each case
 * asserts the exact output, with a real secret planted after the pathological run so that the
 * scan is seen to reach it. How fast is measured by scripts/bench/redaction.ts, not here.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { checkCustomRule, redactFrames, type RedactOptions } from './redact';
import { secretFieldValues, NOT_SECRET_FIELDS } from './secret-field';

const MB = 1_000_000;
const SECRET = 'zq-planted-secret-81d4';
const TAIL = `{"api_key":"${SECRET}"}`;
const REDACTED_TAIL = '{"api_key":"«redacted:secret-field»"}';

const repeat = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length));
const stderr = (raw: string): Frame => ({ seq: 1, ts: 0, dir: 's2c', lane: 'stderr', raw, size: raw.length });
const redact = (raw: string, opts?: RedactOptions) => redactFrames([stderr(raw)], opts).frames[0].raw;

/** The expression the scan replaced; quadratic, so only ever run on short text. */
const SECRET_FIELD = String.raw`[A-Za-z0-9_.-]*(?:api[_-]?key|apikey|token|password|passwd|secret|authorization|credential|private[_-]?key|access[_-]?key|cookie)[A-Za-z0-9_.-]*`;
function regexSecretFields(s: string): string[] {
  const re = new RegExp(String.raw`(\\*)"(${SECRET_FIELD})\1"\s*:\s*\1"([^"\\]+)`, 'gi');
  return [...s.matchAll(re)].filter((m) => !NOT_SECRET_FIELDS.has(m[2].toLowerCase())).map((m) => m[3]);
}

describe('redaction of pathological input (several MB)', () => {
  const runs: Array<[string, string]> = [
    ['backslashes', '\\'],
    ['double quotes', '"'],
    ['single quotes', "'"],
    ['spaces', ' '],
    ['a"token": repeated', 'a"token":'],
    ['escaped a\\"token\\": repeated', 'a\\"token\\":'],
    ['one long secret-looking name', 'token'],
    ['eyJ- repeated (JWT-like starts)', 'eyJ-'],
    ['&token repeated (URL-like parameters)', '&token'],
    ['token= ; repeated (assignments with no value)', 'token= ;'],
    ["'token': , repeated (quoted names with no value)", "'token': ,"],
    ['a name and spaces repeated', 'token    '],
    ['one long name ending in a secret word, then : and spaces', 'access_tokenx'],
    ['long base64', 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0NTY3ODkrLw=='],
  ];
  for (const [name, unit] of runs) {
    it(`${name}: the run is kept as it was and the secret after it is redacted`, () => {
      const run = repeat(unit, 3 * MB);
      // A newline ends the run, so that the secret after it is a JSON object of its own.
      // Compared without printing megabytes when it fails.
      const out = redact(`${run}\n${TAIL}`);
      expect(out.length).toBe(run.length + 1 + REDACTED_TAIL.length);
      expect(out.startsWith(run), 'the run is unchanged').toBe(true);
      expect(out.slice(run.length)).toBe(`\n${REDACTED_TAIL}`);
    });
  }

  it('a secret word run with nothing after it, then spaces, then an assignment', () => {
    const run = `${repeat('token', MB)}:${repeat(' ', MB)}`;
    expect(redact(`${run}\npassword=${SECRET}`) === `${run}\npassword=«redacted:secret-assignment»`).toBe(true);
  });

  it('many secret fields in a row, plain and escaped, are each redacted', () => {
    const plain = repeat('{"token":"v1"}', 2 * MB);
    expect(redact(plain) === plain.replaceAll('"v1"', '"«redacted:secret-field»"')).toBe(true);
    const escaped = repeat('\\"password\\": \\"v2\\", ', 2 * MB);
    expect(redact(escaped) === escaped.replaceAll('\\"v2\\"', '\\"«redacted:secret-field»\\"')).toBe(true);
  });

  it("a person's expression with nested quantifiers runs in linear time on the input that defeats backtracking", () => {
    const run = 'a'.repeat(3 * MB);
    // On a backtracking engine, (a+)+b against a long run of a's without a b never returns.
    expect(redact(`${run}!`, { custom: [{ id: 'nested', regex: '(a+)+b' }] }) === `${run}!`).toBe(true);
    expect(redact(`x ${run}b y`, { custom: [{ id: 'nested', regex: '(?:a+)+b' }] })).toBe('x «redacted:nested» y');
  });
});

describe('the secret-field scan', () => {
  it('finds what the regular expression it replaced found, on any short text', () => {
    const alphabet = fc.constantFrom('\\', '"', ':', ' ', 'a', 'token', 'api_key', 'progressToken', 'v', '.', '\n', '{', '}');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), (parts) => {
        const s = parts.join('');
        const scanned = [...secretFieldValues(s)].map(({ start, end }) => s.slice(start, end));
        expect(scanned).toEqual(regexSecretFields(s));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('custom rules', () => {
  it('refuses backreferences and lookaround with a message that says why', () => {
    expect(checkCustomRule({ regex: '(a)\\1' })).toMatch(/backreferences and lookaround are not supported/);
    expect(checkCustomRule({ regex: '(?<=key=)\\w+' })).toMatch(/backreferences and lookaround are not supported/);
    expect(checkCustomRule({ regex: 'x', flags: 'q' })).toMatch(/unknown flag 'q'/);
    expect(checkCustomRule({ regex: 'ACC-\\d+', flags: 'i' })).toBeUndefined();
  });

  it('redacts the last capture group when there is one, and honours the i flag', () => {
    expect(redact('key=ABC123 and KEY=def456', { custom: [{ id: 'k', regex: 'key=(\\w+)', flags: 'i' }] })).toBe('key=«redacted:k» and KEY=«redacted:k»');
    expect(redact('é😀 ACC-42 é', { custom: [{ id: 'acc', regex: 'ACC-\\d+' }] })).toBe('é😀 «redacted:acc» é');
  });
});
