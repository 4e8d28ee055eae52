/**
 * The `secret-field` rule as a hand-written scan: values of JSON fields named like secrets
 * (`"api_key": "…"`), also inside JSON escaped into a string (`\"token\": \"…\"`, at any depth of
 * escaping). A regular expression for this shape, `(\\*)"(NAME)\1"\s*:\s*\1"([^"\\]+)`, backtracks
 * quadratically on a run of backslashes or on one long name: a server that writes 150 KB of `\` to
 * stderr froze the proxy for 21 s. This scan reads each character a bounded number of times, so
 * it is linear in the input whatever the input is.
 */

export interface SecretSpan {
  /** The secret's first code unit and one past its last, in the scanned text. */
  start: number;
  end: number;
}

const BACKSLASH = 92;
const QUOTE = 34;
const COLON = 58;

const SECRET_NAME = /api[_-]?key|apikey|token|password|passwd|secret|authorization|credential|private[_-]?key|access[_-]?key|cookie/i;
/** Protocol fields that merely contain a secret-looking word. */
export const NOT_SECRET_FIELDS = new Set([
  'progresstoken',
  'maxtokens',
  'tokens',
  'tokencount',
  'totaltokens',
  // OAuth metadata and token responses: endpoint URLs and names, which debugging OAuth needs.
  'token_type',
  'token_endpoint',
  'authorization_endpoint',
  'authorization_servers',
  'token_endpoint_auth_method',
  'token_endpoint_auth_methods_supported',
  'token_endpoint_auth_signing_alg_values_supported',
  'revocation_endpoint',
  'introspection_endpoint',
  'authorization_response_iss_parameter_supported',
  'issued_token_type',
  'requested_token_type',
  'subject_token_type',
]);

/** [A-Za-z0-9_.-] */
function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45;
}

/** What `\s` matches in a JavaScript regular expression. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

export function secretFieldName(name: string): boolean {
  return SECRET_NAME.test(name) && !NOT_SECRET_FIELDS.has(name.toLowerCase());
}

function run(s: string, from: number, test: (c: number) => boolean): number {
  let i = from;
  while (i < s.length && test(s.charCodeAt(i))) i++;
  return i;
}

const isBackslash = (c: number) => c === BACKSLASH;
const isValueChar = (c: number) => c !== QUOTE && c !== BACKSLASH;

/**
 * The values of secret-named fields, in order, without overlaps. A field's closing quote and its
 * value's opening quote must carry the same escaping as its opening quote (a suffix of the
 * backslashes before it), as the regular expression above required.
 */
export function* secretFieldValues(s: string): Generator<SecretSpan> {
  // A secret field's name is in the text: without any, there is nothing to walk (most messages).
  if (!SECRET_NAME.test(s)) return;
  let from = 0;
  for (;;) {
    const open = s.indexOf('"', from);
    if (open < 0) return;
    // The backslashes before this quote all follow the previous quote: each is counted once.
    let escapes = 0;
    while (open - escapes - 1 >= from && s.charCodeAt(open - escapes - 1) === BACKSLASH) escapes++;
    const nameEnd = run(s, open + 1, isNameChar);
    if (nameEnd === open + 1) {
      from = open + 1;
      continue;
    }
    const close = run(s, nameEnd, isBackslash);
    const level = close - nameEnd;
    // The closing quote may open the next field (`"a"token":…`): the scan resumes at the
    // backslashes before it, so that they count as that quote's escaping.
    const next = nameEnd;
    if (level > escapes || s.charCodeAt(close) !== QUOTE || !secretFieldName(s.slice(open + 1, nameEnd))) {
      from = next;
      continue;
    }
    const colon = run(s, close + 1, isSpace);
    if (s.charCodeAt(colon) !== COLON) {
      from = next;
      continue;
    }
    const valueEscapes = run(s, colon + 1, isSpace);
    const valueQuote = run(s, valueEscapes, isBackslash);
    if (valueQuote - valueEscapes !== level || s.charCodeAt(valueQuote) !== QUOTE) {
      from = next;
      continue;
    }
    const end = run(s, valueQuote + 1, isValueChar);
    if (end === valueQuote + 1) {
      from = next;
      continue;
    }
    yield { start: valueQuote + 1, end };
    from = end;
  }
}
