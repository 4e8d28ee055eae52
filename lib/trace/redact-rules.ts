/**
 * The built-in redaction rules. A pattern's secret is its last capture group when it has one
 * (so `Bearer ` or a field name stays readable), else the whole match.
 *
 * Every rule runs in time linear in its input, whatever a server writes: a pattern may start only
 * where its first token cannot continue a run it would also match (a word boundary or a
 * lookbehind), its repetitions are never nested, and the one shape no regular expression here can
 * match without backtracking, `secret-field`, is a hand-written scan (secret-field.ts).
 * scripts/bench/redaction.ts measures each rule on inputs built against it.
 */
import { secretFieldValues, type SecretSpan } from './secret-field';
import { SECRET_HEADER_NAMES } from '../mcp/secret-headers';
import { SECRET_ASSIGNMENT, acceptAssignment, assignedValue } from './secret-assignment';

export interface PatternRule {
  id: string;
  description: string;
  pattern: RegExp;
  /**
   * Found in every text the pattern matches (a cheap superset: a literal part of it), so that text
   * without any rule's hint skips every pattern: a message with no secret-like word in it, most of
   * them, costs one scan, not one a rule (redact.ts). redact-rules.test.ts checks each rule's
   * matches against its hint.
   */
  hint: RegExp;
  /** Refuses a match that only looks like a secret. */
  accept?: (m: RegExpExecArray) => boolean;
  /** The rule id to show for a match, when it depends on the match (a header's name). */
  label?: (m: RegExpExecArray) => string;
  /** The secret in a match, when it is not simply the last capture group (alternative groups). */
  secret?: (m: RegExpExecArray) => string;
}

/** A rule that finds its secrets by scanning rather than by a regular expression. */
export interface ScanRule {
  id: string;
  description: string;
  scan: (text: string) => Iterable<SecretSpan>;
}

/** Headers whose values are always secret, matched case-insensitively wherever headers appear:
 *  the same list the page masks in an HTTP exchange. */
export const SECRET_HEADERS = SECRET_HEADER_NAMES;

export const PATTERN_RULES: PatternRule[] = [
  {
    id: 'header-line',
    description: 'Authorization, Proxy-Authorization, Cookie, Set-Cookie, X-Api-Key and Api-Key header lines in raw HTTP text',
    pattern: /^((?:proxy-)?authorization|cookie|set-cookie|(?:x-)?api-key)[ \t]*:[ \t]*(\S.*?)\r?$/gim,
    hint: /authorization|cookie|api-key/i,
    label: (m) => m[1].toLowerCase(),
  },
  // A challenge (`WWW-Authenticate: Bearer resource_metadata="…"`, RFC 6750 §3) names its
  // parameters after the scheme: those are the OAuth chain's evidence, not a token.
  {
    id: 'bearer',
    description: 'Bearer tokens',
    pattern: /\b(Bearer)\s+(?!(?:realm|scope|error|error_description|error_uri|resource_metadata)\s*=)([A-Za-z0-9\-._~+/]{8,}=*)/gi,
    hint: /bearer/i,
  },
  { id: 'openai-key', description: 'sk-… API keys', pattern: /\bsk-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_-]{16,}/g, hint: /sk-/ },
  {
    id: 'github-token',
    description: 'GitHub tokens (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_)',
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g,
    hint: /gh[pousr]_|github_pat_/,
  },
  { id: 'slack-token', description: 'Slack tokens (xoxb-, xoxp-, …)', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, hint: /xox[abposr]-/ },
  { id: 'aws-access-key', description: 'AWS access key ids', pattern: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, hint: /AKIA|ASIA/ },
  // `-` is both a base64url character and a word boundary: starting only where no base64url run
  // goes on keeps `eyJ-eyJ-eyJ-…` from being scanned again from each `eyJ`.
  { id: 'jwt', description: 'JSON Web Tokens', pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g, hint: /eyJ/ },
  {
    // Token and registration requests carry their secrets as form fields, the first one with no `&`
    // before it: the code, the PKCE verifier, client secrets and assertions, refresh tokens.
    id: 'oauth-form-secret',
    description: 'OAuth form fields: code, code_verifier, client_secret, client_assertion, assertion, refresh_token, subject_token',
    pattern: /(?<![A-Za-z0-9_.-])(?:code|code_verifier|client_secret|client_assertion|assertion|refresh_token|subject_token|device_code)=([^&#\s"\\]+)/g,
    hint: /(?:code|code_verifier|secret|assertion|token)=/,
  },
  {
    id: 'url-secret-param',
    description: 'URL query parameters named like token, key, secret, password',
    pattern: /[?&](?:[A-Za-z0-9_-]*(?:token|api[_-]?key|apikey|secret|password|sig|signature|auth))=([^&#\s"\\]+)/gi,
    hint: /(?:token|key|secret|password|sig|signature|auth)=/i,
  },
  {
    // Last: what the rules above found keeps their names; this one takes what is left.
    id: 'secret-assignment',
    description: "text assignments to secret-looking names: token=…, API_KEY=…, password: …, 'secret': '…'",
    pattern: SECRET_ASSIGNMENT,
    hint: /(?:token|key|secret|password|passwd|credentials?|cookie|authorization|code_verifier|client_assertion)'?[ \t]*[=:]/i,
    accept: acceptAssignment,
    secret: assignedValue,
  },
];

export const SCAN_RULES: ScanRule[] = [
  {
    id: 'secret-field',
    description: 'values of JSON fields named like api_key, token, password, secret (also inside escaped JSON)',
    scan: secretFieldValues,
  },
];

/** Names of env variables whose values are treated as secrets. */
export function envNameLooksSecret(name: string): boolean {
  return /(token|secret|password|passwd|pwd|key|credential|auth|cookie|session|private)/i.test(name);
}

/** `env`, `header`, `url` and `arg` are the values taken from the connection (redaction-inputs.ts);
 *  each can be switched off as a group. */
export const CONNECTION_RULE_IDS = ['env', 'header', 'url', 'arg'];

export const BUILTIN_RULE_IDS: string[] = [...SECRET_HEADERS, ...PATTERN_RULES.map((r) => r.id), ...SCAN_RULES.map((r) => r.id), ...CONNECTION_RULE_IDS];
