/**
 * The `secret-assignment` rule: a secret written as text rather than as JSON, in a server's stderr,
 * a log notification's data or a form-encoded body: `token=…`, `access_token=…&token_type=…`,
 * `API_KEY=…`, `password: …`, `'password': '…'`, `--token=…`, `password="two words"`.
 *
 * Which names: those that END with a secret word (`access_token`, `GITHUB_TOKEN`, `apiKey`,
 * `client_secret`, `password`), so that `max_tokens=5`, `tokenizer: gpt2`, `password_policy: strict`,
 * `token_type=Bearer` (a type, not a token) and the protocol names secret-field.ts keeps
 * (`progressToken`) are not touched; prose without `=` or `:` right after the word ("password
 * policy", "the token is valid") never matches.
 *
 * Which values: the first word after `=` or `:` (up to white space, `&`, `,`, `;`, a quote or a
 * backslash, so that a form's next field and a JSON string's end are kept), or a quoted value
 * whole; after an authorization scheme (`authorization: Basic …`), the credential after it. Values that say something a person debugging needs and hide nothing (`null`, `undefined`,
 * `none`, `missing`, `true`, `false`, a mask such as `***` or `••••••`) are kept.
 *
 * A JSON key never matches here (it is followed by its closing quote): `"token": "…"` is the
 * secret-field scan's, so a JSON frame's hits keep that rule's name.
 *
 * Linear time: a match starts only at the start of a run of name characters (the lookbehind
 * refuses a start inside one), and from there the name grows one character at a time, each
 * extension tried against the secret words and then against the one character that must follow
 * them: each run is read a bounded number of times, whatever it holds. The protocol names kept
 * and the placeholder values are judged afterwards, in code.
 */
import { NOT_SECRET_FIELDS } from './secret-field';

/** The secret word a name must end with. */
const SECRET_SUFFIX = String.raw`(?:token|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|secret|password|passwd|credentials?|cookie|authorization|code_verifier|client_assertion)`;

/** An authorization scheme before the credential (`Authorization: Bearer …`): kept, as the
 *  header rules keep it. */
const SCHEME = String.raw`(?:bearer|basic|digest|dpop|token|negotiate)`;
const SCHEME_ONLY = new RegExp(`^${SCHEME}$`, 'i');

/** Values that carry no secret, and that say what went wrong when a credential was not set. */
const PLACEHOLDER = /^(?:null|nil|none|undefined|missing|unset|empty|true|false|\*+|•+|x{3,}|\.{3}|…)$/i;

const ENDS_SECRET = new RegExp(`${SECRET_SUFFIX}$`, 'i');

export function freeTextSecretName(name: string): boolean {
  const bare = name.replace(/^-+/, '');
  return ENDS_SECRET.test(bare) && !NOT_SECRET_FIELDS.has(bare.toLowerCase());
}

/**
 * Groups: 1 the name; 2 a double-quoted value (its quote maybe escaped, as inside a JSON string);
 * 3 a single-quoted value; 4 a bare value.
 */
export const SECRET_ASSIGNMENT = new RegExp(
  String.raw`(?<![A-Za-z0-9_.\-\\])'?([A-Za-z0-9_.-]*?${SECRET_SUFFIX})'?[ \t]*[=:][ \t]*(?:${SCHEME}[ \t]+)?(?:\\*"([^"\\\r\n]+)|'([^'\\\r\n]+)|([^\s"'\\&,;<>«=:][^\s"'\\&,;<>«]*))`,
  'gi',
);

export function assignedValue(m: RegExpExecArray): string {
  return m[2] || m[3] || m[4] || '';
}

export function acceptAssignment(m: RegExpExecArray): boolean {
  const value = assignedValue(m);
  return freeTextSecretName(m[1]) && value.trim() !== '' && !PLACEHOLDER.test(value.trim()) && !SCHEME_ONLY.test(value);
}
