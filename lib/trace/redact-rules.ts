/**
 * The built-in redaction rules. A pattern's secret is its last capture group when it has one
 * (so `Bearer ` or a field name stays readable), else the whole match.
 */

export interface PatternRule {
  id: string;
  description: string;
  pattern: RegExp;
  /** Refuses a match that only looks like a secret. */
  accept?: (m: RegExpExecArray) => boolean;
  /** The rule id to show for a match, when it depends on the match (a header's name). */
  label?: (m: RegExpExecArray) => string;
}

/** Headers whose values are always secret, matched case-insensitively wherever headers appear. */
export const SECRET_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'] as const;

/** JSON fields named like secrets; `progressToken` and friends are protocol data, not secrets. */
const SECRET_FIELD = String.raw`[A-Za-z0-9_.-]*(?:api[_-]?key|apikey|token|password|passwd|secret|authorization|credential|private[_-]?key|access[_-]?key|cookie)[A-Za-z0-9_.-]*`;
export const NOT_SECRET_FIELDS = new Set(['progresstoken', 'maxtokens', 'tokens', 'tokencount', 'totaltokens']);

export const PATTERN_RULES: PatternRule[] = [
  {
    id: 'header-line',
    description: 'Authorization, Proxy-Authorization, Cookie and Set-Cookie header lines in raw HTTP text',
    pattern: /^((?:proxy-)?authorization|cookie|set-cookie)[ \t]*:[ \t]*(\S.*?)\r?$/gim,
    label: (m) => m[1].toLowerCase(),
  },
  { id: 'bearer', description: 'Bearer tokens', pattern: /\b(Bearer)\s+([A-Za-z0-9\-._~+/]{8,}=*)/gi },
  { id: 'openai-key', description: 'sk-… API keys', pattern: /\bsk-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_-]{16,}/g },
  { id: 'github-token', description: 'GitHub tokens (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_)', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g },
  { id: 'slack-token', description: 'Slack tokens (xoxb-, xoxp-, …)', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { id: 'aws-access-key', description: 'AWS access key ids', pattern: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g },
  { id: 'jwt', description: 'JSON Web Tokens', pattern: /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g },
  {
    id: 'secret-field',
    description: 'values of JSON fields named like api_key, token, password, secret (also inside escaped JSON)',
    // (\\*) matches the escaping level of the opening quote so nested JSON in a string is covered.
    pattern: new RegExp(String.raw`(\\*)"(${SECRET_FIELD})\1"\s*:\s*\1"([^"\\]+)`, 'gi'),
    accept: (m) => !NOT_SECRET_FIELDS.has(m[2].toLowerCase()),
  },
  {
    id: 'url-secret-param',
    description: 'URL query parameters named like token, key, secret, password',
    pattern: /[?&](?:[A-Za-z0-9_-]*(?:token|api[_-]?key|apikey|secret|password|sig|signature|auth))=([^&#\s"\\]+)/gi,
  },
];

/** Names of env variables whose values are treated as secrets. */
export function envNameLooksSecret(name: string): boolean {
  return /(token|secret|password|passwd|pwd|key|credential|auth|cookie|session|private)/i.test(name);
}

export const BUILTIN_RULE_IDS: string[] = [...SECRET_HEADERS, ...PATTERN_RULES.map((r) => r.id), 'env'];
